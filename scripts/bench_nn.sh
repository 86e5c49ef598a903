#!/usr/bin/env bash
# Builds and runs the network benchmark for the config's network (configs/default.toml unless a
# config is given): `fast network: N positions/s on one core` at the self-play batch (and at batch
# 1 and 256, and the value alone as alpha-beta's leaves ask for it) and the training samples per
# second on every core; then the shipped network (--network FILE for another) as alpha-beta's
# judge: `alpha-beta with the network: N% of the nodes/s of the hand-written evaluation` (same
# positions, same depth, one core; its integer inference and its float one), the depth each
# reaches in 100 ms a move, and the cost of a leaf for accumulators of 256, 512 and 1,024; the
# shipped Grand network (--grand-network FILE for another) likewise as Grand alpha-beta's judge
# against the Grand hand-written evaluation; --resnet adds the residual net's table (raw forward
# pass and evaluator at batch 1-256 on 1 and 2 threads; --blocks/--channels size it). --seconds
# sets the time per figure (default 2); --node-rate prints the two networks' node-rate rows alone
# (a quick check of a change at the leaves; build/benchmarks/node_rate_bench prints the same rows
# from a program without LibTorch, for a host that has none). Stop any training run first.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh >/dev/null
scripts/build.sh >/dev/null
exec build/benchmarks/nn_bench "$@"
