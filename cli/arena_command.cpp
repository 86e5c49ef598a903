#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <optional>
#include <ostream>
#include <set>
#include <thread>

#include "cli/commands.hpp"
#include "cli/interrupt.hpp"
#include "io/durable_file.hpp"
#include "training/distributed/mpi_arena.hpp"
#include "training/distributed/mpi_world.hpp"
#include "training/evaluation/arena.hpp"
#include "training/evaluation/elo.hpp"
#include "training/evaluation/match.hpp"
#include "training/evaluation/openings.hpp"
#include "training/evaluation/ratings.hpp"
#include "training/evaluation/results_file.hpp"
#include "training/evaluation/sprt.hpp"
#include "training/text/decimal_text.hpp"
#include "training/text/progress.hpp"

namespace camelot::cli {
namespace {

namespace fs = std::filesystem;

std::string signedElo(double elo) {
  if (std::isinf(elo)) return elo > 0 ? "+inf" : "-inf";
  char text[32];
  std::snprintf(text, sizeof text, "%+.0f", elo);
  return text;
}

void writeOrThrow(const fs::path& path, const std::string& text) {
  const std::string problem =
      writeFileAtomically(path, {std::as_bytes(std::span(text))}, path.string());
  if (!problem.empty()) throw InputError(problem);
}

std::string defaultOutDirectory() {
  const std::time_t now = std::time(nullptr);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", std::localtime(&now));
  return std::string("arenas/arena-") + stamp;
}

// The arena's directory: game records and results are appended as games finish, under
// temporary names renamed at the end, so an existing arena is never overwritten.
class ArenaFiles {
 public:
  explicit ArenaFiles(const fs::path& dir) : dir_(dir) {
    std::error_code error;
    fs::create_directories(dir, error);
    if (error)
      throw InputError("--out " + dir.string() +
                       ": cannot create the directory: " + error.message());
    if (fs::exists(dir / "results.csv") || fs::exists(dir / "results.csv.tmp"))
      throw InputError("--out " + dir.string() +
                       " already holds an arena's results; choose another directory");
    open(games_, "games.jsonl.tmp");
    open(results_, "results.csv.tmp");
    results_ << resultsHeader() << std::flush;
  }

  ArenaFiles(const ArenaFiles&) = delete;
  ArenaFiles& operator=(const ArenaFiles&) = delete;

  // An arena that failed before its first game (a bad player, a missing checkpoint) leaves
  // nothing behind that would make its directory refused when the command is run again.
  ~ArenaFiles() {
    if (committed_ || added_ > 0) return;
    games_.close();
    results_.close();
    std::error_code ignored;
    fs::remove(dir_ / "games.jsonl.tmp", ignored);
    fs::remove(dir_ / "results.csv.tmp", ignored);
  }

  // A finished game: its record's JSON line and its results.csv line.
  void add(const std::string& record, const std::string& results) {
    games_ << record << '\n' << std::flush;
    results_ << results << std::flush;
    ++added_;
  }

  void commit() {
    games_.close();
    results_.close();
    fs::rename(dir_ / "games.jsonl.tmp", dir_ / "games.jsonl");
    fs::rename(dir_ / "results.csv.tmp", dir_ / "results.csv");
    committed_ = true;
  }

 private:
  void open(std::ofstream& out, const char* name) {
    out.open(dir_ / name, std::ios::trunc);
    if (!out) throw InputError("--out " + dir_.string() + ": cannot write " + name);
  }

