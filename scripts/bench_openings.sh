#!/usr/bin/env bash
# Builds the program and measures the opening database's import on one core: 10,000 games of
# random play (4 random opening plies, at most 120 plies, `camelot match`) imported into a new
# database, printing `openings import: N games/s` (goal: 5,000, i.e. 10,000 games under 2 s).
# Stop any training run first.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh >/dev/null
scripts/build.sh >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
build/cli/camelot match --white random --black random --games 10000 --openings 4 \
  --max-plies 120 --out "$work/games" >/dev/null 2>&1
build/cli/camelot openings import "$work/games.db" "$work/games" 2>/dev/null
