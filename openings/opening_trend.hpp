#pragma once
// How a training run's self-play opens, generation by generation: the first and second moves
// of its games from the start position (games from scattered starts do not open).

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace camelot {

struct TrendBin {
  std::int64_t firstGeneration = 0;
  std::int64_t lastGeneration = 0;      // the last read (at most firstGeneration + every - 1)
  int games = 0;                        // games from the start position in these generations
  std::map<std::string, int> plies[2];  // games by their first move, and by their second
};

// Reads RUN_DIR/games/gen-*.jsonl in bins of `every` generations. A line that is not a game
// record, or whose first moves are illegal, goes to `bad` as "FILE:LINE: reason". Throws
// GameSourceError for a directory without game records.
std::vector<TrendBin> openingTrend(const std::filesystem::path& runDirectory, int every,
                                   const std::function<void(const std::string&)>& bad);

}  // namespace camelot
