#!/usr/bin/env bash
# pacwar behind nginx with TLS, as deploy/nginx.conf sets it up: a throwaway self-signed
# certificate (openssl), nginx and `pacwar serve --trust-proxy --public-origin` on loopback ports,
# then a short game played through https with curl (sign-up, Secure cookie, headers, the
# cross-site check against the public origin, a move, the event stream unbuffered, the client
# address from X-Forwarded-For, the http -> https redirect). Installs nginx, openssl and curl
# with apt when missing.
#   scripts/test-nginx.sh [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
build=${1:-build}
bin="$root/$build/pacwar"

missing=()
[ -x /usr/sbin/nginx ] || missing+=(nginx)
command -v openssl >/dev/null 2>&1 || missing+=(openssl)
command -v curl >/dev/null 2>&1 || missing+=(curl)
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing: ${missing[*]}"
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq </dev/null
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" </dev/null
fi
[ -x "$bin" ] || { echo "test-nginx: $bin is missing; run 'make build' first" >&2; exit 1; }

tmp=$(mktemp -d /tmp/pacwar-nginx-XXXXXX)
pacwar_pid=""
nginx_started=""
# Running (a zombie waiting to be reaped counts as gone).
alive() { [ -r "/proc/$1/stat" ] && ! grep -q '^[0-9]* (.*) Z ' "/proc/$1/stat" 2>/dev/null; }
cleanup() {
  local status=$? started=() p
  # nginx's master and its workers, then pacwar: nothing this script started outlives it.
  if [ -n "$nginx_started" ] && [ -r "$tmp/nginx.pid" ]; then
    p=$(cat "$tmp/nginx.pid")
    started+=("$p" $(pgrep -P "$p" 2>/dev/null))
  fi
  [ -n "$pacwar_pid" ] && started+=("$pacwar_pid")
  [ -n "$nginx_started" ] && /usr/sbin/nginx -p "$tmp" -c "$tmp/nginx.conf" -s stop 2>/dev/null || true
  [ -n "$pacwar_pid" ] && kill "$pacwar_pid" 2>/dev/null && wait "$pacwar_pid" 2>/dev/null || true
  local left=()
  for p in "${started[@]}"; do
    for _ in $(seq 50); do alive "$p" || break; sleep 0.1; done
    if alive "$p"; then kill -9 "$p" 2>/dev/null; left+=("$p"); fi
  done
  rm -rf "$tmp"
  if [ "${#left[@]}" -gt 0 ]; then
    echo "test-nginx: FAILED: still running after the run (killed now): ${left[*]}" >&2
    exit 1
  fi
  exit "$status"
}
trap cleanup EXIT
fail() { echo "test-nginx: FAILED: $*" >&2; exit 1; }

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
https_port=$(free_port)
http_port=$(free_port)
origin="https://localhost:$https_port"

openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=localhost \
  -addext "subjectAltName=DNS:localhost" -keyout "$tmp/key.pem" -out "$tmp/cert.pem" 2>/dev/null

"$bin" serve --host 127.0.0.1 --port 0 --db "sqlite:$tmp/pacwar.db" --web "$root/web" \
  --trust-proxy 127.0.0.1 --public-origin "$origin" --signups-per-hour 3 >"$tmp/pacwar.out" 2>&1 &
pacwar_pid=$!
for _ in $(seq 100); do grep -q "serving on" "$tmp/pacwar.out" && break; sleep 0.1; done
pacwar_port=$(sed -n 's/.*127\.0\.0\.1:\([0-9]*\).*/\1/p' "$tmp/pacwar.out" | head -1)
[ -n "$pacwar_port" ] || fail "pacwar did not start: $(cat "$tmp/pacwar.out")"

# deploy/nginx.conf with loopback ports, the throwaway certificate and this pacwar's port.
sed -e "s|listen 443 ssl http2;|listen 127.0.0.1:$https_port ssl http2;|" \
    -e "s|listen \[::\]:443 ssl http2;||" \
    -e "s|listen 80;|listen 127.0.0.1:$http_port;|" \
    -e "s|listen \[::\]:80;||" \
    -e "s|server_name pacwar.example.org;|server_name localhost;|" \
    -e "s|/etc/letsencrypt/live/pacwar.example.org/fullchain.pem|$tmp/cert.pem|" \
    -e "s|/etc/letsencrypt/live/pacwar.example.org/privkey.pem|$tmp/key.pem|" \
    -e "s|server 127.0.0.1:8080;|server 127.0.0.1:$pacwar_port;|" \
    deploy/nginx.conf >"$tmp/site.conf"
