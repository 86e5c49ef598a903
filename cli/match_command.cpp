#include <cmath>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/commands.hpp"
#include "training/match.hpp"
#include "training/player_factory.hpp"

namespace camelot::cli {
namespace {

std::string eloText(double elo) {
  if (std::isinf(elo)) return elo > 0 ? "+inf" : "-inf";
  std::ostringstream text;
  text << std::showpos << std::fixed << std::setprecision(0) << elo;
  return text.str();
}

// JSON has no infinity: an infinite difference is null.
nlohmann::json eloJson(double elo) {
  return std::isinf(elo) ? nlohmann::json(nullptr) : nlohmann::json(std::round(elo * 10.0) / 10.0);
}

// "1 win", "2 wins".
std::string counted(int n, const std::string& one, const std::string& many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

std::string scoreLine(const std::string& who, const MatchScore& s) {
  return who + ": " + counted(s.wins, "win", "wins") + ", " + counted(s.draws, "draw", "draws") +
         ", " + counted(s.losses, "loss", "losses");
}

// The games file is written under a temporary name and renamed when the match is over, so an
// existing file is never overwritten and an interrupted match leaves its games in the .tmp.
class GamesFile {
 public:
  explicit GamesFile(const std::string& directory) {
    if (directory.empty()) return;
    const std::filesystem::path dir(directory);
    std::error_code error;
    std::filesystem::create_directories(dir, error);
    if (error)
      throw InputError("--out " + directory + ": cannot create the directory: " + error.message());
    final_ = dir / "games.jsonl";
    temporary_ = dir / "games.jsonl.tmp";
    if (std::filesystem::exists(final_))
      throw InputError("--out " + directory +
                       " already holds games.jsonl; choose another directory");
    out_.open(temporary_, std::ios::trunc);
    if (!out_) throw InputError("--out " + directory + ": cannot write " + temporary_.string());
  }

  void write(const GameRecord& record) {
    if (!out_.is_open()) return;
    out_ << record.toJsonLine() << '\n';
    out_.flush();
  }

  void commit() {
    if (!out_.is_open()) return;
    out_.close();
    std::filesystem::rename(temporary_, final_);
  }

  const std::filesystem::path& path() const { return final_; }

 private:
  std::filesystem::path final_;
  std::filesystem::path temporary_;
  std::ofstream out_;
};

}  // namespace

void runMatch(const MatchOptions& options, std::ostream& out, std::ostream& progress) {
  const PlayerSpec white = PlayerSpec::parse(options.white);
  const PlayerSpec black = PlayerSpec::parse(options.black);
  validatePlayerSpec(white);
  validatePlayerSpec(black);

  MatchSettings settings;
  settings.games = options.games;
  settings.openingPlies = options.openingPlies;
  settings.seed = options.seed;
  settings.maxPlies = options.maxPlies;
  settings.threads = options.threads;

  GamesFile games(options.outDirectory);
  progress << "match: " << white.text() << " vs " << black.text() << ", " << settings.games
           << " games in pairs (colours swapped), openings of " << settings.openingPlies
           << " random plies, seed " << settings.seed << '\n';
  int finished = 0;
  const MatchResult result =
      playMatch([&](std::uint64_t seed) { return makePlayer(white, seed); },
                [&](std::uint64_t seed) { return makePlayer(black, seed); }, settings,
                [&](int, const GameRecord& record) {
                  games.write(record);
                  progress << "game " << record.game << " (" << ++finished << "/" << settings.games
                           << " done): " << record.white << " (White) vs " << record.black << ": "
                           << outcomeName(record.status.outcome) << " ("
                           << endReasonName(record.status.reason) << ", " << record.moves.size()
                           << " plies)\n";
                });
  games.commit();

  const MatchScore total = result.total();
  const EloEstimate elo = estimateElo(total);
  if (options.json) {
    nlohmann::ordered_json json;
    json["games"] = total.games();
    json["wins"] = total.wins;
    json["draws"] = total.draws;
    json["losses"] = total.losses;
    json["score"] = total.score();
    json["elo"] = eloJson(elo.elo);
    json["elo_low"] = eloJson(elo.low);
    json["elo_high"] = eloJson(elo.high);
    out << json.dump() << '\n';
    return;
  }
  out << scoreLine(white.text() + " as White", result.asWhite) << '\n'
      << scoreLine(white.text() + " as Black", result.asBlack) << '\n'
      << scoreLine(white.text() + " in all", total) << '\n'
      << "score " << std::fixed << std::setprecision(3) << total.score() << ", Elo "
      << eloText(elo.elo) << " (95% interval " << eloText(elo.low) << " .. " << eloText(elo.high)
      << ")\n";
  if (!options.outDirectory.empty()) out << "games saved to " << games.path().string() << '\n';
}

}  // namespace camelot::cli
