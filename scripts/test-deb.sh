#!/usr/bin/env bash
# The Debian package, built and run from a throwaway root: `make deb`, lintian (any error, or a
# warning that packaging/lintian-overrides does not explain, fails), the files where Debian and
# the unit want them, the unit checked by systemd-analyze, then the package's own binary started
# from `dpkg -x` (never installed on this machine) with the package's config file (its port and
# database pointed at a temporary directory), the source tree hidden from it, and a short game
# played through the HTTP API with curl: sign-up, a game against the computer, a few moves.
# Installs lintian and curl with apt when missing.
#   scripts/test-deb.sh [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
src=$(pwd)
build=${1:-build}

missing=()
command -v lintian >/dev/null 2>&1 || missing+=(lintian)
command -v curl >/dev/null 2>&1 || missing+=(curl)
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing: ${missing[*]}"
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq </dev/null
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" </dev/null
fi

tmp=$(mktemp -d /tmp/pacwar-deb-XXXXXX)
pid=""
cleanup() {
  local status=$?
  if [ -n "$pid" ] && kill "$pid" 2>/dev/null; then wait "$pid" 2>/dev/null || true; fi
  rm -rf "$tmp"
  exit "$status"
}
trap cleanup EXIT
fail() { echo "test-deb: FAILED: $*" >&2; exit 1; }

