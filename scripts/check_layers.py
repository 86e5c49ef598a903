#!/usr/bin/env python3
"""Checks the include graph of the source tree against its layers (docs/architecture.md):
between top-level folders includes run only downward, engine -> io -> mcts -> nn -> players ->
training -> openings -> cli, and no chain of includes between any two folders, sub-folders
included, leads back to where it started. Prints one line per fault and exits 1 when there is
one. Usage: scripts/check_layers.py [SOURCE_ROOT]"""

import os
import re
import sys

LAYERS = ["engine", "io", "mcts", "nn", "players", "training", "openings", "cli"]
INCLUDE = re.compile(r'^#include "([^"]+)"', re.MULTILINE)


def folder_edges(root):
    """{(from_folder, to_folder): first file with such an include} over the layers' files."""
    edges = {}
    for top in LAYERS:
        for directory, _, names in os.walk(os.path.join(root, top)):
            for name in sorted(names):
                if not name.endswith((".cpp", ".hpp")):
                    continue
                path = os.path.join(directory, name)
                source = os.path.relpath(directory, root)
                with open(path, encoding="utf-8") as f:
                    for included in INCLUDE.findall(f.read()):
                        target = os.path.dirname(included)
                        if target and target != source:
                            edges.setdefault((source, target), os.path.relpath(path, root))
    return edges


def faults(root):
    edges = folder_edges(root)
    found = []
    for (source, target), example in sorted(edges.items()):
        a, b = source.split("/")[0], target.split("/")[0]
        if a in LAYERS and b in LAYERS and LAYERS.index(a) < LAYERS.index(b):
            found.append(f"{example}: {source}/ includes {target}/, a layer above it")
    following = {}
    for source, target in edges:
        following.setdefault(source, set()).add(target)

    def reaches(start, goal):
        seen, stack = set(), [start]
        while stack:
            folder = stack.pop()
            if folder == goal:
                return True
            if folder not in seen:
                seen.add(folder)
                stack.extend(following.get(folder, ()))
        return False

    for (source, target), example in sorted(edges.items()):
        if reaches(target, source):
            found.append(f"{example}: {source}/ includes {target}/, which includes its way back")
    return found


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
    found = faults(root)
    for line in found:
        print(line)
    if found:
        return 1
    print(f"layers: {len(folder_edges(root))} folder-to-folder include edges, all downward")
    return 0


if __name__ == "__main__":
    sys.exit(main())
