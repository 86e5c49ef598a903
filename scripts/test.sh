#!/usr/bin/env bash
# The test command of the README: installs what is missing, builds, runs every test.
#
#   scripts/test.sh              # build/ (Release) and every test
#   scripts/test.sh --sanitize   # also: the engine, the search and every parser (the fuzz
#                                # corpus) under AddressSanitizer + UndefinedBehaviorSanitizer
#                                # in build-asan/, and the threaded self-play and arena code
#                                # under ThreadSanitizer in build-tsan/
set -euo pipefail
cd "$(dirname "$0")/.."

sanitize=false
for argument in "$@"; do
  case "$argument" in
    --sanitize) sanitize=true ;;
    *)
      echo "test.sh: unknown argument '$argument' (expected --sanitize)" >&2
      exit 2
      ;;
  esac
done

scripts/setup.sh
scripts/build.sh
ctest --test-dir build --output-on-failure --parallel "$(nproc)" --timeout 600
"$sanitize" || exit 0

# A sanitized build of the tests it runs, in its own directory: NAME, FLAGS, TARGETS...
sanitized_build() {
  local dir="$1" flags="$2"
  shift 2
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCAMELOT_BUILD_BENCHMARKS=OFF \
    "-DCMAKE_CXX_FLAGS=$flags -fno-omit-frame-pointer" \
    "-DCMAKE_EXE_LINKER_FLAGS=$flags" "-DCMAKE_SHARED_LINKER_FLAGS=$flags" >/dev/null
  cmake --build "$dir" --parallel "$(nproc)" --target "$@"
}

echo "test.sh: AddressSanitizer + UndefinedBehaviorSanitizer"
sanitized_build build-asan "-fsanitize=address,undefined -fno-sanitize-recover=undefined" \
  engine_tests mcts_tests fuzz_corpus_tests
for tests in engine_tests mcts_tests fuzz_corpus_tests; do
  ASAN_OPTIONS=detect_leaks=1 "build-asan/tests/$tests" --gtest_brief=1
done

echo "test.sh: ThreadSanitizer"
sanitized_build build-tsan "-fsanitize=thread" selfplay_tests camelot_torch
# The self-play workers, the batched search and the arena's games on TBB's threads. TBB and
# LibTorch are not built with ThreadSanitizer: tests/tsan.supp names what it cannot see into.
TSAN_OPTIONS="suppressions=$PWD/tests/tsan.supp halt_on_error=1" \
  build-tsan/tests/selfplay_tests --gtest_brief=1 --gtest_filter='BatchedGames*:Arena*'
echo "test.sh: sanitizers clean"
