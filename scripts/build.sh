#!/usr/bin/env bash
# Configures and builds CamelotZero (Release) in build/. Extra arguments go to CMake's
# configure step, e.g. scripts/build.sh -DCAMELOT_NATIVE=OFF.
set -euo pipefail
cd "$(dirname "$0")/.."

generator=()
if command -v ninja >/dev/null; then generator=(-G Ninja); fi
if [ ! -f build/CMakeCache.txt ]; then
  cmake -S . -B build "${generator[@]}" -DCMAKE_BUILD_TYPE=Release "$@"
elif [ $# -gt 0 ]; then
  cmake -S . -B build "$@"
fi
cmake --build build --parallel "$(nproc)"