grep -q "$pacwar_port" "$tmp/site.conf" || fail "deploy/nginx.conf no longer has the lines this test replaces"
cat >"$tmp/nginx.conf" <<CONF
user $(id -un);
worker_processes 1;
pid $tmp/nginx.pid;
error_log $tmp/error.log;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  access_log $tmp/access.log;
  client_body_temp_path $tmp/body;
  proxy_temp_path $tmp/proxy;
  fastcgi_temp_path $tmp/fastcgi;
  uwsgi_temp_path $tmp/uwsgi;
  scgi_temp_path $tmp/scgi;
  include $tmp/site.conf;
}
CONF
/usr/sbin/nginx -p "$tmp" -c "$tmp/nginx.conf" -t -q || fail "nginx -t refused the configuration"
/usr/sbin/nginx -p "$tmp" -c "$tmp/nginx.conf"
nginx_started=1

curl_tls() { curl -sS --cacert "$tmp/cert.pem" --resolve "localhost:$https_port:127.0.0.1" "$@"; }
json_field() { python3 -c "import sys, json; print(json.load(sys.stdin)$1)"; }
H=(-H "Origin: $origin" -H "Content-Type: application/json")

# Plain http: a redirect to https.
code=$(curl -s -o /dev/null -w '%{http_code} %{redirect_url}' "http://127.0.0.1:$http_port/")
[[ "$code" == "301 https://"* ]] || fail "http did not redirect to https: $code"

# Sign up through TLS: a Secure cookie, the security headers and HSTS.
curl_tls -D "$tmp/h1" -c "$tmp/jar" -o "$tmp/b1" "${H[@]}" \
  -d '{"username":"alice_tls","password":"password123"}' "$origin/api/signup"
grep -qi '^HTTP/[0-9.]* 201' "$tmp/h1" || fail "sign-up: $(cat "$tmp/h1" "$tmp/b1")"
grep -qi '^set-cookie: pacwar_session=.*; Secure' "$tmp/h1" || fail "the cookie is not Secure"
grep -qi "^content-security-policy: default-src 'self'" "$tmp/h1" || fail "no CSP through nginx"
grep -qi '^strict-transport-security:' "$tmp/h1" || fail "no HSTS"

# A write from another origin is refused; the UI's page loads.
code=$(curl_tls -o /dev/null -w '%{http_code}' -b "$tmp/jar" -H "Origin: http://localhost:$https_port" \
  -H "Content-Type: application/json" -d '{}' "$origin/api/logout")
[ "$code" = 403 ] || fail "a write from another origin got $code, not 403"
curl_tls -o /dev/null -w '%{http_code}' "$origin/" | grep -q 200 || fail "no page at /"
# The operator's pages are not on the public site.
for page in metrics healthz; do
  code=$(curl_tls -o /dev/null -w '%{http_code}' "$origin/$page")
  [ "$code" = 404 ] || fail "/$page through nginx got $code, not 404"
done

# A game against the computer, its event stream (unbuffered: the first event arrives at once)
# and a move.
id=$(curl_tls -b "$tmp/jar" "${H[@]}" \
  -d '{"game":"pacific-war","seat":"japanese","options":[],"opponent":"random"}' \
  "$origin/api/games" | json_field '["id"]')
(curl_tls -N -b "$tmp/jar" --max-time 4 "$origin/api/games/$id/events" >"$tmp/events" 2>/dev/null || true) &
events_pid=$!
for _ in $(seq 200); do
  state=$(curl_tls -b "$tmp/jar" "$origin/api/games/$id")
  [ "$(echo "$state" | json_field '["your_turn"]')" = True ] && break
  sleep 0.05
done
action=$(echo "$state" | json_field '["legal"][0]["id"]')
version=$(echo "$state" | json_field '["version"]')
body=$(python3 -c "import json,sys; print(json.dumps({'action': sys.argv[1], 'version': int(sys.argv[2])}))" "$action" "$version")
after=$(curl_tls -b "$tmp/jar" "${H[@]}" -d "$body" "$origin/api/games/$id/actions")
[ "$(echo "$after" | json_field '["version"]')" -gt "$version" ] || fail "the move was not taken: $after"
wait "$events_pid" || true
grep -q '^event: update' "$tmp/events" || fail "no event came through the stream: $(head -c 300 "$tmp/events")"

# The client's address is nginx's view of it, whatever X-Forwarded-For the client sends: the
# sign-up limit (3 per hour here) counts them as one address.
for i in 1 2; do
  curl_tls -o /dev/null "${H[@]}" -H "X-Forwarded-For: 10.0.0.$i" \
    -d "{\"username\":\"spoof_$i\",\"password\":\"password123\"}" "$origin/api/signup"
done
code=$(curl_tls -o /dev/null -w '%{http_code}' "${H[@]}" -H "X-Forwarded-For: 10.0.0.9" \
  -d '{"username":"spoof_9","password":"password123"}' "$origin/api/signup")
[ "$code" = 429 ] || fail "a spoofed X-Forwarded-For escaped the sign-up limit ($code)"

echo "test-nginx: OK (nginx $(/usr/sbin/nginx -v 2>&1 | sed 's|.*/||'), TLS on 127.0.0.1:$https_port -> pacwar on :$pacwar_port)"
