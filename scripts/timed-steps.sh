#!/usr/bin/env bash
# Runs `make STEP` for each STEP in turn and prints, after each and in a table at the end, its
# wall-clock time, the CPU time of everything it ran (user + sys: compilers, tests, servers) and
# the load average when it ended. `make test` goes through it, so that a slow CI run says which
# step is slow (docs/performance.md, "Test suite"). Stops at the first step that fails.
#   scripts/timed-steps.sh MAKE STEP...
set -uo pipefail
make_cmd=${1:?make command}
shift
summary=$(mktemp)
trap 'rm -f "$summary"' EXIT
TIMEFORMAT='%R %U %S'
print_table() {
  echo "== make test steps (wall s, user s, sys s, load average after):"
  awk '{ printf "==   %-14s %8.1f %8.1f %7.1f   %s %s %s\n", $1, $2, $3, $4, $5, $6, $7;
         w += $2; u += $3; s += $4 }
       END { printf "==   %-14s %8.1f %8.1f %7.1f\n", "total", w, u, s }' "$summary"
}
for step in "$@"; do
  times_file=$(mktemp)
  { time "$make_cmd" --no-print-directory "$step" 2>&3; } 3>&2 2>"$times_file"
  status=$?
  read -r wall user sys <"$times_file"
  rm -f "$times_file"
  load=$(cut -d' ' -f1-3 /proc/loadavg)
  echo "$step $wall $user $sys $load" >>"$summary"
  echo "== step $step: ${wall} s wall, ${user} s user, ${sys} s sys (load $load)"
  if [ "$status" -ne 0 ]; then
    print_table
    echo "== step $step failed (exit $status)" >&2
    exit "$status"
  fi
done
print_table
