#!/usr/bin/env bash
# Runs `make STEP` for each STEP in turn and prints, after each and in a table at the end, its
# wall-clock time, the CPU time of everything it ran (user + sys: compilers, tests, servers) and
# the load average when it ended. `make test` goes through it, so that a slow CI run says which
# step is slow (docs/performance.md, "Test suite"). A STEP written A+B runs make A and make B at
# the same time (B's output is shown when B ends); the next STEP starts when both have ended.
# Stops after the first STEP that fails.
#   scripts/timed-steps.sh MAKE STEP...
set -uo pipefail
make_cmd=${1:?make command}
shift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
TIMEFORMAT='%R %U %S'
print_table() {
  echo "== make test steps (wall s, user s, sys s, load average after; A+B ran at once):"
  awk '{ printf "==   %-14s %8.1f %8.1f %7.1f   %s %s %s\n", $1, $2, $3, $4, $5, $6, $7;
         u += $3; s += $4 }
       END { printf "==   %-14s %8s %8.1f %7.1f\n", "total CPU", "", u, s }' "$work/summary"
  echo "== wall clock of all steps: $(($(date +%s) - start)) s"
}
# make STEP with its times in $work/STEP.times; returns make's exit status.
timed_make() {
  { time "$make_cmd" --no-print-directory "$1" 2>&3; } 3>&2 2>"$work/$1.times"
}
start=$(date +%s)
for group in "$@"; do
  IFS=+ read -r -a steps <<<"$group"
  pids=()
  for ((i = 1; i < ${#steps[@]}; i++)); do
    timed_make "${steps[$i]}" >"$work/${steps[$i]}.log" 2>&1 &
    pids+=($!)
  done
  failed=()
  timed_make "${steps[0]}" || failed+=("${steps[0]}")
  for ((i = 1; i < ${#steps[@]}; i++)); do
    wait "${pids[$((i - 1))]}" || failed+=("${steps[$i]}")
    echo "== output of ${steps[$i]} (ran beside ${steps[0]}):"
    cat "$work/${steps[$i]}.log"
  done
  load=$(cut -d' ' -f1-3 /proc/loadavg)
  for step in "${steps[@]}"; do
    read -r wall user sys <"$work/$step.times"
    [ ${#steps[@]} -gt 1 ] && name="$step+" || name=$step
    echo "$name $wall $user $sys $load" >>"$work/summary"
    echo "== step $name: ${wall} s wall, ${user} s user, ${sys} s sys (load $load)"
  done
  if [ ${#failed[@]} -gt 0 ]; then
    print_table
    echo "== failed: ${failed[*]}" >&2
    exit 1
  fi
done
print_table
