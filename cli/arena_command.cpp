#include "cli/arena_command.hpp"

#include <unistd.h>

#include <chrono>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <ostream>
#include <set>
#include <thread>

#include "cli/command.hpp"
#include "cli/command_options.hpp"
#include "cli/input_error.hpp"
#include "cli/interrupt.hpp"
#include "cli/variant.hpp"
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

// The standard game's length cap without --max-plies: its clock (R9f) ends nearly every game
// well before.
constexpr int kArenaStandardMaxPlies = 300;

namespace fs = std::filesystem;

struct ArenaOptions {
  std::vector<std::string> players;  // player specs (see splitPlayerList)
  std::string gauntlet;              // when set: this player against each of `players`
  int games = 20;                    // a pairing
  std::string openings = "10";       // a suite file, or a count of random openings
  int openingPlies = 4;              // plies of a random opening
  std::uint64_t seed = 1;
  std::string sprt;    // "elo0,elo1": an SPRT between the two players
  std::string out;     // directory; empty: arenas/arena-DATE-TIME
  std::string anchor;  // the player rated 0; empty: random if it plays, else the first
  int simulations = 64;
  std::string search = "alphabeta";  // of networks without search=: "alphabeta", "puct", "gumbel"
  int considered = 16;               // Gumbel: root candidates of sequential halving
  std::optional<int> maxPlies;       // none: 300, or kGrandMaxPlies in Grand Camelot
  int workers = 0;                   // 0: one per core
  int gamesPerWorker = 16;
  std::string device = "cpu";
  std::optional<Variant> variant;  // --variant; none: standard
};

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

template <class Rules>
std::vector<typename Rules::Position> arenaOpenings(const ArenaOptions& options) {
  const std::optional<int> count = openingCount(options);
  if (!count) return readOpenings<Rules>(options.openings);
  return randomOpenings<Rules>(options.seed, *count, options.openingPlies);
}

// A finished game of either variant, as the arena files and reports it.
struct FinishedGame {
  int pairing = 0;
  std::string record;       // its JSON line
  std::string results;      // its results.csv line
  RatedGame rated;          // the side that moved first as "white"
  double firstScore = 0.5;  // the pairing's first player's
};

template <class Rules>
FinishedGame finishedGame(const BasicArenaGame<Rules>& game) {
  using Record = VariantRecord<Rules>;
  const std::array<std::string, 2> sides = Record::sides(game.record);
  return {game.pairing,
          game.record.toJsonLine(),
          resultsLine(game.record),
          {sides[0], sides[1], Record::firstMoverScore(Record::status(game.record))},
          game.firstScore()};
}

