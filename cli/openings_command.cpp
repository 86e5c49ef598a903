#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>

#include "cli/command.hpp"
#include "cli/command_options.hpp"
#include "cli/game_setup.hpp"
#include "cli/input_error.hpp"
#include "cli/interrupt.hpp"
#include "cli/player_choice.hpp"
#include "engine/cfen.hpp"
#include "io/durable_file.hpp"
#include "openings/explorer_site.hpp"
#include "openings/game_database.hpp"
#include "openings/game_import.hpp"
#include "openings/network_searcher.hpp"
#include "openings/opening_book.hpp"
#include "openings/opening_trend.hpp"
#include "openings/position_lookup.hpp"
#include "training/text/decimal_text.hpp"
#include "training/text/progress.hpp"

namespace camelot::cli {
namespace {

struct OpeningsImportOptions {
  std::string database;              // the SQLite file, created if new
  std::vector<std::string> sources;  // games files, match/arena/run directories, text files
  int plies = 0;                     // plies of each game the tree counts (0: the database's)
};

struct OpeningsShowOptions {
  std::string database;
  std::string fen = "startpos";
  std::string moves;     // played from fen
  int continuation = 4;  // plies of the most played line after each move
  bool json = false;
};

struct OpeningsTrendOptions {
  std::string runDirectory;
  int every = 0;    // generations a row (0: about 20 rows)
  int top = 6;      // moves shown as columns
  std::string csv;  // every move's share per row, for scripts/plot_openings.py ('': none)
};

struct OpeningsGrowOptions {
  std::string database;
  std::string net;       // empty: the shipped network
  int nodes = 100;       // positions to add
  int milliseconds = 0;  // a position's search (0: the network player's own, a second)
  int depth = 0;         // or plies of alpha-beta (0: by time)
};

struct OpeningsExportOptions {
  std::string database;
  int plies = 4;
  double maxValue = 0.1;
  std::string out;
};

struct OpeningsHtmlOptions {
  std::string database;
  std::string out;
  int plies = 12;    // how deep from the start the site reaches
  int minGames = 1;  // games a move needs to lead on (or a book search after it)
};

// The summary and the import rate to `out`; skipped lines and progress to `err`.
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

// The position's moves from the database, a table or one JSON object.
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
    out << openingPositionJson(position, report) << '\n';
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
    out << "book value " << signedFixed(*report.bookValue, 3) << " (" << side
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
    const std::string book = m.book ? signedFixed(m.book->value, 3) : "-";
    const std::string margin = m.book ? fixed(m.book->margin, 3) : "-";
    std::snprintf(line, sizeof line, "%-22s %8lld %7s %7s %7s %6s %7s %7s  %s\n",
                  m.stats.move.c_str(), static_cast<long long>(n),
                  percent(m.stats.whiteWins, n).c_str(), percent(m.stats.draws, n).c_str(),
                  percent(m.stats.blackWins, n).c_str(), score, book.c_str(), margin.c_str(),
                  joined(m.continuation).c_str());
    out << line;
  }
}

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

// The table to `out`, skipped lines to `err`.
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

// Grows the book in `database`; the summary to `out`, progress to `err`.
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
                    signedFixed(book.position(Position::start().hash())->value, 3) +
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
    out << "; the start's value " << signedFixed(start->value, 3) << " (White's view)";
  out << '\n';
  if (complete) out << "every line of the book ends the game: nothing left to add\n";
  if (watch.interrupted())
    err << "camelot openings grow: interrupted; the positions added so far are kept\n";
}

// Writes the book's balanced positions as an opening suite (one CFEN a line) for arena --openings.
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
                     " plies from the start is within " + fixed(options.maxValue, 3) +
                     " of even (grow the book, or raise --max-value)");
  std::string text = "# " + std::to_string(positions.size()) + " positions " +
                     std::to_string(options.plies) + " plies from the start, book value within " +
                     fixed(options.maxValue, 3) + " of even (" + options.database +
                     "); the value is the side to move's\n";
  for (const auto& [cfen, value] : positions)
    text += cfen + "\n";
  writeTextFileAtomically(options.out, text);
  out << "wrote " << positions.size() << " openings to " << options.out << " (values "
      << signedFixed(positions.front().second, 3) << " to "
      << signedFixed(positions.back().second, 3) << ")\n";
}

// Writes the explorer site (openings/explorer_site.hpp).
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

void addImport(CLI::App* openings, Commands& commands) {
  auto options = std::make_shared<OpeningsImportOptions>();
  CLI::App* import = openings->add_subcommand(
      "import",
      "Add games to an opening database (created if new): each game is replayed by the engine, "
      "a bad line is reported with its file and line and skipped, and a game already in the "
      "database is not added twice.");
  import->add_option("DB", options->database, "The database file (SQLite)")->required();
  import
      ->add_option("SOURCE", options->sources,
                   "games.jsonl files, match, arena or training run directories, or text files "
                   "of one game a line (moves in either notation, then 1-0, 0-1, 1/2-1/2 or *)")
      ->required();
  import
      ->add_option("--plies", options->plies,
                   "A new database: plies of each game its position tree counts (default " +
                       std::to_string(kDefaultTreePlies) + "; fixed once the file exists)")
      ->check(CLI::Range(1, kMaxTreePlies));
  commands.add(
      import, [options](const CommandStreams& io) { runOpeningsImport(*options, io.out, io.err); });
}

