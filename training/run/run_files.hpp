#pragma once
// The names of a run directory's files (docs/training.md has the layout).

#include <cstdint>
#include <filesystem>
#include <iomanip>
#include <sstream>
#include <string>

namespace camelot::run_files {

// A generation or game number as file names show it: six digits, so names sort by number.
inline std::string padded(std::int64_t n) {
  std::ostringstream s;
  s << std::setw(6) << std::setfill('0') << n;
  return s.str();
}

inline std::filesystem::path checkpoint(const std::filesystem::path& run, std::int64_t generation) {
  return run / "checkpoints" / ("gen-" + padded(generation) + ".ckpt");
}

// The samples of game `number` (from 0) of a generation's self-play.
inline std::filesystem::path chunk(const std::filesystem::path& run, std::int64_t generation,
                                   int number) {
  return run / "chunks" / ("chunk-" + padded(generation) + "-" + padded(number) + ".chunk");
}

// The records of a generation's self-play games, one JSON line each.
inline std::filesystem::path games(const std::filesystem::path& run, std::int64_t generation) {
  return run / "games" / ("gen-" + padded(generation) + ".jsonl");
}

}  // namespace camelot::run_files
