#!/usr/bin/env bash
# Builds and runs the search benchmarks: PUCT and Gumbel simulations per second with the
# uniform evaluator (search overhead alone, one core), alpha-beta nodes per second, then a
# strength table: every baseline against every other over 40 games (20 pairs of seeded
# openings, colours swapped) at modest budgets. Set GAMES or THREADS to change the table's size.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh >/dev/null
scripts/build.sh >/dev/null
positions="${1:-tests/data/vectors/bench_positions.txt}"
build/benchmarks/search_bench "$positions"

games="${GAMES:-40}"
threads="${THREADS:-$(nproc)}"
players=(random greedy alphabeta:depth=2 rollout:sims=100 "mcts:sims=100,eval=rollout")
echo
echo "strength table: row player's score against column player, $games games each (openings of 4 plies)"
printf '%-28s' ""
for p in "${players[@]}"; do printf '%-28s' "$p"; done
echo
for a in "${players[@]}"; do
  printf '%-28s' "$a"
  for b in "${players[@]}"; do
    if [ "$a" = "$b" ]; then
      printf '%-28s' "-"
      continue
    fi
    json=$(build/cli/camelot match --white "$a" --black "$b" --games "$games" --opening-plies 4 \
      --seed 7 --threads "$threads" --json 2>/dev/null)
    score=$(echo "$json" | sed -E 's/.*"score":([0-9.]+).*/\1/')
    record=$(echo "$json" | sed -E 's/.*"wins":([0-9]+),"draws":([0-9]+),"losses":([0-9]+).*/+\1 =\2 -\3/')
    printf '%-28s' "$(printf '%.3f (%s)' "$score" "$record")"
  done
  echo
done