// The arena's settings but the openings, in either variant.
template <class Rules>
BasicArenaSettings<Rules> arenaSettingsOf(const ArenaOptions& options) {
  BasicArenaSettings<Rules> settings;
  settings.gamesPerPairing = options.games;
  settings.defaultSimulations = options.simulations;
  settings.maxPlies = options.maxPlies.value_or(
      Rules::kVariant == Variant::Grand ? kGrandMaxPlies : kArenaStandardMaxPlies);
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

namespace {

// The players, pairings, SPRT and anchor the options ask for, checked before any file is made.
struct ArenaPlan {
  std::vector<ArenaPlayer> players;
  std::vector<Pairing> pairings;
  std::optional<SprtSettings> sprt;
  std::string anchor;
};

ArenaPlan planArena(const ArenaOptions& options) {
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
  return {players, pairings, sprt, anchor};
}

// The arena in the game Rules plays: results to `out`, progress to `progressOut`.
template <class Rules>
void runArena(const ArenaOptions& options, const ArenaPlan& plan, std::ostream& out,
              std::ostream& progressOut) {
  // Named references, not structured bindings: clang 14 (scripts/fuzz.sh) cannot capture those.
  const std::vector<ArenaPlayer>& players = plan.players;
  const std::vector<Pairing>& pairings = plan.pairings;
  const std::optional<SprtSettings>& sprt = plan.sprt;
  const std::string& anchor = plan.anchor;
  BasicArenaSettings<Rules> settings = arenaSettingsOf<Rules>(options);
  settings.openings = arenaOpenings<Rules>(options);

  // Under mpirun every rank plays its part of the games; rank 0 alone writes and reports.
  std::optional<MpiWorld> world;
  if (MpiWorld::launched()) {
    if constexpr (Rules::kVariant == Variant::Grand)
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
      writeTextFileAtomically(dir / "openings.txt", openingsText<Rules>(settings.openings));
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
  const auto onArenaGame = [&](const BasicArenaGame<Rules>& game) { onGame(finishedGame(game)); };
  if (world) {
    if constexpr (Rules::kVariant == Variant::Standard)
      playArenaOnAllRanks(*world, players, pairings, settings, onArenaGame,
                          [&] { return stop || watch.interrupted(); });
    if (!lead) return;
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
    out << "  " << players[static_cast<std::size_t>(pairings[p].first)].name << " vs "
        << players[static_cast<std::size_t>(pairings[p].second)].name << ": "
        << matchScoreText(scores[p]) << '\n';
  }
  if (sprt && sprtResult) out << '\n' << sprtText(*sprtResult, *sprt) << '\n';
  bool ratingsWritten = false;
  if (!rated.empty()) {
    try {
      const RatingsTable table = fitRatings(rated, anchor);
      out << "\nRatings (Bradley-Terry, " << anchor << " = 0):\n" << ratingsText(table);
      writeTextFileAtomically(dir / "ratings.csv", ratingsCsv(table));
      ratingsWritten = true;
    } catch (const RatingsError& e) {
      // An arena stopped early may not link every player to the anchor yet.
      out << "\nNo ratings yet: " << e.what() << '\n';
    }
  }
  out << "\nWrote " << (dir / "results.csv").string() << ", games.jsonl, openings.txt"
      << (ratingsWritten ? ", ratings.csv" : "") << '\n';
}

}  // namespace

void addArenaCommand(CLI::App& app, Commands& commands) {
  auto options = std::make_shared<ArenaOptions>();
  auto lists = std::make_shared<std::vector<std::string>>();
  CLI::App* arena = app.add_subcommand(
      "arena",
      "Play a round robin (or a gauntlet) among networks, classical players and outside "
      "engines in paired openings, and rate them (Bradley-Terry, 95% intervals); optionally an "
      "SPRT between two players. Results go to a directory that 'camelot ratings' reads. Under "
      "mpirun the games are spread over the ranks and rank 0 writes the same files.");
  arena->add_option("--players", *lists,
                    "Players, comma-separated: net:FILE[,sims=N], random, greedy, "
                    "alphabeta:depth=N, mcts:..., engine:CMD (repeatable)");
  arena->add_option("--player", options->players,
                    "One player spec taken verbatim, e.g. an engine:CMD holding commas "
                    "(repeatable)");
  arena->add_option("--gauntlet", options->gauntlet,
                    "Play only this player against each of the others");
  arena->add_option("--games", options->games, "Games a pairing (even: colours swapped)")
      ->capture_default_str();
  arena
      ->add_option("--openings", options->openings,
                   "Opening suite file (one CFEN a line), or a count of random openings")
      ->capture_default_str();
  arena->add_option("--opening-plies", options->openingPlies, "Plies of a random opening")
      ->capture_default_str()
      ->check(CLI::Range(0, 200));
  arena->add_option("--seed", options->seed, "Seed of the random openings and players")
      ->capture_default_str();
  arena->add_option("--sprt", options->sprt,
                    "ELO0,ELO1: stop when the SPRT (alpha = beta = 0.05) decides between the two "
                    "players; --games is then the most a pairing plays");
  arena->add_option("--out", options->out,
                    "Directory for results.csv, games.jsonl, ratings.csv, openings.txt "
                    "(default arenas/arena-DATE-TIME)");
  arena->add_option("--anchor", options->anchor,
                    "Player rated 0 (default: random if it plays, else the first)");
  arena
      ->add_option("--sims", options->simulations,
                   "Simulations of tree-searching networks without sims=")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000000));
  arena
      ->add_option("--search", options->search,
                   "Search of networks without search=: alphabeta (on the network's value and "
                   "policy), gumbel (Gumbel root search, as self-play) or puct")
      ->capture_default_str()
      ->check(CLI::IsMember({"alphabeta", "gumbel", "puct"}));
  arena
      ->add_option("--considered", options->considered,
                   "Gumbel only: root moves sequential halving considers")
      ->capture_default_str()
      ->check(CLI::Range(1, 1024));
  arena
      ->add_option("--max-plies", options->maxPlies,
                   "Adjudicate a game as a draw after this many plies (a setting, not a rule); "
                   "default " +
                       std::to_string(kArenaStandardMaxPlies) + ", " +
                       std::to_string(kGrandMaxPlies) + " in Grand Camelot")
      ->check(CLI::Range(1, 100000));
  arena->add_option("--workers", options->workers, "Worker threads (0: one per core)")
      ->capture_default_str()
      ->check(CLI::Range(0, 256));
  arena->add_option("--games-per-worker", options->gamesPerWorker, "Games a worker steps at once")
      ->capture_default_str()
      ->check(CLI::Range(1, 4096));
  arena->add_option("--device", options->device, "Where networks run: cpu, cuda, cuda:N")
      ->capture_default_str();
  addVariantOption(arena, options->variant,
                   "; each player moves for a partnership, swapped every game; --openings is a "
                   "count",
                   "standard");
  commands.add(arena, [options, lists](const CommandStreams& io) {
    for (const std::string& list : *lists)
      for (const std::string& spec : splitPlayerList(list))
        options->players.push_back(spec);
    const ArenaPlan plan = planArena(*options);
    withRules(options->variant.value_or(Variant::Standard),
              [&]<class Rules>(Rules) { runArena<Rules>(*options, plan, io.out, io.err); });
  });
}

}  // namespace camelot::cli
