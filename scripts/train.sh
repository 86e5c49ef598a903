#!/usr/bin/env bash
# The first command of a new user: installs what is missing, builds, and trains a network by
# self-play on the default config into runs/default. Interrupt it at any time (Ctrl-C); the same
# command resumes the run. Extra arguments go to `camelot train` (e.g. --hours 2,
# --config configs/tiny.toml --run-dir runs/tiny); its defaults are the run directory
# runs/default and, for a new run, configs/default.toml (a run resumes with its own config).
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh
scripts/build.sh
exec build/cli/camelot train "$@"
