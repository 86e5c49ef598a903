#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>

#include "cli/commands.hpp"
#include "cli/game_setup.hpp"
#include "cli/interrupt.hpp"
#include "cli/player_choice.hpp"
#include "engine/cfen.hpp"
#include "io/durable_file.hpp"
#include "openings/explorer_site.hpp"
#include "openings/game_import.hpp"
#include "openings/network_searcher.hpp"
#include "openings/opening_book.hpp"
#include "openings/opening_trend.hpp"
#include "openings/position_lookup.hpp"
#include "training/text/progress.hpp"

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
  // The status of a stopped program (128 + the signal, cli/app.cpp), the games kept.
  if (summary.interrupted)
    err << "camelot openings import: interrupted; the games read so far are kept\n";
}

namespace {

std::string percent(std::int64_t part, std::int64_t whole) {
  char text[16];
  std::snprintf(text, sizeof text, "%.1f%%",
                whole > 0 ? 100.0 * static_cast<double>(part) / static_cast<double>(whole) : 0.0);
  return text;
}

// "+0.031", "-0.200".
std::string signedValue(double value) {
  char text[16];
  std::snprintf(text, sizeof text, "%+.3f", value);
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
  const OpeningPosition report =
      lookUpPosition(database, OpeningBook(database), position, options.continuation);
  const bool white = position.sideToMove() == Color::White;
  if (options.json) {
    nlohmann::ordered_json json;
    json["fen"] = toCfen(position);
    json["side_to_move"] = white ? "white" : "black";
    json["games"] = report.games;
    json["book_value"] =
        report.bookValue ? nlohmann::ordered_json(*report.bookValue) : nlohmann::ordered_json();
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
      move["book_value"] =
          m.book ? nlohmann::ordered_json(m.book->value) : nlohmann::ordered_json();
      move["book_margin"] =
          m.book ? nlohmann::ordered_json(m.book->margin) : nlohmann::ordered_json();
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
  const char* side = white ? "White" : "Black";
  out << report.games << " games through this position; score is " << side
      << "'s (a win 1, a draw 1/2)\n";
  if (report.bookValue)
    out << "book value " << signedValue(*report.bookValue) << " (" << side
        << "'s expected score in [-1, 1]); margin: how much worse than the book's best\n";
  out << '\n';
  char line[320];
  std::snprintf(line, sizeof line, "%-22s %8s %7s %7s %7s %6s %7s %7s  %s\n", "move", "games",
                "white", "draws", "black", "score", "book", "margin", "then most played");
  out << line;
  for (const OpeningMove& m : report.moves) {
    const std::int64_t n = m.stats.games();
    char score[16] = "-";
    if (m.score >= 0) std::snprintf(score, sizeof score, "%.3f", m.score);
    const std::string book = m.book ? signedValue(m.book->value) : "-";
    const std::string margin = m.book ? signedValue(m.book->margin).substr(1) : "-";
    std::snprintf(line, sizeof line, "%-22s %8lld %7s %7s %7s %6s %7s %7s  %s\n",
                  m.stats.move.c_str(), static_cast<long long>(n),
                  percent(m.stats.whiteWins, n).c_str(), percent(m.stats.draws, n).c_str(),
                  percent(m.stats.blackWins, n).c_str(), score, book.c_str(), margin.c_str(),
                  joined(m.continuation).c_str());
    out << line;
  }
}

namespace {

// The `top` moves of a ply over the whole run, most played first.
std::vector<std::string> topMoves(const std::vector<TrendBin>& bins, int ply, int top) {
  std::map<std::string, std::int64_t> total;
  for (const TrendBin& bin : bins)
    for (const auto& [move, games] : bin.plies[ply])
      total[move] += games;
  std::vector<std::pair<std::string, std::int64_t>> sorted(total.begin(), total.end());
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  std::vector<std::string> moves;
  for (std::size_t i = 0; i < sorted.size() && static_cast<int>(i) < top; ++i)
    moves.push_back(sorted[i].first);
  return moves;
}

std::string share(int part, int whole) {
  char text[16];
  std::snprintf(text, sizeof text, "%.1f%%", whole > 0 ? 100.0 * part / whole : 0.0);
  return text;
}

}  // namespace

void runOpeningsTrend(const OpeningsTrendOptions& options, std::ostream& out, std::ostream& err) {
  const std::filesystem::path run(options.runDirectory);
  int every = options.every;
  if (every == 0) {
    const auto files = static_cast<int>(gameFiles(run).size());
    every = std::max(1, (files + 19) / 20);  // about 20 rows
  }
  const std::vector<TrendBin> bins = openingTrend(run, every, [&](const std::string& line) {
    err << "openings trend: skipped " << line << '\n';
  });
  int games = 0;
  for (const TrendBin& bin : bins)
    games += bin.games;
  out << options.runDirectory << ": " << (bins.empty() ? 0 : bins.back().lastGeneration)
      << " generations, " << games << " games from the start position, in bins of " << every
      << " generations\n";
  const char* names[2] = {"first move", "second move"};
  for (int ply = 0; ply < 2; ++ply) {
    const std::vector<std::string> top = topMoves(bins, ply, options.top);
    out << '\n' << names[ply] << ", share of the games from the start:\n";
    std::ostringstream header;
    char cell[64];
    std::snprintf(cell, sizeof cell, "%-13s %6s", "generations", "games");
    header << cell;
    for (const std::string& move : top) {
      std::snprintf(cell, sizeof cell, " %9s", move.c_str());
      header << cell;
    }
    out << header.str() << "     other\n";
    for (const TrendBin& bin : bins) {
      std::snprintf(
          cell, sizeof cell, "%-13s %6d",
          (std::to_string(bin.firstGeneration) + "-" + std::to_string(bin.lastGeneration)).c_str(),
          bin.games);
      out << cell;
      int shown = 0;
      for (const std::string& move : top) {
        const auto found = bin.plies[ply].find(move);
        const int n = found == bin.plies[ply].end() ? 0 : found->second;
        shown += n;
        std::snprintf(cell, sizeof cell, " %9s", share(n, bin.games).c_str());
        out << cell;
      }
      int moved = 0;
      for (const auto& [move, n] : bin.plies[ply])
        moved += n;
      std::snprintf(cell, sizeof cell, " %9s", share(moved - shown, bin.games).c_str());
      out << cell << '\n';
    }
  }
  if (!options.csv.empty()) {
    std::ostringstream csv;
    csv << "first_generation,last_generation,ply,move,games,share\n";
    for (const TrendBin& bin : bins)
      for (int ply = 0; ply < 2; ++ply)
        for (const auto& [move, n] : bin.plies[ply])
          csv << bin.firstGeneration << ',' << bin.lastGeneration << ',' << ply + 1 << ',' << move
              << ',' << n << ',' << static_cast<double>(n) / bin.games << '\n';
    writeTextFileAtomically(options.csv, csv.str());
    out << "\nwrote " << options.csv << '\n';
  }
}

void runOpeningsGrow(const OpeningsGrowOptions& options, std::ostream& out, std::ostream& err) {
  NetPlayerSpec spec;
  spec.file = options.net.empty() ? shippedNetwork().string() : options.net;
  if (options.depth > 0) spec.depth = options.depth;
  if (options.milliseconds > 0) spec.time = std::chrono::milliseconds(options.milliseconds);
  const std::unique_ptr<PositionSearcher> searcher = makeNetworkSearcher(spec);
  GameDatabase database(options.database);
  OpeningBook book(database);
  const std::size_t before = book.size();
  Progress progress(err, ::isatty(STDERR_FILENO) != 0, 5.0);
  // Ctrl-C: stop after the position in flight; each position is written whole.
  const InterruptWatch watch;
  const auto begin = std::chrono::steady_clock::now();
  int added = 0;
  bool complete = false;
  while (added < options.nodes && !watch.interrupted()) {
    const std::optional<std::vector<std::string>> line = book.grow(*searcher);
    if (!line) {
      complete = true;
      break;
    }
    ++added;
    progress.update("openings grow: " + std::to_string(added) + "/" +
                    std::to_string(options.nodes) + " positions added (" +
                    std::to_string(book.size()) + " in the book), the start " +
                    signedValue(book.position(Position::start().hash())->value) +
                    "; last: " + (line->empty() ? "the start" : joined(*line)));
  }
  progress.finish();
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  char rate[32];
  std::snprintf(rate, sizeof rate, "%.1f", seconds);
  out << (watch.interrupted() ? "interrupted: " : "") << "added " << added << " positions in "
      << rate << " s: " << options.database << " holds " << book.size() << " book positions ("
      << before << " before)";
  if (const auto start = book.position(Position::start().hash()))
    out << "; the start's value " << signedValue(start->value) << " (White's view)";
  out << '\n';
  if (complete) out << "every line of the book ends the game: nothing left to add\n";
  if (watch.interrupted())
    err << "camelot openings grow: interrupted; the positions added so far are kept\n";
}

void runOpeningsExport(const OpeningsExportOptions& options, std::ostream& out) {
  if (!std::filesystem::exists(options.database))
    throw InputError(options.database + ": no such database");
  GameDatabase database(options.database);
  const OpeningBook book(database);
  if (book.size() == 0)
    throw InputError(options.database +
                     ": the book is empty (grow it with 'camelot openings grow')");
  const auto positions = book.balancedPositions(options.plies, options.maxValue);
  if (positions.empty())
    throw InputError(options.database + ": no book position " + std::to_string(options.plies) +
                     " plies from the start is within " + signedValue(options.maxValue).substr(1) +
                     " of even (grow the book, or raise --max-value)");
  std::string text = "# " + std::to_string(positions.size()) + " positions " +
                     std::to_string(options.plies) + " plies from the start, book value within " +
                     signedValue(options.maxValue).substr(1) + " of even (" + options.database +
                     "); the value is the side to move's\n";
  for (const auto& [cfen, value] : positions)
    text += cfen + "\n";
  writeTextFileAtomically(options.out, text);
  out << "wrote " << positions.size() << " openings to " << options.out << " (values "
      << signedValue(positions.front().second) << " to " << signedValue(positions.back().second)
      << ")\n";
}

void runOpeningsHtml(const OpeningsHtmlOptions& options, std::ostream& out) {
  if (!std::filesystem::exists(options.database))
    throw InputError(options.database + ": no such database");
  GameDatabase database(options.database);
  ExplorerSiteSettings settings;
  settings.plies = options.plies;
  settings.minGames = options.minGames;
  const ExplorerSiteSummary summary = writeExplorerSite(database, options.out, settings);
  const std::filesystem::path index = std::filesystem::absolute(options.out) / "index.html";
  out << "wrote " << options.out << ": " << summary.positions << " positions, " << summary.moves
      << " moves; open file://" << index.string() << '\n';
}

}  // namespace camelot::cli
