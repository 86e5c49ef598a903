#!/usr/bin/env bash
# Builds and runs the move generator benchmark (single-threaded): perft(4) from the start with
# and without bulk counting, moves generated per second over shared/vectors/bench_positions.txt,
# and random full games per second.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh >/dev/null
scripts/build.sh >/dev/null
positions="${1:-../shared/vectors/bench_positions.txt}"
exec build/benchmarks/movegen_bench "$positions"
