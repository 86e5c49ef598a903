#!/usr/bin/env bash
# Builds and measures the web app and the JSON analysis engine (issue 37's figures):
#   `play reply at full strength: N ms` from the move's request to the program's reply (the
#   1-second level, through /api/move and /api/legal as the play page asks them);
#   `first partial analysis line: N ms` from starting an analysis to its first lines;
#   `analysis queries a second at time_ms=100: N` with as many queries at once as cores
#   (camelot analysis on standard input and output).
# Prints the CPU model first. Stop any training run first: the figures are times.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh >/dev/null
scripts/build.sh >/dev/null
echo "CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores"
exec /usr/bin/python3 scripts/bench_web.py build/cli/camelot
