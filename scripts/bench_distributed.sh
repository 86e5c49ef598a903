#!/usr/bin/env bash
# The cost of MPI (docs/distributed.md): the same self-play, first in one process with W
# workers, then as mpirun -np W ranks of one worker each, both on the default config's network
# and search, for a few generations without evaluation games. Prints each one's self-play
# seconds and games per hour, the overhead of MPI, and the bytes a generation sends.
#
#   scripts/bench_distributed.sh [GAMES_PER_GENERATION] [GENERATIONS]   (default 128 2)
#
# W is the machine's core count. Stop any training run first: it shares the cores.
set -euo pipefail
cd "$(dirname "$0")/.."

games="${1:-256}"
generations="${2:-2}"
repeats="${3:-3}"
workers="$(nproc)"

scripts/setup.sh >/dev/null
scripts/build.sh >/dev/null
camelot="$PWD/build/cli/camelot"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# configs/default.toml with the bench's length, W or 1 workers, and no evaluation games.
config() {
  sed -e "s/^hours = .*/hours = 0.0/" -e "s/^generations = .*/generations = $generations/" \
    -e "s/^games_per_generation = .*/games_per_generation = $games/" \
    -e "s/^workers = .*/workers = $1/" \
    -e '/^\[evaluation\]/,/^\[/ s/^games = .*/games = 0/' configs/default.toml >"$2"
}
config "$workers" "$work/one.toml"
config 1 "$work/ranks.toml"

echo "bench_distributed: $games games a generation, $generations generations, $repeats times, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
for repeat in $(seq "$repeats"); do
  "$camelot" train --config "$work/one.toml" --run-dir "$work/one-$repeat" >/dev/null 2>&1
  OMPI_MCA_btl_vader_single_copy_mechanism=none mpirun --oversubscribe --allow-run-as-root \
    -np "$workers" "$camelot" train --config "$work/ranks.toml" --run-dir "$work/ranks-$repeat" \
    >/dev/null 2>&1
done

/usr/bin/python3 - "$work" "$workers" "$repeats" <<'PYTHON'
import csv, glob, os, statistics, sys
work, workers, repeats = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])

def selfplay(run):
    rows = list(csv.DictReader(open(os.path.join(work, run, "metrics.csv"))))
    seconds = sum(float(r["selfplay_seconds"]) for r in rows)
    games = sum(int(r["games"]) for r in rows)
    return seconds, games, len(rows)

ones = [selfplay(f"one-{r}") for r in range(1, repeats + 1)]
mpis = [selfplay(f"ranks-{r}") for r in range(1, repeats + 1)]
for r, (one, mpi) in enumerate(zip(ones, mpis), 1):
    print(f"  run {r}: one process {one[0]:.1f} s, mpirun {mpi[0]:.1f} s, "
          f"{100 * (mpi[0] - one[0]) / one[0]:+.1f}%")
one_s, one_g, gens = statistics.median(o[0] for o in ones), ones[0][1], ones[0][2]
mpi_s, mpi_g = statistics.median(m[0] for m in mpis), mpis[0][1]
print(f"one process, {workers} workers: {one_s:.1f} s of self-play (median), {3600 * one_g / one_s:.0f} games/hour")
print(f"mpirun -np {workers}, 1 worker each: {mpi_s:.1f} s of self-play (median), {3600 * mpi_g / mpi_s:.0f} games/hour")
overheads = [100 * (m[0] - o[0]) / o[0] for o, m in zip(ones, mpis)]
print(f"overhead of MPI: {statistics.median(overheads):+.1f}% (the median run's)")
run = os.path.join(work, "ranks-1")
checkpoint = os.path.getsize(os.path.join(run, "checkpoints", "gen-000001.ckpt"))
chunks = sum(os.path.getsize(p) for p in glob.glob(os.path.join(run, "chunks", "*.chunk")))
records = sum(os.path.getsize(p) for p in glob.glob(os.path.join(run, "games", "*.jsonl")))
print(f"bytes a generation: network {checkpoint} to each of {workers - 1} ranks, "
      f"games back {(chunks + records) // gens} ({chunks // gens} chunk, {records // gens} record bytes)")
PYTHON
