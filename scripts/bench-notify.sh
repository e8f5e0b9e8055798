#!/usr/bin/env bash
# NOTIFY under heavy write load (issue 17, docs/deploy.md): how much a change's NOTIFY costs the
# committing transactions when many of them commit at once, with real listeners attached.
#
# A throwaway PostgreSQL cluster (fsync on, as in production) gets a games/actions pair of tables
# shaped like pacwar's; pgbench then runs a pacwar-like action commit (bump the game's version,
# append the action) from C concurrent clients, once without a notice and once with the one
# pg_notify per commit that src/server/db/store.cc sends, alternating, R rounds of T seconds each.
# Two `pacwar serve` processes LISTEN on the channel meanwhile (they receive every notice, as a
# cluster's servers do). Prints one line per run and a summary; the machine's load with it.
#
# Usage: scripts/bench-notify.sh [BUILD_DIR]   (default: build)
# Environment: NOTIFY_CLIENTS="1 8 32" NOTIFY_SECONDS=10 NOTIFY_ROUNDS=2
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build}"
pacwar="$build/pacwar"
[ -x "$pacwar" ] || { echo "bench-notify: $pacwar not built (run make build)" >&2; exit 2; }
clients="${NOTIFY_CLIENTS:-1 8 32}"
seconds="${NOTIFY_SECONDS:-10}"
rounds="${NOTIFY_ROUNDS:-2}"

bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)"
[ -n "$bin" ] || { echo "bench-notify: PostgreSQL is not installed (scripts/install-deps.sh)" >&2; exit 2; }
dir="$(mktemp -d /tmp/pacwar-notify-XXXXXX)"
chmod 755 "$dir"
as_owner=()
if [ "$(id -u)" -eq 0 ]; then
  chown postgres:postgres "$dir"
  as_owner=(runuser -u postgres --)
fi
user="$(if [ "$(id -u)" -eq 0 ]; then echo postgres; else id -un; fi)"
port=$(( 20000 + RANDOM % 20000 ))
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" stop -m immediate >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT

"${as_owner[@]}" "$bin/initdb" -D "$dir/data" -A trust -U "$user" -E UTF8 >/dev/null
"${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
  -o "-k $dir -c listen_addresses='' -p $port -c max_connections=200" start >/dev/null
"${as_owner[@]}" "$bin/createdb" -h "$dir" -p "$port" -U "$user" bench
psql=(psql -q -h "$dir" -p "$port" -U "$user" -d bench -v ON_ERROR_STOP=1)
"${psql[@]}" <<'SQL'
CREATE TABLE bench_games (id INTEGER PRIMARY KEY, version BIGINT NOT NULL, updated BIGINT NOT NULL);
CREATE TABLE bench_actions (game_id INTEGER NOT NULL, seq BIGINT NOT NULL, action TEXT NOT NULL,
                            PRIMARY KEY (game_id, seq));
INSERT INTO bench_games SELECT g, 0, 0 FROM generate_series(1, 1000) g;
SQL

# The listeners: two server processes on the same database (pg_listener.cc LISTENs at start).
url="postgresql:///bench?host=$dir&port=$port&user=$user"
for i in 1 2; do
  "$pacwar" serve --host 127.0.0.1 --port $(( port + i )) --db "$url" --ai-workers 0 --web web \
    >"$dir/serve-$i.log" 2>&1 &
  pids+=($!)
done
for _ in $(seq 50); do
  n=$("${psql[@]}" -At -c "SELECT count(*) FROM pg_stat_activity WHERE query LIKE 'LISTEN%'")
  [ "$n" -ge 2 ] && break
  sleep 0.2
done
echo "bench-notify: PostgreSQL $("$bin/postgres" --version | awk '{print $3}'), listeners: $n"

common='\set g random(1, 1000)
BEGIN;
UPDATE bench_games SET version = version + 1, updated = 1 WHERE id = :g;
INSERT INTO bench_actions SELECT :g, version, '"'"'pick Kumano'"'"' FROM bench_games WHERE id = :g;'
printf '%s\nEND;\n' "$common" >"$dir/plain.sql"
printf '%s\nSELECT pg_notify('"'"'pacwar_games'"'"', '"'"'{"game":"'"'"' || :g || '"'"'","version":1}'"'"');\nEND;\n' \
  "$common" >"$dir/notify.sql"
# The alternative: the notice sent after the commit, in a transaction of its own (no action is
# written there, so its commit needs no WAL flush while it holds the notify lock).
printf '%s\nEND;\nSELECT pg_notify('"'"'pacwar_games'"'"', '"'"'{"game":"'"'"' || :g || '"'"'","version":1}'"'"');\n' \
  "$common" >"$dir/after.sql"

declare -A tps lat
for c in $clients; do
  for r in $(seq "$rounds"); do
    for kind in plain notify after; do
      out=$(pgbench -n -h "$dir" -p "$port" -U "$user" -c "$c" -j $(( c < 2 ? 1 : 2 )) -T "$seconds" \
              -f "$dir/$kind.sql" bench 2>&1)
      t=$(awk '/^tps =/ {print $3}' <<<"$out")
      l=$(awk '/^latency average =/ {print $4}' <<<"$out")
      echo "clients $c round $r $kind: $t tps, latency $l ms (load $(cut -d' ' -f1-3 /proc/loadavg))"
      tps[$c,$kind]="${tps[$c,$kind]:-} $t"
      lat[$c,$kind]="${lat[$c,$kind]:-} $l"
    done
  done
done
queue=$("${psql[@]}" -At -c "SELECT pg_notification_queue_usage()")
echo "bench-notify: notification queue usage at the end: $queue"
for c in $clients; do
  python3 - "$c" "${tps[$c,plain]}" "${tps[$c,notify]}" "${tps[$c,after]}" \
    "${lat[$c,plain]}" "${lat[$c,notify]}" "${lat[$c,after]}" <<'PY'
import statistics, sys
c = sys.argv[1]
tp, tn, ta, lp, ln, la = ([float(x) for x in a.split()] for a in sys.argv[2:])
m = statistics.median
print(f"notify: clients {c}: {m(tp):.0f} tps without NOTIFY; {m(tn):.0f} notifying in the "
      f"transaction ({(m(tn) / m(tp) - 1) * 100:+.1f}%); {m(ta):.0f} notifying after the commit "
      f"({(m(ta) / m(tp) - 1) * 100:+.1f}%); latency {m(lp):.2f} / {m(ln):.2f} / {m(la):.2f} ms "
      f"(medians of the rounds)")
PY
done
