#!/usr/bin/env python3
"""Plots how a training run's self-play opens over its generations.

Usage: scripts/plot_openings.py TREND.csv [--out FILE.png] [--top K]

TREND.csv is what `camelot openings trend RUN_DIR --csv TREND.csv` writes (first_generation,
last_generation, ply, move, games, share). Two stacked-area panels against the generation: the
share of each first move and of each second move among the games from the start position, the
K most played of the whole run by name (default 6), the rest as "other". Writes TREND.png
beside the CSV unless --out says otherwise. Needs Debian's python3-matplotlib.
"""

import argparse
import collections
import csv
import os
import sys


def read_trend(path):
    """{ply: {(first, last): {move: share}}} from the CSV."""
    trend = collections.defaultdict(dict)
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            key = (int(row["first_generation"]), int(row["last_generation"]))
            trend[int(row["ply"])].setdefault(key, {})[row["move"]] = float(row["share"])
    return trend


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("csv", help="the CSV of `camelot openings trend --csv`")
    parser.add_argument("--out", help="image to write (default: beside the CSV, .png)")
    parser.add_argument("--top", type=int, default=6, help="moves drawn by name per ply")
    args = parser.parse_args()
    try:
        trend = read_trend(args.csv)
    except (OSError, KeyError, ValueError) as e:
        sys.exit(f"plot_openings: {args.csv}: {e}")
    if not trend:
        sys.exit(f"plot_openings: {args.csv}: no rows")

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(len(trend), 1, figsize=(10, 4 * len(trend)), sharex=True)
    if len(trend) == 1:
        axes = [axes]
    for ax, ply in zip(axes, sorted(trend)):
        bins = sorted(trend[ply])
        totals = collections.Counter()
        for shares in trend[ply].values():
            totals.update(shares)
        top = [move for move, _ in totals.most_common(args.top)]
        x = [(first + last) / 2 for first, last in bins]
        layers = [[trend[ply][b].get(move, 0.0) for b in bins] for move in top]
        layers.append([sum(trend[ply][b].values()) - sum(trend[ply][b].get(m, 0.0) for m in top)
                       for b in bins])
        ax.stackplot(x, layers, labels=top + ["other"], alpha=0.85)
        ax.set_ylabel("share of games from the start")
        ax.set_ylim(0, 1)
        ax.set_title(("first" if ply == 1 else "second" if ply == 2 else f"ply {ply}") + " move")
        ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize="small")
    axes[-1].set_xlabel("generation")
    fig.tight_layout()
    out = args.out or os.path.splitext(args.csv)[0] + ".png"
    fig.savefig(out, dpi=100)
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
