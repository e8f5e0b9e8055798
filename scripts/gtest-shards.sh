#!/usr/bin/env bash
# Runs a googletest binary as SHARDS processes at once (GTEST_TOTAL_SHARDS/GTEST_SHARD_INDEX:
# every test runs exactly once, in one of the shards) and prints each shard's output when it
# ends; fails if any shard fails. `make test-tsan` runs pacwar_tsan_tests this way on 2 cores.
#   scripts/gtest-shards.sh SHARDS BINARY [GTEST_ARGS...]
set -uo pipefail
shards=${1:?number of shards}
binary=${2:?test binary}
shift 2
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
pids=()
for ((i = 0; i < shards; i++)); do
  GTEST_TOTAL_SHARDS=$shards GTEST_SHARD_INDEX=$i "$binary" "$@" >"$logs/$i.log" 2>&1 &
  pids+=($!)
done
status=0
for ((i = 0; i < shards; i++)); do
  if wait "${pids[$i]}"; then
    echo "== shard $((i + 1))/$shards of $(basename "$binary"): passed"
    grep -E '^\[  PASSED  \]|^\[==========\] [0-9]+ tests' "$logs/$i.log" | tail -2
  else
    status=1
    echo "== shard $((i + 1))/$shards of $(basename "$binary"): FAILED" >&2
    cat "$logs/$i.log" >&2
  fi
done
exit "$status"
