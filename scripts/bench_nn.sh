#!/usr/bin/env bash
# Builds and runs the network benchmark: positions per second of the raw forward pass and of
# the search's NetEvaluator (encode + forward + decode) at batch sizes 1-256 with 1 and 2
# intra-op threads, and training samples per second at batch 256. Default net unless
# --blocks/--channels are given; --seconds sets the time per figure (default 2).
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh >/dev/null
scripts/build.sh >/dev/null
exec build/benchmarks/nn_bench "$@"
