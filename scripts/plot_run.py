#!/usr/bin/env python3
"""Plots a training run's progress from RUN_DIR/metrics.csv.

Usage: scripts/plot_run.py RUN_DIR [--out FILE.png]

Two panels against elapsed hours: the Elo difference against each opponent (every `elo_*`
column, e.g. elo_random, elo_alphabeta_depth_2, elo_previous), and the training losses
(policy, value, moves-left). Empty cells are skipped; an infinite Elo ("inf"/"-inf", a
score of 1 or 0) is drawn at +-800 with an open triangle. When the run has a ratings.csv
(the Bradley-Terry fit of all its evaluation games), a third panel draws each generation's
rating with its 95% interval against the generation number, and the baselines' ratings as
horizontal lines. Writes RUN_DIR/metrics.png unless --out says otherwise. Needs Debian's
python3-matplotlib.
"""

import argparse
import csv
import math
import os
import sys

ELO_CLIP = 800.0
LOSS_COLUMNS = ("policy_loss", "value_loss", "moves_left_loss")


def parse_number(cell):
    """A cell as a float; None for an empty or unreadable cell ('inf'/'-inf' read as such)."""
    cell = (cell or "").strip()
    if not cell:
        return None
    try:
        value = float(cell)
    except ValueError:
        return None
    return None if math.isnan(value) else value


def read_metrics(path):
    with open(path, newline="") as f:
        reader = csv.DictReader(f)
        if reader.fieldnames is None:
            return [], []
        columns = [c.strip() for c in reader.fieldnames]
        rows = []
        for raw in reader:
            rows.append({k.strip(): v for k, v in raw.items() if k is not None})
        return columns, rows


def series(rows, column):
    """(hours, values) for the rows where both the time and `column` have a value."""
    hours, values = [], []
    for row in rows:
        t = parse_number(row.get("elapsed_seconds"))
        v = parse_number(row.get(column))
        if t is None or v is None or math.isinf(t):
            continue
        hours.append(t / 3600.0)
        values.append(v)
    return hours, values


def read_ratings(path):
    """(generations, baselines) from a ratings.csv: [(generation, elo, margin)] for the
    players named gen-N, sorted, and [(name, elo, margin)] for the others."""
    generations, baselines = [], []
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            name = row.get("player", "")
            elo, margin = parse_number(row.get("elo")), parse_number(row.get("elo_margin"))
            if elo is None:
                continue
            margin = margin or 0.0
            if name.startswith("gen-") and name[4:].isdigit():
                generations.append((int(name[4:]), elo, margin))
            else:
                baselines.append((name, elo, margin))
    return sorted(generations), baselines


def plot_ratings(ax, generations, baselines):
    if generations:
        xs = [g for g, _, _ in generations]
        ax.errorbar(xs, [e for _, e, _ in generations], yerr=[m for _, _, m in generations],
                    marker="o", markersize=3, capsize=3, label="network (95% interval)")
    for i, (name, elo, margin) in enumerate(baselines):
        color = f"C{i + 1}"
        ax.axhline(elo, color=color, linestyle="--", linewidth=1,
                   label=f"{name} {elo:+.0f}" + (f" \u00b1{margin:.0f}" if margin else ""))
    ax.set_xlabel("generation")
    ax.set_ylabel("Elo (Bradley-Terry)")
    ax.set_title("Ratings over generations, all evaluation games fitted together")
    ax.legend(loc="best", fontsize="small")
    ax.grid(True, alpha=0.3)


