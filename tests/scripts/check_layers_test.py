#!/usr/bin/env python3
"""scripts/check_layers.py: the project's own tree passes, and a tree with an upward include or
a cycle between sub-folders is refused with a line naming the file. Run by ctest
(tests/CMakeLists.txt)."""

import os
import sys
import tempfile
import unittest

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
sys.path.insert(0, os.path.join(ROOT, "scripts"))

import check_layers  # noqa: E402


def write(root, path, includes):
    full = os.path.join(root, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "w", encoding="utf-8") as f:
        f.write("".join(f'#include "{i}"\n' for i in includes))


class CheckLayers(unittest.TestCase):
    def test_the_project_passes(self):
        self.assertEqual(check_layers.faults(ROOT), [])

    def test_an_upward_include_is_named(self):
        with tempfile.TemporaryDirectory() as root:
            write(root, "engine/position.hpp", ["mcts/search.hpp"])
            write(root, "mcts/search.hpp", [])
            self.assertEqual(
                check_layers.faults(root),
                ["engine/position.hpp: engine/ includes mcts/, a layer above it"])

    def test_a_cycle_between_sub_folders_is_named(self):
        with tempfile.TemporaryDirectory() as root:
            write(root, "engine/rules.hpp", ["engine/grand/grand.hpp"])
            write(root, "engine/grand/grand.cpp", ["engine/random.hpp"])
            write(root, "engine/grand/grand.hpp", [])
            write(root, "engine/random.hpp", [])
            self.assertEqual(check_layers.faults(root), [
                "engine/rules.hpp: engine/ includes engine/grand/, which includes its way back",
                "engine/grand/grand.cpp: engine/grand/ includes engine/, which includes its way back",
            ])


if __name__ == "__main__":
    unittest.main()
