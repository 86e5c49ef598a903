#!/usr/bin/env python3
"""Prints networks' strength against fixed opponents from their gauntlets, by training time.

Usage: scripts/elo_by_network.py RUN:HOURS:POSITIONS:RESULTS_CSV... [--plot FILE.png]
                                 [--hours-label TEXT]

Each argument is one network: a name for the run it comes from (networks of one run are drawn
as one line), the hours of training that made it (wall-clock hours, or CPU-hours where runs
used different numbers of cores: say which with --hours-label), the training positions it had
seen (e.g. 2.50e6) and the results.csv of a gauntlet it played (`camelot arena --gauntlet
NET ... --out DIR` writes DIR/results.csv; the gauntlet's first player is the network). For
each network and opponent it prints wins-draws-losses, the score and the Elo difference with
its 95% interval (as scripts/elo_by_hour.py); --plot also draws each opponent's Elo against
hours and against positions (needs Debian's python3-matplotlib).
"""

import argparse
import csv
import math

from elo_by_hour import elo_axes, error_bars, interval, save_elo_axes, text


def network_points(results_csv):
    """{opponent: [points of the gauntlet's network, a game each]}."""
    with open(results_csv, newline="") as f:
        rows = list(csv.DictReader(f))
    if not rows:
        raise SystemExit(f"{results_csv}: no games")
    network = rows[0]["white"]
    points = {}
    for row in rows:
        if network not in (row["white"], row["black"]):
            continue
        white_points = {"1-0": 1.0, "0-1": 0.0}.get(row["result"], 0.5)
        mine = white_points if row["white"] == network else 1.0 - white_points
        opponent = row["black"] if row["white"] == network else row["white"]
        points.setdefault(opponent, []).append(mine)
    return points


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("networks", nargs="+", metavar="RUN:HOURS:POSITIONS:RESULTS_CSV")
    parser.add_argument("--plot", help="also draw Elo against hours and positions to this PNG")
    parser.add_argument("--hours-label", default="hours of training",
                        help="the plot's label for the HOURS axis (default: %(default)s)")
    args = parser.parse_args()

    rows = []  # (run, hours, positions, opponent, rating, low, high)
    print(f"{'run':<12} {'hours':>6} {'positions':>10} {'opponent':<20} {'games':>5} "
          f"{'W-D-L':>9} {'score':>6} {'Elo':>6}  95% interval")
    for spec in args.networks:
        try:
            run, hours, positions, results = spec.split(":", 3)
            hours, positions = float(hours), float(positions)
        except ValueError:
            raise SystemExit(f"{spec}: expected RUN:HOURS:POSITIONS:RESULTS_CSV")
        for opponent, points in sorted(network_points(results).items()):
            wins, draws = points.count(1.0), points.count(0.5)
            losses = len(points) - wins - draws
            rating, low, high = interval(points)
            rows.append((run, hours, positions, opponent, rating, low, high))
            print(f"{run:<12} {hours:>6.2f} {positions:>10.0f} {opponent:<20} {len(points):>5} "
                  f"{f'{wins}-{draws}-{losses}':>9} {sum(points) / len(points):>6.3f} "
                  f"{text(rating):>6}  [{text(low)}, {text(high)}]")
    if args.plot:
        plot(rows, args.plot, args.hours_label)


def plot(rows, out, hours_label):
    fig, (by_hours, by_positions) = elo_axes(13)
    opponents = sorted({r[3] for r in rows})
    runs = sorted({r[0] for r in rows})
    for opponent in opponents:
        for run in runs:
            mine = sorted((r for r in rows if r[0] == run and r[3] == opponent and
                           math.isfinite(r[4])), key=lambda r: r[1])
            if not mine:
                continue
            # One colour an opponent; with a single opponent, one a run.
            colour = opponents.index(opponent) if len(opponents) > 1 else runs.index(run)
            style = dict(color=f"C{colour}",
                         marker="os^dv"[runs.index(run) % 5],
                         linestyle=["-", "--", ":", "-."][runs.index(run) % 4],
                         label=f"{opponent} ({run})")
            for ax, xs in ((by_hours, [r[1] for r in mine]),
                           (by_positions, [r[2] / 1e6 for r in mine])):
                error_bars(ax, xs, [r[4:] for r in mine], **style)
    # Runs' positions can differ by a hundred times (Descent keeps every node of its trees).
    by_positions.set_xscale("log")
    save_elo_axes(fig, (by_hours, by_positions), hours_label,
                  "training positions (millions, log scale)", out, fontsize="small",
                  loc="center left", bbox_to_anchor=(1.01, 0.5))


if __name__ == "__main__":
    main()
