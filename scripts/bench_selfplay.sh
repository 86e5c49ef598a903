#!/usr/bin/env bash
# Builds and runs the self-play benchmark: `selfplay: N simulations/s` on the default config (or
# the config given), and the network alone at the same batch size in the same run
# (`selfplay efficiency`). Stop any training run first: it shares the cores.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh >/dev/null
scripts/build.sh >/dev/null
exec build/benchmarks/selfplay_bench "$@"
