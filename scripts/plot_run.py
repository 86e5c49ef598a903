#!/usr/bin/env python3
"""Plots a training run's progress from RUN_DIR/metrics.csv.

Usage: scripts/plot_run.py RUN_DIR [--out FILE.png]

Panels against elapsed hours: the Elo difference against each opponent (every `elo_*`
column, e.g. elo_random, elo_alphabeta_depth_2, elo_previous); the training losses (policy,
value, moves-left) with the test losses (the new positions before training on them) dashed
in their colour; the policy entropy; the learning rate. Empty cells are skipped; an infinite
Elo ("inf"/"-inf", a score of 1 or 0) is drawn at +-800 with an open triangle. When the run
has a ratings.csv (the Bradley-Terry fit of all its evaluation games), a last panel draws each
generation's rating with its 95% interval against the generation number (whole-number ticks),
and the baselines' ratings as horizontal lines. An opponent has one colour in every panel.
The title names the run. Writes RUN_DIR/metrics.png unless --out says otherwise. Needs
Debian's python3-matplotlib.
"""

import argparse
import csv
import math
import os
import sys

ELO_CLIP = 800.0
LOSS_COLUMNS = ("policy_loss", "value_loss", "moves_left_loss")
# A training loss and the test loss drawn dashed beside it, in its colour.
TEST_LOSS = {"policy_loss": "test_policy_loss", "value_loss": "test_value_loss"}


def column_name(spec):
    """A player spec as metrics.csv names its column: 'alphabeta:depth=2' -> 'alphabeta_depth_2'."""
    return "".join(c if c.isalnum() else "_" for c in spec)


def opponent_colors(names):
    """One colour per opponent, by its column name, in first-seen order ('C0' is the network)."""
    colors = {}
    for name in names:
        key = column_name(name)
        if key not in colors:
            colors[key] = f"C{len(colors) + 1}"
    return colors


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


def plot_ratings(ax, generations, baselines, colors):
    from matplotlib.ticker import MaxNLocator

    if generations:
        xs = [g for g, _, _ in generations]
        ax.errorbar(xs, [e for _, e, _ in generations], yerr=[m for _, _, m in generations],
                    color="C0", marker="o", markersize=3, capsize=3,
                    label="network (95% interval)")
    for name, elo, margin in baselines:
        ax.axhline(elo, color=colors[column_name(name)], linestyle="--", linewidth=1,
                   label=f"{name} {elo:+.0f}" + (f" \u00b1{margin:.0f}" if margin else ""))
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("generation")
    ax.set_ylabel("Elo (Bradley-Terry)")
    ax.set_title("Ratings over generations, all evaluation games fitted together")
    ax.legend(loc="best", fontsize="small")
    ax.grid(True, alpha=0.3)


def plot_elo(ax, columns, rows, colors):
    clipped_any = False
    plotted = False
    for column in [c for c in columns if c.startswith("elo_")]:
        hours, values = series(rows, column)
        if not hours:
            continue
        plotted = True
        opponent = column[len("elo_"):]
        color = colors[opponent]
        shown = [max(-ELO_CLIP, min(ELO_CLIP, v)) for v in values]
        ax.plot(hours, shown, color=color, marker="o", markersize=3, label=opponent)
        # Infinite (or beyond the clip) values: an open triangle at the edge, pointing outwards.
        for marker, keep in (("^", lambda v: v > ELO_CLIP), ("v", lambda v: v < -ELO_CLIP)):
            xs = [h for h, v in zip(hours, values) if keep(v)]
            if xs:
                clipped_any = True
                ys = [math.copysign(ELO_CLIP, 1 if marker == "^" else -1)] * len(xs)
                ax.scatter(xs, ys, marker=marker, s=60, facecolors="none", edgecolors=color,
                           zorder=3)
    ax.axhline(0, color="grey", linewidth=0.8)
    ax.set_ylabel("Elo difference (network - opponent)")
    title = "Elo against each opponent"
    if clipped_any:
        title += f" (triangles: infinite or beyond \u00b1{ELO_CLIP:.0f}, clipped)"
    ax.set_title(title)
    finish(ax, plotted, "no Elo columns yet")


def plot_columns(ax, rows, lines, title, ylabel, empty):
    """Each (column, label, color, style) of `lines` against hours."""
    for column, label, color, style in lines:
        hours, values = series(rows, column)
        if hours:
            ax.plot(hours, values, color=color, linestyle=style, marker="o", markersize=3,
                    label=label)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    finish(ax, ax.has_data(), empty)


def finish(ax, plotted, empty):
    if plotted:
        ax.legend(loc="best", fontsize="small")
    else:
        ax.text(0.5, 0.5, empty, ha="center", va="center", transform=ax.transAxes)
    ax.grid(True, alpha=0.3)


def build_figure(plt, run_name, columns, rows, generations, baselines):
    """The figure: Elo, losses, entropy and learning rate by hours, then the ratings."""
    opponents = [c[len("elo_"):] for c in columns if c.startswith("elo_")]
    colors = opponent_colors(opponents + [name for name, _, _ in baselines])
    panels = 5 if generations or baselines else 4
    fig, axes = plt.subplots(panels, 1, figsize=(10, 3.2 * panels))
    elo_ax, loss_ax, entropy_ax, rate_ax = axes[:4]
    for ax in (loss_ax, entropy_ax, rate_ax):
        ax.sharex(elo_ax)
    fig.suptitle(f"{run_name}: {len(rows)} generations")
    plot_elo(elo_ax, columns, rows, colors)
    losses = []
    for i, column in enumerate(LOSS_COLUMNS):
        losses.append((column, column, f"C{i}", "-"))
        if column in TEST_LOSS:
            losses.append((TEST_LOSS[column], TEST_LOSS[column] + " (unseen positions)", f"C{i}",
                           "--"))
    plot_columns(loss_ax, rows, losses, "Training losses (dashed: before training on them)",
                 "loss", "no losses yet")
    plot_columns(entropy_ax, rows, [("policy_entropy", "policy entropy", "C0", "-")],
                 "Policy entropy", "nats", "no entropy yet")
    plot_columns(rate_ax, rows, [("learning_rate", "learning rate", "C0", "-")],
                 "Learning rate", "rate", "no learning rate yet")
    rate_ax.set_xlabel("elapsed hours")
    if panels == 5:
        plot_ratings(axes[4], generations, baselines, colors)
    return fig


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
    fig = build_figure(plt, os.path.basename(os.path.normpath(args.run_dir)), columns, rows,
                       generations, baselines)
    fig.tight_layout()
    fig.savefig(out, dpi=100)
    plt.close(fig)
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
