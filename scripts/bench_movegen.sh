#!/usr/bin/env bash
# Builds and runs the move generator benchmark (single-threaded): perft(4) from the start with
# and without bulk counting, moves generated per second over tests/data/vectors/bench_positions.txt,
# and random full games per second; then `camelot perft 1` as a whole process, the best of 5
# (goal: under 20 ms; the program loads no LibTorch for it).
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh >/dev/null
scripts/build.sh >/dev/null
positions="${1:-tests/data/vectors/bench_positions.txt}"
build/benchmarks/movegen_bench "$positions"
best=""
for _ in 1 2 3 4 5; do
  start=$(date +%s%N)
  build/cli/camelot perft 1 >/dev/null
  elapsed=$(( ($(date +%s%N) - start) / 1000 ))
  if [ -z "$best" ] || [ "$elapsed" -lt "$best" ]; then best=$elapsed; fi
done
printf 'camelot perft 1 (whole process, best of 5): %d.%03d ms\n' $((best / 1000)) $((best % 1000))
