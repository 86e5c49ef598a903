#!/usr/bin/env bash
# Fuzzes every parser with libFuzzer under AddressSanitizer and UndefinedBehaviorSanitizer, for
# SECONDS each (default 60): CFEN, both move notations, the engine protocol, run configs,
# checkpoints, replay chunks and game records; Grand Camelot's GFEN, moves and engine protocol;
# the opening database's text and JSON game readers and its database file
# (tests/fuzz/fuzz_targets.hpp). Inputs that reach
# new code join tests/fuzz/corpus/TARGET; a crash is kept in tests/fuzz/crashes/TARGET. Both are
# replayed by scripts/test.sh (fuzz_corpus_tests): commit them.
#
#   scripts/fuzz.sh [SECONDS [TARGET...]]   # every target unless named; needs clang
#                                           # (installed here if missing); builds build-fuzz/
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
if ! [[ "$seconds" =~ ^[0-9]+$ ]] || [ "$seconds" -lt 1 ]; then
  echo "fuzz: SECONDS must be a whole number above 0, not '$seconds'" >&2
  exit 2
fi

scripts/setup.sh
if ! command -v clang++ >/dev/null; then
  sudo=()
  [ "$(id -u)" -ne 0 ] && sudo=(sudo)
  "${sudo[@]}" apt-get install -y -qq --no-install-recommends clang
fi

# -fconstexpr-steps: clang's default step limit is too low for the move generator's tables.
cmake -S . -B build-fuzz -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCAMELOT_BUILD_FUZZERS=ON -DCAMELOT_BUILD_BENCHMARKS=OFF \
  "-DCMAKE_CXX_FLAGS=-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined -fconstexpr-steps=100000000" \
  "-DCMAKE_EXE_LINKER_FLAGS=-fsanitize=address,undefined" >/dev/null
cmake --build build-fuzz --target camelot_fuzz

targets=(cfen move engine_protocol config checkpoint chunk game_record game_record_bytes
  gfen grand_move grand_engine_protocol text_games games_jsonl opening_database)
if [ $# -gt 1 ]; then
  for named in "${@:2}"; do
    [[ " ${targets[*]} " == *" $named "* ]] || {
      echo "fuzz: no target '$named' (targets: ${targets[*]})" >&2
      exit 2
    }
  done
  targets=("${@:2}")
fi
found=0
printf '%-22s %12s %10s %8s\n' target inputs corpus crashes
for target in "${targets[@]}"; do
  corpus="tests/fuzz/corpus/$target"
  crashes="tests/fuzz/crashes/$target"
  mkdir -p "$corpus" "$crashes"
  log="build-fuzz/fuzz-$target.log"
  before=$(find "$crashes" -type f | wc -l)
  # -timeout: an input that takes 10 s is a hang; -rss_limit_mb: one that takes 2 GB a leak.
  CAMELOT_FUZZ_TARGET="$target" build-fuzz/tests/camelot_fuzz -max_total_time="$seconds" \
    -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$crashes/" \
    "$corpus" >"$log" 2>&1 || true
  # Keep the smallest set of inputs that covers what the corpus covers (the repository keeps it).
  minimal="build-fuzz/minimal-$target"
  rm -rf "$minimal" && mkdir -p "$minimal"
  CAMELOT_FUZZ_TARGET="$target" build-fuzz/tests/camelot_fuzz -merge=1 "$minimal" "$corpus" \
    >>"$log" 2>&1
  rm -rf "$corpus" && mv "$minimal" "$corpus"
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
  after=$(find "$crashes" -type f | wc -l)
  found=$((found + after - before))
  printf '%-22s %12s %10s %8s\n' "$target" "${runs:-0}" "$(find "$corpus" -type f | wc -l)" \
    "$((after - before))"
done
echo "fuzz: $found new crash(es); logs in build-fuzz/fuzz-TARGET.log"
[ "$found" -eq 0 ]
