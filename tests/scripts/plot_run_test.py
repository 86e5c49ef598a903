#!/usr/bin/env python3
"""scripts/plot_run.py on a small run: the run's name in the title, the losses with their test
losses, the entropy and learning-rate panels, whole-number generation ticks, and one colour per
opponent in the Elo and ratings panels. Run by ctest (tests/CMakeLists.txt)."""

import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))

import matplotlib  # noqa: E402

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.colors import to_hex  # noqa: E402

import plot_run  # noqa: E402

METRICS = """generation,elapsed_seconds,policy_loss,value_loss,moves_left_loss,policy_entropy,learning_rate,test_policy_loss,test_value_loss,elo_previous,elo_random,elo_alphabeta_depth_2
1,60,3.0,1.0,0.5,2.9,0.002,3.1,1.1,,inf,-300
2,120,2.8,0.9,0.4,2.7,0.0015,2.9,1.0,40,inf,-200
3,180,2.6,0.8,0.4,2.5,0.001,2.8,0.9,30,800,-100
"""
RATINGS = """player,games,points,score,elo,elo_margin
gen-1,10,5,0.5,100,50
gen-2,10,6,0.6,150,50
gen-3,10,7,0.7,200,50
random,30,3,0.1,0,0
alphabeta:depth=2,30,20,0.66,250,60
"""


class PlotRun(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.run = os.path.join(self.dir.name, "my-run")
        os.makedirs(self.run)
        with open(os.path.join(self.run, "metrics.csv"), "w") as f:
            f.write(METRICS)
        with open(os.path.join(self.run, "ratings.csv"), "w") as f:
            f.write(RATINGS)
        columns, rows = plot_run.read_metrics(os.path.join(self.run, "metrics.csv"))
        generations, baselines = plot_run.read_ratings(os.path.join(self.run, "ratings.csv"))
        self.fig = plot_run.build_figure(plt, "my-run", columns, rows, generations, baselines)
        self.axes = self.fig.get_axes()

    def tearDown(self):
        plt.close(self.fig)
        self.dir.cleanup()

    def test_title_names_the_run(self):
        self.assertEqual(self.fig._suptitle.get_text(), "my-run: 3 generations")

    def test_panels(self):
        titles = [ax.get_title() for ax in self.axes]
        self.assertEqual(len(self.axes), 5)
        self.assertIn("Policy entropy", titles)
        self.assertIn("Learning rate", titles)
        losses = [line.get_label() for line in self.axes[1].get_lines()]
        self.assertIn("test_policy_loss (unseen positions)", losses)
        self.assertIn("test_value_loss (unseen positions)", losses)
        by_label = {line.get_label(): line for line in self.axes[1].get_lines()}
        self.assertEqual(by_label["policy_loss"].get_color(),
                         by_label["test_policy_loss (unseen positions)"].get_color())
        self.assertEqual(by_label["test_policy_loss (unseen positions)"].get_linestyle(), "--")

    def test_generation_ticks_are_whole_numbers(self):
        ratings = self.axes[4]
        self.fig.canvas.draw()
        ticks = [t for t in ratings.get_xticks() if ratings.get_xlim()[0] <= t <= ratings.get_xlim()[1]]
        self.assertTrue(ticks)
        self.assertTrue(all(float(t).is_integer() for t in ticks), ticks)

    def test_an_opponent_has_one_colour_in_every_panel(self):
        elo = {line.get_label(): to_hex(line.get_color()) for line in self.axes[0].get_lines()
               if not line.get_label().startswith("_")}
        ratings = {line.get_label().split(" ")[0]: to_hex(line.get_color())
                   for line in self.axes[4].get_lines() if not line.get_label().startswith("_")}
        self.assertEqual(elo["alphabeta_depth_2"], ratings["alphabeta:depth=2"])
        self.assertEqual(elo["random"], ratings["random"])
        self.assertNotEqual(elo["random"], elo["alphabeta_depth_2"])

    def test_main_writes_the_png(self):
        out = os.path.join(self.dir.name, "plot.png")
        self.assertEqual(plot_run.main([self.run, "--out", out]), 0)
        self.assertGreater(os.path.getsize(out), 1000)


if __name__ == "__main__":
    unittest.main()