void addShow(CLI::App* openings, Commands& commands) {
  auto options = std::make_shared<OpeningsShowOptions>();
  CLI::App* show = openings->add_subcommand(
      "show",
      "Print a position's moves from an opening database: games, White/draw/Black shares, the "
      "side to move's score and the line most often played after each.");
  show->add_option("DB", options->database, "The database file")->required();
  show->add_option("--fen", options->fen, "Position (CFEN) or startpos")->capture_default_str();
  show->add_option("--moves", options->moves,
                   "Moves played from --fen, space-separated, either notation");
  show->add_option("--continuation", options->continuation,
                   "Plies of the most played line shown after each move")
      ->capture_default_str()
      ->check(CLI::Range(0, 40));
  show->add_flag("--json", options->json, "Print one JSON object");
  commands.add(show, [options](const CommandStreams& io) { runOpeningsShow(*options, io.out); });
}

void addTrend(CLI::App* openings, Commands& commands) {
  auto options = std::make_shared<OpeningsTrendOptions>();
  CLI::App* trend = openings->add_subcommand(
      "trend",
      "How a training run's self-play opens over its generations: the share of each first and "
      "second move among its games from the start position.");
  trend->add_option("RUN_DIR", options->runDirectory, "A training run directory")->required();
  trend->add_option("--every", options->every, "Generations a row (0: about 20 rows)")
      ->capture_default_str()
      ->check(CLI::Range(0, 1000000));
  trend->add_option("--top", options->top, "Moves shown as columns")
      ->capture_default_str()
      ->check(CLI::Range(1, 30));
  trend->add_option("--csv", options->csv,
                    "Also write every move's share per row here, for "
                    "scripts/plot_openings.py");
  commands.add(trend,
               [options](const CommandStreams& io) { runOpeningsTrend(*options, io.out, io.err); });
}

void addGrow(CLI::App* openings, Commands& commands) {
  auto options = std::make_shared<OpeningsGrowOptions>();
  CLI::App* grow = openings->add_subcommand(
      "grow",
      "Grow the database's opening book with a network: best first from the start (the moves "
      "closest in value to the best, few plies deep), each new position searched by alpha-beta "
      "on the network and its moves estimated by the network's value; values backed up by "
      "minimax. Ctrl-C stops after the position in flight; the same command goes on.");
  grow->add_option("DB", options->database, "The database file")->required();
  grow->add_option(
      "--net", options->net,
      "Network checkpoint (default: the shipped network, " + shippedNetwork().string() + ")");
  grow->add_option("--nodes", options->nodes, "Positions to add")
      ->capture_default_str()
      ->check(CLI::Range(1, 10'000'000));
  grow->add_option("--time", options->milliseconds,
                   "Milliseconds of search a position (default: a second)")
      ->check(CLI::Range(1, 3'600'000));
  grow->add_option("--depth", options->depth, "Or plies of alpha-beta a position")
      ->check(CLI::Range(1, 64));
  commands.add(grow,
               [options](const CommandStreams& io) { runOpeningsGrow(*options, io.out, io.err); });
}

void addExport(CLI::App* openings, Commands& commands) {
  auto options = std::make_shared<OpeningsExportOptions>();
  CLI::App* exportSuite = openings->add_subcommand(
      "export",
      "Write the book's balanced positions (book value within --max-value of even) --plies "
      "moves from the start as an opening suite, one CFEN a line, for 'camelot arena "
      "--openings FILE'.");
  exportSuite->add_option("DB", options->database, "The database file")->required();
  exportSuite->add_option("--plies", options->plies, "Plies from the start")
      ->capture_default_str()
      ->check(CLI::Range(0, 200));
  exportSuite
      ->add_option("--max-value", options->maxValue,
                   "Largest distance of the book value from even (values in [-1, 1])")
      ->capture_default_str()
      ->check(realRange(0.0, 2.0));
  exportSuite->add_option("--out", options->out, "The suite to write")->required();
  commands.add(exportSuite,
               [options](const CommandStreams& io) { runOpeningsExport(*options, io.out); });
}

void addHtml(CLI::App* openings, Commands& commands) {
  auto options = std::make_shared<OpeningsHtmlOptions>();
  CLI::App* html = openings->add_subcommand(
      "html",
      "Write the opening explorer as a static site (index.html, data.js) that opens from the "
      "file system: the board, the moves with games, W/D/L bars, score and book value; a click "
      "walks into a move and the line stays in the URL fragment (#F6-F8,G11-G9).");
  html->add_option("DB", options->database, "The database file")->required();
  html->add_option("--out", options->out, "Directory to write")->required();
  html->add_option("--plies", options->plies, "How deep from the start the site reaches")
      ->capture_default_str()
      ->check(CLI::Range(0, 200));
  html->add_option("--min-games", options->minGames,
                   "Games a move needs to lead on into the site (a book search after it also does)")
      ->capture_default_str()
      ->check(CLI::Range(1, 1'000'000'000));
  commands.add(html, [options](const CommandStreams& io) { runOpeningsHtml(*options, io.out); });
}

}  // namespace

void addOpeningsCommand(CLI::App& app, Commands& commands) {
  CLI::App* openings =
      app.add_subcommand("openings", "Opening theory: a database of games (docs/openings.md).");
  openings->require_subcommand(1);
  addImport(openings, commands);
  addShow(openings, commands);
  addTrend(openings, commands);
  addGrow(openings, commands);
  addExport(openings, commands);
  addHtml(openings, commands);
}

}  // namespace camelot::cli
