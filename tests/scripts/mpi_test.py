#!/usr/bin/env python3
"""`camelot train` and `camelot arena` under mpirun (docs/distributed.md): the same games,
checkpoints and results files from 1 and 3 ranks as from one process, in the standard game and
in Grand Camelot, and a run whose worker rank is killed resumes with the same command to the
same end.

Usage: mpi_test.py CAMELOT CONFIG_DIR TEST   (TEST: train, grand_train, kill, arena)
"""

import glob
import os
import signal
import subprocess
import sys
import tempfile
import time
import unittest

CAMELOT, CONFIG_DIR = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
TINY = os.path.join(CONFIG_DIR, "tiny.toml")
# The tiny config learning Grand Camelot (which has no scattered starts).
GRAND = ["--set", "game.variant=grand", "--set", "selfplay.scattered_start_fraction=0"]
# Root in containers and CI; more ranks than cores; no shared-memory single copy (containers
# forbid the ptrace it needs).
MPIRUN = ["mpirun", "--oversubscribe", "--allow-run-as-root"]
ENV = dict(os.environ, OMPI_MCA_btl_vader_single_copy_mechanism="none")


def run(command, cwd):
    result = subprocess.run(command, cwd=cwd, env=ENV, capture_output=True, text=True, timeout=300)
    if result.returncode != 0:
        raise AssertionError(f"{command} exited {result.returncode}:\n{result.stdout}\n{result.stderr}")
    return result


def train(ranks, run_dir, cwd, overrides=()):
    command = [CAMELOT, "train", "--config", TINY, "--run-dir", run_dir, *overrides]
    return run(command if ranks == 0 else MPIRUN + ["-np", str(ranks)] + command, cwd)


def files(run_dir, pattern):
    paths = sorted(glob.glob(os.path.join(run_dir, pattern)))
    return {os.path.relpath(p, run_dir): read(p, "rb") for p in paths}


def read(path, mode="r"):
    with open(path, mode) as file:
        return file.read()


def games(run_dir):
    lines = []
    for path in sorted(glob.glob(os.path.join(run_dir, "games", "*.jsonl"))):
        lines += read(path).splitlines()
    return sorted(lines)


class Distributed(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = self.tmp.name

    def tearDown(self):
        self.tmp.cleanup()

    def assertSameRun(self, expected, actual, generations=2):
        chunks = files(expected, "chunks/*.chunk")
        self.assertEqual(len(chunks), 8 * generations)  # 8 games a generation
        self.assertEqual(chunks, files(actual, "chunks/*.chunk"))
        checkpoints = files(expected, "checkpoints/gen-*.ckpt")
        self.assertEqual(sorted(checkpoints),
                         [f"checkpoints/gen-{g:06d}.ckpt" for g in range(generations + 1)])
        self.assertEqual(checkpoints, files(actual, "checkpoints/gen-*.ckpt"))
        self.assertEqual(games(expected), games(actual))
        self.assertEqual(files(expected, "results.csv"), files(actual, "results.csv"))

    def test_train(self):
        alone = os.path.join(self.dir, "alone")
        train(0, alone, self.dir)
        one = os.path.join(self.dir, "one")
        train(1, one, self.dir)
        three = os.path.join(self.dir, "three")
        log = train(3, three, self.dir).stdout
        self.assertIn("self-play, 8 games on 3 processes", log)
        self.assertSameRun(alone, one)
        self.assertSameRun(alone, three)

    def test_grand_train(self):
        alone = os.path.join(self.dir, "alone")
        train(0, alone, self.dir, GRAND)
        self.assertIn('variant = "grand"', read(os.path.join(alone, "config.toml")))
        three = os.path.join(self.dir, "three")
        log = train(3, three, self.dir, GRAND).stdout
        self.assertIn("self-play, 8 games on 3 processes", log)
        self.assertSameRun(alone, three)
        self.assertIn('"variant":"grand"', games(three)[0])

    def test_kill(self):
        # The killed run is given far more generations than it can play before the kill, so it
        # cannot end on its own first (a tiny generation takes ~35 ms: waiting for a file of the
        # last one raced the run's end). A run's length is not its config: the resume below
        # sets it to one generation past the last finished one, which the kill interrupted.
        killed = os.path.join(self.dir, "killed")
        command = MPIRUN + ["-np", "3", CAMELOT, "train", "--config", TINY, "--run-dir", killed,
                            "--set", "run.generations=1000"]
        job = subprocess.Popen(command, cwd=self.dir, env=ENV, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, start_new_session=True)
        # Once generation 1 has ended, kill a rank that is not rank 0 (the lock's holder).
        deadline = time.time() + 240
        while not (os.path.exists(os.path.join(killed, "checkpoints", "gen-000001.ckpt"))
                   and os.path.exists(os.path.join(killed, "lock"))):
            self.assertIsNone(job.poll(), "the run ended before it could be killed")
            self.assertLess(time.time(), deadline)
            time.sleep(0.01)
        lead = int(read(os.path.join(killed, "lock")).split()[0])
        ranks = subprocess.run(["pgrep", "-s", str(job.pid), "-x", "camelot"],
                               capture_output=True, text=True).stdout.split()
        workers = [int(pid) for pid in ranks if int(pid) != lead]
        self.assertEqual(len(workers), 2, ranks)
        os.kill(workers[0], signal.SIGKILL)
        job.communicate(timeout=120)
        self.assertNotEqual(job.returncode, 0)
        finished = max(int(path[-11:-5]) for path in
                       glob.glob(os.path.join(killed, "checkpoints", "gen-*.ckpt")))
        self.assertLess(finished, 1000)
        length = ["--set", f"run.generations={finished + 1}"]
        # The same command resumes the run and ends it as one process does.
        log = train(3, killed, self.dir, length).stdout
        self.assertIn("resuming", log)
        alone = os.path.join(self.dir, "alone")
        train(0, alone, self.dir, length)
        self.assertSameRun(alone, killed, finished + 1)

    def test_arena(self):
        arena = [CAMELOT, "arena", "--players", "random,greedy,alphabeta:depth=1", "--games", "6",
                 "--seed", "7"]
        run(arena + ["--out", "alone"], self.dir)
        log = run(MPIRUN + ["-np", "3"] + arena + ["--out", "three"], self.dir).stdout
        self.assertEqual(log.count("Arena: 3 players, 18 of 18 games"), 1)  # rank 0 alone
        for name in ["results.csv", "games.jsonl", "openings.txt", "ratings.csv"]:
            with self.subTest(file=name):
                self.assertEqual(read(os.path.join(self.dir, "alone", name)),
                                 read(os.path.join(self.dir, "three", name)))


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0], "Distributed.test_" + sys.argv[3]])
