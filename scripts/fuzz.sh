#!/usr/bin/env bash
# Runs every libFuzzer target of fuzz/ (clang, ASan+UBSan: `make build-fuzz`, optimised, for
# `make fuzz`; build-asan/ for `make test-fuzz`) for
# SECONDS each, from the committed seed corpus fuzz/corpus/TARGET plus the inputs it found
# before (BUILD/fuzz-corpus/TARGET, where new ones go). Prints each target's final coverage
# (libFuzzer's cov: edges, ft: features) and execs; a crash leaves its input in
# BUILD/fuzz-crashes/ and makes the script fail. `make test` runs it for 30 s per target.
# FUZZ_JOBS targets run at the same time (default 1; `make test-fuzz` runs 2 on 2 cores): each
# target still gets its SECONDS, its own corpus, log and crash prefix.
#   scripts/fuzz.sh BUILD SECONDS [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:?build dir}
seconds=${2:?seconds per target}
shift 2
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  for f in fuzz/*.cc; do targets+=("$(basename "$f" .cc)"); done
fi
export PACWAR_DATA="$(pwd)/data"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}"
mkdir -p "$build/fuzz-crashes" "$build/fuzz-logs"
jobs=${FUZZ_JOBS:-1}
# One target: its result line, or its crash report and a nonzero exit.
run_target() {
  local t=$1
  local log="$build/fuzz-logs/$t.log"
  mkdir -p "$build/fuzz-corpus/$t"
  if "$build/fuzz_$t" -max_total_time="$seconds" -print_final_stats=1 -timeout=20 \
       -rss_limit_mb=4096 -max_len=65536 -artifact_prefix="$build/fuzz-crashes/$t-" \
       "$build/fuzz-corpus/$t" "fuzz/corpus/$t" >"$log" 2>&1; then
    grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -1 | sed "s/^/fuzz: $t: /" || true
  else
    echo "fuzz: $t FOUND A CRASH (see $log and $build/fuzz-crashes/):" >&2
    grep -E 'ERROR|SUMMARY|runtime error|fuzz:' "$log" | head -5 >&2 || true
    return 1
  fi
}
failed=()
pids=()
names=()
# Waits for the oldest running target and records it if it failed.
reap() {
  if ! wait "${pids[0]}"; then failed+=("${names[0]}"); fi
  pids=("${pids[@]:1}")
  names=("${names[@]:1}")
}
for t in "${targets[@]}"; do
  [ ${#pids[@]} -lt "$jobs" ] || reap
  echo "fuzz: $t for ${seconds}s"
  run_target "$t" &
  pids+=($!)
  names+=("$t")
done
while [ ${#pids[@]} -gt 0 ]; do reap; done
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: crashes in ${failed[*]}" >&2
  exit 1
fi
