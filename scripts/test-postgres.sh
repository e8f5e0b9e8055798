#!/usr/bin/env bash
# Runs the server tests against a real PostgreSQL: installs Debian's postgresql if missing,
# starts a throwaway cluster in a temporary directory (as the postgres user when run as root;
# Unix socket only, no TCP), runs the storage, API, hidden-information and multi-process tests
# there, then stops and removes the cluster.
# Usage: scripts/test-postgres.sh [BUILD_DIR]   (default: build)
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build}"
tests="$build/pacwar_tests"
[ -x "$tests" ] || { echo "test-postgres: $tests not built (run make build)" >&2; exit 2; }

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  echo "test-postgres: installing postgresql"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql </dev/null >/dev/null
fi
bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"

dir="$(mktemp -d /tmp/pacwar-pg-XXXXXX)"
chmod 755 "$dir"
as_owner=()
if [ "$(id -u)" -eq 0 ]; then
  chown postgres:postgres "$dir"
  as_owner=(runuser -u postgres --)
fi
user="$(if [ "$(id -u)" -eq 0 ]; then echo postgres; else id -un; fi)"
port=$(( 20000 + RANDOM % 20000 ))

cleanup() {
  "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" stop -m immediate >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT

"${as_owner[@]}" "$bin/initdb" -D "$dir/data" -A trust -U "$user" -E UTF8 >/dev/null
"${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
  -o "-k $dir -c listen_addresses='' -p $port -c max_connections=200 -c fsync=off" start >/dev/null
# (fsync=off: the cluster is thrown away; the tests kill the pacwar server, never PostgreSQL.)
"${as_owner[@]}" "$bin/createdb" -h "$dir" -p "$port" -U "$user" pacwar_test

export PACWAR_TEST_POSTGRES="postgresql:///pacwar_test?host=$dir&port=$port&user=$user"
echo "test-postgres: PostgreSQL $("$bin/postgres" --version | awk '{print $3}') at $dir (port $port)"
"$tests" --gtest_filter='ChangeNotices*:NoticedGames*:StatementsSentLater*:ServerApi*:HiddenInformation*:ServerProcess*:Security*:HiddenEverywhere*:Notices*:ServerPlatform*:ServerSchema*:RulesRepair*:MetricsServer*:AgentQueue*' --gtest_brief=1

# Backups (docs/deploy.md, "Backups and upgrades"): pg_dump of the tests' database, pg_restore
# into a new one; the games and the schema version must come back.
pg() { "${as_owner[@]}" "$bin/$1" -h "$dir" -p "$port" -U "$user" "${@:2}"; }
count="SELECT (SELECT COUNT(*) FROM games) || ' games, schema version ' || (SELECT MAX(version) FROM schema_version)"
pg pg_dump --format=custom --file="$dir/pacwar.dump" pacwar_test
pg createdb pacwar_restored
pg pg_restore --no-owner --dbname=pacwar_restored "$dir/pacwar.dump"
before="$(pg psql -tA -d pacwar_test -c "$count")"
after="$(pg psql -tA -d pacwar_restored -c "$count")"
[ "$before" = "$after" ] || { echo "test-postgres: pg_dump round trip: $before, restored $after" >&2; exit 1; }
echo "test-postgres: pg_dump / pg_restore round trip: $after"

