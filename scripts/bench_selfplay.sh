#!/usr/bin/env bash
# Builds and runs the self-play benchmark: positions evaluated per second by self-play on the
# default config (or the config given) against the raw forward pass of the same network at the
# same batch size, measured in the same run. Stop any training run first: it shares the cores.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh >/dev/null
scripts/build.sh >/dev/null
exec build/benchmarks/selfplay_bench "$@"