def main(argv):
    parser = argparse.ArgumentParser(description="Plot a CamelotZero run's metrics.csv.")
    parser.add_argument("run_dir", help="the run directory (holds metrics.csv)")
    parser.add_argument("--out", help="PNG to write (default RUN_DIR/metrics.png)")
    args = parser.parse_args(argv)

    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        # Debian's python3-matplotlib belongs to /usr/bin/python3; a python3 found first on
        # PATH (pyenv, a virtual environment) may not see it, so try the system one once.
        system_python = "/usr/bin/python3"
        if (os.path.realpath(sys.executable) != os.path.realpath(system_python)
                and os.access(system_python, os.X_OK)
                and not os.environ.get("PLOT_RUN_REEXEC")):
            os.environ["PLOT_RUN_REEXEC"] = "1"
            os.execv(system_python, [system_python, os.path.abspath(__file__)] + argv)
        print("plot_run.py: needs python3-matplotlib (apt-get install python3-matplotlib)")
        return 1

    metrics = os.path.join(args.run_dir, "metrics.csv")
    if not os.path.isfile(metrics):
        print(f"plot_run.py: {metrics}: no such file", file=sys.stderr)
        return 1
    columns, rows = read_metrics(metrics)
    if "elapsed_seconds" not in columns:
        print(f"plot_run.py: {metrics}: no elapsed_seconds column", file=sys.stderr)
        return 1
    out = args.out or os.path.join(args.run_dir, "metrics.png")

    ratings_file = os.path.join(args.run_dir, "ratings.csv")
    generations, baselines = (read_ratings(ratings_file) if os.path.isfile(ratings_file)
                              else ([], []))
    if generations or baselines:
        fig, (elo_ax, loss_ax, ratings_ax) = plt.subplots(3, 1, figsize=(10, 12))
        plot_ratings(ratings_ax, generations, baselines)
        loss_ax.sharex(elo_ax)
    else:
        fig, (elo_ax, loss_ax) = plt.subplots(2, 1, figsize=(10, 8), sharex=True)
    fig.suptitle(f"{os.path.basename(os.path.normpath(args.run_dir))}: {len(rows)} generations")

    elo_columns = [c for c in columns if c.startswith("elo_")]
    clipped_any = False
    plotted_elo = False
    for column in elo_columns:
        hours, values = series(rows, column)
        if not hours:
            continue
        plotted_elo = True
        shown = [max(-ELO_CLIP, min(ELO_CLIP, v)) for v in values]
        (line,) = elo_ax.plot(hours, shown, marker="o", markersize=3, label=column[len("elo_"):])
        # Infinite (or beyond the clip) values: an open triangle at the edge, pointing outwards.
        for marker, keep in (("^", lambda v: v > ELO_CLIP), ("v", lambda v: v < -ELO_CLIP)):
            xs = [h for h, v in zip(hours, values) if keep(v)]
            if xs:
                clipped_any = True
                ys = [math.copysign(ELO_CLIP, 1 if marker == "^" else -1)] * len(xs)
                elo_ax.scatter(xs, ys, marker=marker, s=60, facecolors="none",
                               edgecolors=line.get_color(), zorder=3)
    elo_ax.axhline(0, color="grey", linewidth=0.8)
    elo_ax.set_ylabel("Elo difference (network - opponent)")
    title = "Elo against each opponent"
    if clipped_any:
        title += f" (triangles: infinite or beyond \u00b1{ELO_CLIP:.0f}, clipped)"
    elo_ax.set_title(title)
    if plotted_elo:
        elo_ax.legend(loc="best", fontsize="small")
    else:
        elo_ax.text(0.5, 0.5, "no Elo columns yet", ha="center", va="center",
                    transform=elo_ax.transAxes)
    elo_ax.grid(True, alpha=0.3)

    for column in LOSS_COLUMNS:
        if column not in columns:
            continue
        hours, values = series(rows, column)
        if hours:
            loss_ax.plot(hours, values, marker="o", markersize=3, label=column)
    loss_ax.set_ylabel("loss")
    loss_ax.set_xlabel("elapsed hours")
    loss_ax.set_title("Training losses")
    if loss_ax.has_data():
        loss_ax.legend(loc="best", fontsize="small")
    else:
        loss_ax.text(0.5, 0.5, "no losses yet", ha="center", va="center",
                     transform=loss_ax.transAxes)
    loss_ax.grid(True, alpha=0.3)

    fig.tight_layout()
    fig.savefig(out, dpi=100)
    plt.close(fig)
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
