#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <ostream>

#include "cli/commands.hpp"
#include "cli/game_setup.hpp"
#include "cli/interrupt.hpp"
#include "engine/cfen.hpp"
#include "openings/game_import.hpp"
#include "openings/position_lookup.hpp"
#include "training/progress.hpp"

namespace camelot::cli {

void runOpeningsImport(const OpeningsImportOptions& options, std::ostream& out, std::ostream& err) {
  GameDatabase database(options.database, options.plies);
  Progress progress(err, ::isatty(STDERR_FILENO) != 0, 5.0);
  // Ctrl-C: stop between games; what was read is written whole.
  const InterruptWatch watch;
  std::vector<std::filesystem::path> sources(options.sources.begin(), options.sources.end());
  const ImportSummary summary = importGames(
      database, sources,
      [&](const std::string& line) {
        progress.finish();
        err << "openings import: skipped " << line << '\n';
      },
      [&](const ImportSummary& s) {
        progress.update("openings import: " + std::to_string(s.imported) + " games imported, " +
                        std::to_string(s.duplicates) + " known");
      },
      watch.interrupted());
  progress.finish();
  char rate[64];
  std::snprintf(rate, sizeof rate, "%.0f",
                summary.seconds > 0
                    ? static_cast<double>(summary.imported + summary.duplicates) / summary.seconds
                    : 0.0);
  out << (summary.interrupted ? "interrupted: " : "") << "imported " << summary.imported
      << " games (" << summary.duplicates << " already in the database, " << summary.bad
      << " bad lines skipped) into " << options.database << ": " << database.gameCount()
      << " games in all\n"
      << "openings import: " << rate << " games/s\n";
  if (summary.interrupted) throw std::runtime_error("interrupted; the games read so far are kept");
}

namespace {

std::string percent(std::int64_t part, std::int64_t whole) {
  char text[16];
  std::snprintf(text, sizeof text, "%.1f%%",
                whole > 0 ? 100.0 * static_cast<double>(part) / static_cast<double>(whole) : 0.0);
  return text;
}

std::string joined(const std::vector<std::string>& words) {
  std::string line;
  for (const std::string& w : words)
    line += (line.empty() ? "" : " ") + w;
  return line;
}

}  // namespace

void runOpeningsShow(const OpeningsShowOptions& options, std::ostream& out) {
  if (!std::filesystem::exists(options.database))
    throw InputError(options.database + ": no such database");
  GameDatabase database(options.database);
  const Game game = gameFromMoves(options.fen, options.moves);
  const Position& position = game.position();
  const OpeningPosition report = lookUpPosition(database, position, options.continuation);
  const bool white = position.sideToMove() == Color::White;
  if (options.json) {
    nlohmann::ordered_json json;
    json["fen"] = toCfen(position);
    json["side_to_move"] = white ? "white" : "black";
    json["games"] = report.games;
    json["moves"] = nlohmann::json::array();
    for (const OpeningMove& m : report.moves) {
      nlohmann::ordered_json move;
      move["move"] = m.stats.move;
      move["games"] = m.stats.games();
      move["white_wins"] = m.stats.whiteWins;
      move["draws"] = m.stats.draws;
      move["black_wins"] = m.stats.blackWins;
      move["unknown"] = m.stats.unknown;
      move["score"] = m.score < 0 ? nlohmann::ordered_json() : nlohmann::ordered_json(m.score);
      move["continuation"] = m.continuation;
      json["moves"].push_back(move);
    }
    out << json.dump() << '\n';
    return;
  }
  out << "CFEN " << toCfen(position) << " (" << (white ? "White" : "Black") << " to move)\n";
  if (report.moves.empty()) {
    out << "no games in " << options.database << " go through this position\n";
    return;
  }
  out << report.games << " games through this position; score is " << (white ? "White" : "Black")
      << "'s (a win 1, a draw 1/2)\n\n";
  char line[256];
  std::snprintf(line, sizeof line, "%-22s %8s %7s %7s %7s %6s  %s\n", "move", "games", "white",
                "draws", "black", "score", "then most played");
  out << line;
  for (const OpeningMove& m : report.moves) {
    const std::int64_t n = m.stats.games();
    char score[16] = "-";
    if (m.score >= 0) std::snprintf(score, sizeof score, "%.3f", m.score);
    std::snprintf(line, sizeof line, "%-22s %8lld %7s %7s %7s %6s  %s\n", m.stats.move.c_str(),
                  static_cast<long long>(n), percent(m.stats.whiteWins, n).c_str(),
                  percent(m.stats.draws, n).c_str(), percent(m.stats.blackWins, n).c_str(), score,
                  joined(m.continuation).c_str());
    out << line;
  }
}

}  // namespace camelot::cli
