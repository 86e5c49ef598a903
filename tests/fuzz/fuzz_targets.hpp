#pragma once
// The parsers under fuzzing: each target takes any bytes and must return. A parser may refuse
// the input with its own error (CfenError, MoveError, ConfigError, ...), which the target
// catches; anything else (another exception, a crash, a sanitizer report, a hang) is a bug.
// scripts/fuzz.sh runs them under libFuzzer; tests/fuzz/corpus_test.cpp replays the corpus
// and every crash kept in tests/fuzz/ as ordinary tests.

#include <cstdint>
#include <span>
#include <string_view>

namespace camelot::fuzz {

using Input = std::span<const std::uint8_t>;

struct Target {
  std::string_view name;  // its corpus is tests/fuzz/corpus/NAME
  void (*run)(Input input);
};

// Every target: cfen, move, engine_protocol, config, checkpoint, chunk, game_record,
// game_record_bytes; Grand Camelot's gfen, grand_move, grand_engine_protocol; the opening
// database's text_games, games_jsonl (its importer) and opening_database (a database file).
std::span<const Target> targets();

}  // namespace camelot::fuzz
