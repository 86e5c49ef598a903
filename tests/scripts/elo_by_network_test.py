#!/usr/bin/env python3
"""scripts/elo_by_network.py on a small gauntlet: the network's points from its own side of
every game, the printed table, and the plot of two runs: its axes with the hours' label given,
and a colour a run. Run by ctest (tests/CMakeLists.txt)."""

import contextlib
import io
import os
import sys
import tempfile
import unittest
from unittest import mock

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))

import elo_by_network  # noqa: E402

HEADER = "white,black,result,reason,plies,start,note\n"
NET = '"net:a.ckpt,time=100"'
AB = '"alphabeta:depth=64,time=100"'
# The network wins as white and as black, draws once and loses once: 2-1-1, 0.625.
GAUNTLET = HEADER + "".join(
    f"{white},{black},{result},castle,90,startpos,\n"
    for white, black, result in [(NET, AB, "1-0"), (AB, NET, "0-1"), (NET, AB, "1/2-1/2"),
                                 (AB, NET, "1-0")])


class EloByNetwork(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.results = os.path.join(self.dir.name, "results.csv")
        with open(self.results, "w") as f:
            f.write(GAUNTLET)

    def tearDown(self):
        self.dir.cleanup()

    def run_script(self, *args):
        out = io.StringIO()
        with mock.patch.object(sys, "argv", ["elo_by_network.py", *args]), \
                contextlib.redirect_stdout(out):
            elo_by_network.main()
        return out.getvalue()

    def test_points_are_the_networks_side_of_each_game(self):
        points = elo_by_network.network_points(self.results)
        self.assertEqual(points, {"alphabeta:depth=64,time=100": [1.0, 1.0, 0.5, 0.0]})

    def test_table_row(self):
        lines = self.run_script(f"az:4:8.53e6:{self.results}").splitlines()
        self.assertEqual(len(lines), 2)
        self.assertEqual(lines[1].split()[:7],
                         ["az", "4.00", "8530000", "alphabeta:depth=64,time=100", "4", "2-1-1",
                          "0.625"])

    def test_plot_labels_the_hours_axis(self):
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        from matplotlib.colors import to_hex

        png = os.path.join(self.dir.name, "curve.png")
        self.run_script(f"az:8:8.53e6:{self.results}", f"descent:8:1.2e8:{self.results}",
                        "--plot", png, "--hours-label", "CPU-hours of training")
        self.assertTrue(os.path.getsize(png) > 0)
        hours_axis, positions_axis = plt.gcf().get_axes()
        self.assertEqual(hours_axis.get_xlabel(), "CPU-hours of training")
        self.assertEqual(positions_axis.get_xlabel(), "training positions (millions, log scale)")
        self.assertEqual(positions_axis.get_xscale(), "log")
        self.assertEqual(len(hours_axis.get_legend().get_texts()), 2)
        # One opponent: the runs are told apart by colour.
        colours = {to_hex(line.get_color()) for line in hours_axis.get_lines()}
        self.assertEqual(colours - {to_hex("grey")}, {to_hex("C0"), to_hex("C1")})
        plt.close("all")

    def test_malformed_argument_names_itself(self):
        with self.assertRaises(SystemExit) as stop:
            self.run_script("az:four:8e6:x.csv")
        self.assertEqual(str(stop.exception),
                         "az:four:8e6:x.csv: expected RUN:HOURS:POSITIONS:RESULTS_CSV")


if __name__ == "__main__":
    unittest.main()