# 1. The package.
make -s deb BUILD="$build" >"$tmp/make.out" 2>&1 || { cat "$tmp/make.out" >&2; fail "make deb"; }
debs=("$build"/pacwar_*.deb)
[ ${#debs[@]} -eq 1 ] && [ -f "${debs[0]}" ] || fail "not one package in $build: ${debs[*]}"
deb=${debs[0]}

# 2. lintian: errors and unexplained warnings fail; the informational tags are printed.
lintian -I --fail-on error,warning "$deb" 2> >(grep -v 'running with root privileges' >&2) ||
  fail "lintian (explain an expected tag in packaging/lintian-overrides)"

# 3. The files.
root=$tmp/root
dpkg -x "$deb" "$root"
dpkg-deb -e "$deb" "$tmp/control"
for f in usr/bin/pacwar lib/systemd/system/pacwar.service etc/pacwar/pacwar.conf \
  usr/share/pacwar/data/pacific-war/game.json usr/share/pacwar/data/server/ai_ratings.json \
  usr/share/pacwar/data/pacific-war/value_model.json usr/share/pacwar/data/witp/chit_cups.json \
  usr/share/pacwar/web/index.html usr/share/doc/pacwar/copyright usr/share/doc/pacwar/changelog.gz \
  usr/share/doc/pacwar/examples/nginx.conf usr/share/man/man1/pacwar.1.gz; do
  [ -f "$root/$f" ] || fail "the package has no /$f"
done
[ -z "$(find "$root/usr/share/pacwar" -name suite)" ] || fail "the test suites were packaged"
grep -qx /etc/pacwar/pacwar.conf "$tmp/control/conffiles" || fail "pacwar.conf is not a conffile"

# 4. The unit, with ExecStart pointed at the extracted binary (systemd-analyze checks that it
# is executable); skipped without systemd-analyze (Debian's systemd package).
if command -v systemd-analyze >/dev/null 2>&1; then
  sed "s|^ExecStart=/usr/bin/pacwar|ExecStart=$root/usr/bin/pacwar|" \
    "$root/lib/systemd/system/pacwar.service" >"$tmp/pacwar.service"
  systemd-analyze verify --man=no "$tmp/pacwar.service" >"$tmp/verify.out" 2>&1 ||
    fail "systemd-analyze verify: $(cat "$tmp/verify.out")"
  [ ! -s "$tmp/verify.out" ] || fail "systemd-analyze verify warns: $(cat "$tmp/verify.out")"
  unit_check="unit verified"
else
  unit_check="unit not verified (no systemd-analyze)"
fi

# 5. The binary runs from an empty working directory without PACWAR_DATA, and, where a private
# mount namespace is allowed (root), with an empty tmpfs over the source tree: it can only read
# the package's files.
bin=$root/usr/bin/pacwar
mkdir "$tmp/cwd"
cd "$tmp/cwd"
unset PACWAR_DATA
run=()  # the prefix of each command that runs the binary
if unshare -m --propagation private true 2>/dev/null; then
  run=(unshare -m --propagation private sh -c 'mount -t tmpfs -o size=1m none "$0" && exec "$@"' "$src")
  hidden="source tree hidden"
else
  hidden="source tree not hidden (no mount namespace)"
fi

# A bad config file stops it with a message naming the file and the option.
printf 'port = 0\ncolour = "blue"\n' >"$tmp/unknown.conf"
printf 'port = 99999\n' >"$tmp/range.conf"
for bad in unknown:"'colour' is not an option" range:"--port: Value 99999"; do
  file=$tmp/${bad%%:*}.conf
  set +e
  "${run[@]}" "$bin" serve --config "$file" >"$tmp/bad.out" 2>&1
  code=$?
  set -e
  [ "$code" = 2 ] && grep -qF -- "--config $file: ${bad#*:}" "$tmp/bad.out" ||
    fail "serve --config with a bad file: exit $code, $(cat "$tmp/bad.out")"
done

# The package's config file, port and database changed for the test; then every option it
# shows commented out taken as well (a check that each example value is accepted), but
# data-override (a file of the operator's) and the paths under /usr, which are the defaults.
sed -e 's|^port = 8080$|port = 0|' -e "s|^db = .*|db = \"sqlite:$tmp/pacwar.db\"|" \
  "$root/etc/pacwar/pacwar.conf" >"$tmp/pacwar.conf"
grep -q '^port = 0$' "$tmp/pacwar.conf" && grep -q "^db = \"sqlite:$tmp" "$tmp/pacwar.conf" ||
  fail "pacwar.conf no longer has the port and db lines this test replaces"
sed -E -e 's/^# ([a-z-]+ = )/\1/' -e '/^(data-override|web|ai-ratings) = /d' \
  "$tmp/pacwar.conf" >"$tmp/every.conf"

start() {  # start CONFIG: the server in the background; sets pid and port
  "${run[@]}" "$bin" serve --config "$1" >"$tmp/serve.out" 2>&1 &
  pid=$!
  for _ in $(seq 100); do
    grep -q "serving on" "$tmp/serve.out" && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  port=$(sed -n 's|.*serving on http://127\.0\.0\.1:\([0-9]*\)/.*|\1|p' "$tmp/serve.out")
  [ -n "$port" ] || fail "pacwar did not start with $1: $(cat "$tmp/serve.out")"
}
stop() {
  kill -TERM "$pid"
  local code=0
  wait "$pid" || code=$?
  pid=""
  [ "$code" = 0 ] && grep -q "server stopped" "$tmp/serve.out" ||
    fail "pacwar did not stop cleanly (exit $code): $(cat "$tmp/serve.out")"
}

start "$tmp/every.conf"
stop
start "$tmp/pacwar.conf"
grep -qF "game data from $root/usr/share/pacwar/data, web files from $root/usr/share/pacwar/web" \
  "$tmp/serve.out" || fail "not the package's data and web files: $(head -1 "$tmp/serve.out")"

# 6. A short game through the API.
base="http://127.0.0.1:$port"
json_field() { python3 -c "import sys, json; print(json.load(sys.stdin)$1)"; }
H=(-H "Content-Type: application/json")
curl -sS -o "$tmp/index.html" "$base/" || fail "no page at /"
cmp -s "$tmp/index.html" "$root/usr/share/pacwar/web/index.html" || fail "/ is not the package's index.html"
code=$(curl -sS -o "$tmp/signup" -w '%{http_code}' -c "$tmp/jar" "${H[@]}" \
  -d '{"username":"deb_admiral","password":"password123"}' "$base/api/signup")
[ "$code" = 201 ] || fail "sign-up: $code $(cat "$tmp/signup")"
id=$(curl -sS -b "$tmp/jar" "${H[@]}" \
  -d '{"game":"pacific-war","seat":"japanese","options":[],"opponent":"random"}' \
  "$base/api/games" | json_field '["id"]') || fail "no game created"
moves=0
for _ in $(seq 400); do
  state=$(curl -sS -b "$tmp/jar" "$base/api/games/$id")
  if [ "$(echo "$state" | json_field '["your_turn"]')" = True ]; then
    action=$(echo "$state" | json_field '["legal"][0]["id"]')
    version=$(echo "$state" | json_field '["version"]')
    body=$(python3 -c "import json,sys; print(json.dumps({'action': sys.argv[1], 'version': int(sys.argv[2])}))" "$action" "$version")
    after=$(curl -sS -b "$tmp/jar" "${H[@]}" -d "$body" "$base/api/games/$id/actions")
    [ "$(echo "$after" | json_field '["version"]')" -gt "$version" ] || fail "move '$action' not taken: $after"
    moves=$((moves + 1))
    [ "$moves" -ge 5 ] && break
  else
    sleep 0.05
  fi
done
[ "$moves" -ge 5 ] || fail "only $moves moves played in game $id"
stop
[ -s "$tmp/pacwar.db" ] || fail "no database at $tmp/pacwar.db"

echo "test-deb: OK ($(basename "$deb"), lintian clean but for packaging/lintian-overrides, $unit_check, $hidden; $moves moves of a game on :$port)"
