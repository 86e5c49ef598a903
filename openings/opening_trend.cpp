#include "openings/opening_trend.hpp"

#include <charconv>
#include <fstream>

#include "engine/cfen.hpp"
#include "engine/notation.hpp"
#include "openings/game_source.hpp"
#include "players/game_record.hpp"

namespace camelot {
namespace fs = std::filesystem;
namespace {

// Far more generations than a run makes; a larger number in a file name is not one.
constexpr std::int64_t kMaxGeneration = 1'000'000'000;

// "gen-000012.jsonl" -> 12; -1 for another name; 0 for a number too large to be one.
std::int64_t generationOf(const fs::path& file) {
  const std::string name = file.stem().string();
  if (!name.starts_with("gen-") || name.size() == 4) return -1;
  for (std::size_t i = 4; i < name.size(); ++i)
    if (name[i] < '0' || name[i] > '9') return -1;
  std::int64_t generation = 0;
  const auto [end, error] = std::from_chars(name.data() + 4, name.data() + name.size(), generation);
  return error == std::errc() && generation <= kMaxGeneration ? generation : 0;
}

}  // namespace

std::vector<TrendBin> openingTrend(const fs::path& runDirectory, int every,
                                   const std::function<void(const std::string&)>& bad) {
  if (every < 1) throw std::invalid_argument("openingTrend: every must be at least 1");
  if (!fs::is_directory(runDirectory / "games"))
    throw GameSourceError(runDirectory.string() +
                          ": not a training run directory (no games/ folder)");
  const std::string start = toCfen(Position::start());
  std::vector<TrendBin> bins;
  for (const fs::path& file : gameFiles(runDirectory)) {
    const std::int64_t generation = generationOf(file);
    if (generation < 0) continue;
    if (generation == 0) {
      bad(file.string() + ": not a generation's games (the number is 0 or above " +
          std::to_string(kMaxGeneration) + "); skipped");
      continue;
    }
    const std::int64_t first = (generation - 1) / every * every + 1;
    if (bins.empty() || bins.back().firstGeneration != first)
      bins.push_back({first, generation, 0, {}});
    TrendBin& bin = bins.back();
    bin.lastGeneration = generation;
    std::ifstream in(file);
    int number = 0;
    for (std::string line; std::getline(in, line);) {
      ++number;
      if (line.empty()) continue;
      const std::string where = file.string() + ":" + std::to_string(number) + ": ";
      try {
        const WrittenGameRecord record = readGameRecordLine(line);
        if (record.variant != "standard")
          throw GameSourceError(where + "a game of the variant '" + record.variant +
                                "'; openings trend reads the standard game only");
        if (record.start.value_or(start) != start) continue;
        const std::vector<std::string>& moves = record.moves;
        Position position = Position::start();
        std::vector<std::string> opening;
        for (std::size_t ply = 0; ply < 2 && ply < moves.size(); ++ply) {
          const Move move = parseMove(position, moves[ply]);
          opening.push_back(toNotation(move));
          position.play(move);
        }
        ++bin.games;
        for (std::size_t ply = 0; ply < opening.size(); ++ply)
          ++bin.plies[ply][opening[ply]];
      } catch (const GameRecordError& e) {
        bad(where + e.what());
      } catch (const MoveError& e) {
        bad(where + e.what());
      }
    }
  }
  return bins;
}

}  // namespace camelot