  fs::path dir_;
  std::ofstream games_;
  std::ofstream results_;
  int added_ = 0;
  bool committed_ = false;
};

// --openings K: a count of random openings (nullopt: a suite file).
std::optional<int> openingCount(const ArenaOptions& options) {
  const std::string& text = options.openings;
  const bool count = !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
  if (!count) return std::nullopt;
  const int k = std::stoi(text.substr(0, 6));
  if (k < 1 || text.size() > 6)
    throw UsageError("--openings " + text + ": give a file or a count from 1 to 999999");
  return k;
}

std::vector<Position> arenaOpenings(const ArenaOptions& options) {
  const std::optional<int> count = openingCount(options);
  if (!count) return readOpenings(options.openings);
  return randomOpenings(options.seed, *count, options.openingPlies);
}

// A finished game of either variant, as the arena files and reports it.
struct FinishedGame {
  int pairing = 0;
  std::string record;       // its JSON line
  std::string results;      // its results.csv line
  RatedGame rated;          // the side that moved first as "white"
  double firstScore = 0.5;  // the pairing's first player's
};

FinishedGame finishedGame(const ArenaGame& game) {
  const GameRecord& r = game.record;
  const double whiteScore = r.status.outcome == Outcome::WhiteWins   ? 1.0
                            : r.status.outcome == Outcome::BlackWins ? 0.0
                                                                     : 0.5;
  return {game.pairing,
          r.toJsonLine(),
          resultsLine(r),
          {r.white, r.black, whiteScore},
          game.firstScore()};
}

FinishedGame finishedGame(const GrandArenaGame& game) {
  const GrandGameRecord& r = game.record;
  // Red and Blue's player is the pairing's first in even games.
  const double rbScore = game.game % 2 == 0 ? game.firstScore() : 1.0 - game.firstScore();
  return {game.pairing, r.toJsonLine(), resultsLine(r), {r.rb, r.gy, rbScore}, game.firstScore()};
}

// The arena's settings but the openings, in either variant.
template <class Rules>
BasicArenaSettings<Rules> arenaSettingsOf(const ArenaOptions& options) {
  BasicArenaSettings<Rules> settings;
  settings.gamesPerPairing = options.games;
  settings.defaultSimulations = options.simulations;
  settings.maxPlies = options.maxPlies;
  settings.search = *netSearchNamed(options.search);
  settings.gumbelConsidered = options.considered;
  settings.workers = options.workers > 0
                         ? options.workers
                         : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  settings.gamesPerWorker = options.gamesPerWorker;
  settings.device = options.device;
  settings.seed = options.seed;
  return settings;
}

}  // namespace

std::vector<std::string> splitPlayerList(const std::string& list) {
  // "net:a.ckpt,sims=64,random,alphabeta:depth=2": an item of the form key=value (no ':')
  // continues the spec before it.
  std::vector<std::string> specs;
  std::size_t begin = 0;
  while (begin <= list.size()) {
    const std::size_t comma = std::min(list.find(',', begin), list.size());
    const std::string item = list.substr(begin, comma - begin);
    const bool option = item.find('=') != std::string::npos && item.find(':') == std::string::npos;
    if (option && !specs.empty())
      specs.back() += "," + item;
    else if (!item.empty())
      specs.push_back(item);
    else
      throw UsageError("--players '" + list + "': an empty player in the list");
    begin = comma + 1;
  }
  return specs;
}

void runArena(const ArenaOptions& options, std::ostream& out, std::ostream& progressOut) {
  std::vector<ArenaPlayer> players;
  std::set<std::string> seen;
  const auto addPlayer = [&](const std::string& spec) {
    if (!seen.insert(spec).second) throw UsageError("player '" + spec + "' is given twice");
    players.push_back({spec, spec});
  };
  if (!options.gauntlet.empty()) addPlayer(options.gauntlet);
  for (const std::string& spec : options.players)
    addPlayer(spec);
  if (players.size() < 2)
    throw UsageError("an arena needs at least two players (--players, --player, --gauntlet)");
  if (options.games < 2 || options.games % 2 != 0)
    throw UsageError("--games " + std::to_string(options.games) +
                     ": an even number of games a pairing, at least 2");
  const std::vector<Pairing> pairings = options.gauntlet.empty()
                                            ? roundRobin(static_cast<int>(players.size()))
                                            : gauntlet(0, static_cast<int>(players.size()));
  std::optional<SprtSettings> sprt;
  if (!options.sprt.empty()) {
    if (pairings.size() != 1)
      throw UsageError("--sprt tests one pairing: give exactly two players");
    try {
      sprt = parseSprtSettings(options.sprt);
    } catch (const std::invalid_argument& e) {
      // "sprt: expected ..." names the option as the user wrote it, once.
      throw UsageError("--" + std::string(e.what()));
    }
  }
  std::string anchor = options.anchor;
  if (anchor.empty()) anchor = seen.contains("random") ? "random" : players.front().name;
  if (!seen.contains(anchor))
    throw UsageError("--anchor '" + anchor + "' is not one of the players");

  const bool grandGame = options.variant == "grand";
  if (grandGame && !openingCount(options))
    throw UsageError("--openings " + options.openings +
                     ": Grand Camelot arenas play random openings; give a count");
  ArenaSettings settings = arenaSettingsOf<StandardRules>(options);
  GrandArenaSettings grandSettings = arenaSettingsOf<GrandRules>(options);
  if (grandGame) {
    for (int k = 0; k < *openingCount(options); ++k)
      grandSettings.openings.push_back(
          randomOpening<GrandRules>(options.seed, k, options.openingPlies));
  } else {
    settings.openings = arenaOpenings(options);
  }

  // Under mpirun every rank plays its part of the games; rank 0 alone writes and reports.
  std::optional<MpiWorld> world;
  if (MpiWorld::launched()) {
    if (grandGame)
      throw UsageError("a Grand Camelot arena runs in one process: start it without mpirun");
    world.emplace();
  }
  const bool lead = !world || world->rank() == 0;
  const InterruptWatch watch;
  const fs::path dir =
      options.out.empty() ? fs::path(defaultOutDirectory()) : fs::path(options.out);
  std::optional<ArenaFiles> arenaFiles;
  if (lead) {
    // The others wait for rank 0's word that its directory is ready.
    try {
      arenaFiles.emplace(dir);
      if (grandGame) {
        std::string text;
        for (const grand::GrandPosition& opening : grandSettings.openings)
          text += grand::toGfen(opening) + '\n';
        writeOrThrow(dir / "openings.txt", text);
      } else {
        writeOrThrow(dir / "openings.txt", openingsText(settings.openings));
      }
    } catch (...) {
      if (world) world->broadcast({std::byte{0}});
      throw;
    }
    if (world) world->broadcast({std::byte{1}});
  } else if (world->broadcast({}).at(0) == std::byte{0}) {
    return;  // rank 0 refused the arena and says why; its status is the job's
  }

  std::atomic<bool> stop{false};
  std::vector<MatchScore> scores(pairings.size());
  std::vector<RatedGame> rated;
  std::optional<SprtStatus> sprtResult;
  Progress progress(progressOut, ::isatty(STDERR_FILENO) != 0);
  const int total = options.games * static_cast<int>(pairings.size());
  const auto begin = std::chrono::steady_clock::now();
  const auto onGame = [&](const FinishedGame& game) {
    arenaFiles->add(game.record, game.results);
    MatchScore& s = scores[static_cast<std::size_t>(game.pairing)];
    s.add(game.firstScore);
    rated.push_back(game.rated);
    std::string line =
        "arena: " + std::to_string(rated.size()) + "/" + std::to_string(total) + " games";
    if (sprt) {
      sprtResult = sprtStatus(s, *sprt);
      line += ", LLR " + fixed(sprtResult->llr, 2);
      if (sprtResult->decision != SprtDecision::Continue) stop = true;
    }
    progress.update(line);
    if (watch.interrupted()) stop = true;
  };
  const auto onArenaGame = [&](const ArenaGame& game) { onGame(finishedGame(game)); };
  if (world) {
    playArenaOnAllRanks(*world, players, pairings, settings, onArenaGame,
                        [&] { return stop || watch.interrupted(); });
    if (!lead) return;
  } else if (grandGame) {
    playArena(
        players, pairings, grandSettings,
        [&](const GrandArenaGame& game) { onGame(finishedGame(game)); }, &stop);
  } else {
    playArena(players, pairings, settings, onArenaGame, &stop);
  }
  progress.finish();
  arenaFiles->commit();
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();

  out << "Arena: " << players.size() << " players, " << rated.size() << " of " << total
      << " games in " << fixed(seconds, 0) << " s" << (watch.interrupted() ? " (interrupted)" : "")
      << "\n\n";
  for (std::size_t p = 0; p < pairings.size(); ++p) {
    const MatchScore& s = scores[p];
    const EloEstimate elo = estimateElo(s);
    out << "  " << players[static_cast<std::size_t>(pairings[p].first)].name << " vs "
        << players[static_cast<std::size_t>(pairings[p].second)].name << ": W-D-L " << s.wins << "-"
        << s.draws << "-" << s.losses << ", score " << fixed(s.score(), 3) << ", Elo "
        << signedElo(elo.elo) << " [" << signedElo(elo.low) << ", " << signedElo(elo.high) << "]\n";
  }
  if (sprt && sprtResult) out << '\n' << sprtText(*sprtResult, *sprt) << '\n';
  bool ratingsWritten = false;
  if (!rated.empty()) {
    try {
      const RatingsTable table = fitRatings(rated, anchor);
      out << "\nRatings (Bradley-Terry, " << anchor << " = 0):\n" << ratingsText(table);
      writeOrThrow(dir / "ratings.csv", ratingsCsv(table));
      ratingsWritten = true;
    } catch (const RatingsError& e) {
      // An arena stopped early may not link every player to the anchor yet.
      out << "\nNo ratings yet: " << e.what() << '\n';
    }
  }
  out << "\nWrote " << (dir / "results.csv").string() << ", games.jsonl, openings.txt"
      << (ratingsWritten ? ", ratings.csv" : "") << '\n';
}

void runRatings(const RatingsOptions& options, std::ostream& out, std::ostream& err) {
  std::vector<RatedGame> games;
  std::set<std::string> names;
  for (const std::string& source : options.sources) {
    const ResultsRead read = readRatedGames(source);
    for (const std::string& warning : read.warnings)
      err << "camelot ratings: " << warning << '\n';
    for (const RatedGame& g : read.games) {
      names.insert(g.white);
      names.insert(g.black);
    }
    games.insert(games.end(), read.games.begin(), read.games.end());
  }
  if (games.empty()) throw InputError("no games in " + options.sources.front());
  std::string anchor = options.anchor;
  if (anchor.empty()) anchor = names.contains("random") ? "random" : games.front().white;
  const RatingsTable table = fitRatings(games, anchor);
  out << games.size() << " games from " << options.sources.size()
      << (options.sources.size() == 1 ? " file" : " files") << "; Bradley-Terry ratings, " << anchor
      << " = 0:\n"
      << ratingsText(table);
  if (!options.csv.empty()) {
    writeOrThrow(options.csv, ratingsCsv(table));
    out << "Wrote " << options.csv << '\n';
  }
}

}  // namespace camelot::cli
