#pragma once
// Games for the opening database, read from the files the program writes and from plain text,
// each replayed move by move by the engine before it is taken.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/position.hpp"
#include "engine/rules_status.hpp"

namespace camelot {

class GameSourceError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct SourceGame {
  std::string origin;  // "FILE:LINE"
  std::string white;   // player names or specs; empty when the source has none
  std::string black;
  Position start;
  std::vector<Move> moves;  // each legal in turn, and none after the game ended by the rules
  // The Zobrist hash of every position of the game, the start's first (moves.size() + 1).
  std::vector<std::uint64_t> keys;
  Outcome result = Outcome::None;  // None: unknown or unfinished ('*')
};

// Calls `take` with every game of `source` that replays legally, and `bad` with
// "FILE:LINE: reason" for each line that does not (the reading goes on). A source is
//   - a games file (`*.jsonl`: match, arena and training write one JSON object a game),
//   - a directory holding `games.jsonl` (match, arena) or `games/*.jsonl` (a training run),
//   - a text file of one game a line: moves in either notation from the start, then the result
//     (1-0, 0-1, 1/2-1/2 or *); blank lines and lines starting with '#' are skipped.
// A games file of another variant (Grand Camelot's records say "variant": "grand") is reported
// once, at its first such line, and the rest of it skipped.
// Throws GameSourceError for a source that cannot be read or is none of these.
void readGames(const std::filesystem::path& source, const std::function<void(SourceGame&&)>& take,
               const std::function<void(const std::string&)>& bad);

// The files `source` stands for, in the order they are read.
std::vector<std::filesystem::path> gameFiles(const std::filesystem::path& source);

}  // namespace camelot
