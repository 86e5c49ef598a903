#!/usr/bin/env python3
"""Prints a training run's strength against its fixed opponents by stretch of elapsed time.

Usage: scripts/elo_by_hour.py RUN_DIR [--window MINUTES] [--continues RUN_DIR] [--plot FILE.png]

Reads RUN_DIR/metrics.csv (each generation's elapsed seconds and positions) and
RUN_DIR/results.csv (the evaluation games, generation networks named gen-N). For each window
of elapsed time (default 15 minutes) and each fixed opponent (every player not named gen-N),
it pools the games of the generations that ended in the window and prints wins-draws-losses,
the score and the Elo difference with its 95% interval (from the per-game variance, as
`camelot match`), with the positions self-play had made by the window's end. --plot also draws
each opponent's Elo with its interval against hours and against positions (needs Debian's
python3-matplotlib); an infinite Elo is left out. --continues names the run whose network RUN_DIR
started from (`camelot train --init`): its hours and positions are counted first.
"""

import argparse
import csv
import math
import os
import re

GENERATION = re.compile(r"^gen-(\d+)$")


def elo(score):
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def interval(points):
    """Elo of the mean of `points` (1, 0.5, 0 a game) with its 95% interval."""
    n = len(points)
    mean = sum(points) / n
    variance = sum((p - mean) ** 2 for p in points) / n
    margin = 1.96 * math.sqrt(variance / n)
    return elo(mean), elo(max(mean - margin, 0.0)), elo(min(mean + margin, 1.0))


def text(value):
    return "inf" if value == math.inf else "-inf" if value == -math.inf else f"{value:+.0f}"


def read_metrics(run_dir, seconds_before, positions_before):
    """Each generation's end in elapsed seconds and the positions made by then."""
    ended, positions = {}, {}
    total = positions_before
    with open(os.path.join(run_dir, "metrics.csv"), newline="") as f:
        for row in csv.DictReader(f):
            generation = int(row["generation"])
            ended[generation] = seconds_before + float(row["elapsed_seconds"])
            total += int(row["positions"] or 0)
            positions[generation] = total
    return ended, positions


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("run_dir")
    parser.add_argument("--window", type=float, default=15.0, help="minutes a row")
    parser.add_argument("--continues", metavar="RUN_DIR",
                        help="the run whose network this one started from (--init)")
    parser.add_argument("--plot", help="also draw Elo against hours and positions to this PNG")
    args = parser.parse_args()

    before_seconds, before_positions = 0.0, 0
    if args.continues:
        ended_before, positions_before = read_metrics(args.continues, 0.0, 0)
        before_seconds = max(ended_before.values())
        before_positions = max(positions_before.values())
    ended, positions = read_metrics(args.run_dir, before_seconds, before_positions)

    games = {}  # (window, opponent) -> points of the network
    with open(os.path.join(args.run_dir, "results.csv"), newline="") as f:
        for row in csv.DictReader(f):
            white, black = GENERATION.match(row["white"]), GENERATION.match(row["black"])
            if bool(white) == bool(black):
                continue  # between two generations, or between two fixed players
            generation = int((white or black).group(1))
            if generation not in ended:
                continue
            opponent = row["black"] if white else row["white"]
            white_points = {"1-0": 1.0, "0-1": 0.0}.get(row["result"], 0.5)
            points = white_points if white else 1.0 - white_points
            window = int(ended[generation] // (args.window * 60.0))
            games.setdefault((window, opponent), []).append(points)

    last = {}
    for generation, seconds in ended.items():
        window = int(seconds // (args.window * 60.0))
        last[window] = max(last.get(window, 0), generation)
    rows = []  # (window, opponent, rating, low, high)
    print(f"{'minutes':>9} {'positions':>10} {'opponent':<20} {'games':>5} {'W-D-L':>9} "
          f"{'score':>6} {'Elo':>6}  95% interval")
    for (window, opponent), points in sorted(games.items()):
        wins, draws = points.count(1.0), points.count(0.5)
        losses = len(points) - wins - draws
        rating, low, high = interval(points)
        rows.append((window, opponent, rating, low, high))
        span = f"{window * args.window:.0f}-{(window + 1) * args.window:.0f}"
        print(f"{span:>9} {positions[last[window]]:>10} {opponent:<20} {len(points):>5} "
              f"{f'{wins}-{draws}-{losses}':>9} {sum(points) / len(points):>6.3f} "
              f"{text(rating):>6}  [{text(low)}, {text(high)}]")

    if args.plot:
        plot(rows, args.window, {w: positions[g] for w, g in last.items()}, args.plot)


def elo_axes(width):
    """A figure of two panels, Elo against hours above and against positions below."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt.subplots(2, 1, figsize=(width, 8))


def error_bars(ax, xs, rows, **style):
    """Draws (rating, low, high) rows at xs; an infinite end of an interval at the plot's edge."""
    ratings = [r[0] for r in rows]
    below = [r[0] - r[1] if math.isfinite(r[1]) else 400.0 for r in rows]
    above = [r[2] - r[0] if math.isfinite(r[2]) else 400.0 for r in rows]
    ax.errorbar(xs, ratings, yerr=[below, above], capsize=3, **style)


def save_elo_axes(fig, axes, hours_label, positions_label, out, **legend):
    for ax, label in zip(axes, (hours_label, positions_label)):
        ax.set_xlabel(label)
        ax.set_ylabel("Elo against the opponent (95%)")
        ax.axhline(0.0, color="grey", linewidth=0.8)
        ax.grid(True, alpha=0.3)
        ax.legend(**legend)
    fig.tight_layout()
    fig.savefig(out, dpi=100)
    print(f"wrote {out}")


def plot(rows, window_minutes, positions_by_window, out):
    fig, (by_hours, by_positions) = elo_axes(9)
    for opponent in sorted({r[1] for r in rows}):
        mine = [r for r in rows if r[1] == opponent and math.isfinite(r[2])]
        if not mine:
            continue
        hours = [(r[0] + 0.5) * window_minutes / 60.0 for r in mine]
        millions = [positions_by_window[r[0]] / 1e6 for r in mine]
        for ax, xs in ((by_hours, hours), (by_positions, millions)):
            error_bars(ax, xs, [r[2:] for r in mine], marker="o", label=opponent)
    save_elo_axes(fig, (by_hours, by_positions), "elapsed hours (middle of the window)",
                  "self-play positions (millions, at the window's end)", out)


if __name__ == "__main__":
    main()
