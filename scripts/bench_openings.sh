#!/usr/bin/env bash
# Builds the program and measures the opening database's import on one core, on 10,000 games
# of each of two kinds, each imported into a new database:
#   - self-play-like games: the shipped network with 2 Gumbel simulations a move (as self-play
#     plays, ~100 plies), 4 random opening plies; what importing a training run reads;
#   - random games (4 random opening plies, at most 120 plies): long capture chains on every
#     other move, the move generator's worst case.
# Prints `openings import: N games/s` for each (goal: 5,000, i.e. 10,000 games under 2 s).
# Stop any training run first.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh >/dev/null
scripts/build.sh >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
net="net:networks/camelotzero.ckpt,search=gumbel,sims=2"
build/cli/camelot match --white "$net" --black "$net" --games 10000 --opening-plies 4 \
  --max-plies 300 --threads "$(nproc)" --out "$work/network" >/dev/null 2>&1
build/cli/camelot match --white random --black random --games 10000 --opening-plies 4 \
  --max-plies 120 --out "$work/random" >/dev/null 2>&1
for kind in network random; do
  echo "$kind games:"
  build/cli/camelot openings import "$work/$kind.db" "$work/$kind" 2>/dev/null
done
