#include <cmath>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>

#include "cli/command.hpp"
#include "cli/command_options.hpp"
#include "cli/input_error.hpp"
#include "cli/interrupt.hpp"
#include "cli/variant.hpp"
#include "io/durable_file.hpp"
#include "players/game_record.hpp"
#include "players/player_factory.hpp"
#include "training/evaluation/match.hpp"
#include "training/run/directory_lock.hpp"

namespace camelot::cli {
namespace {

// The standard game's length cap without --max-plies.
constexpr int kMatchStandardMaxPlies = 1000;

struct MatchOptions {
  std::string white;
  std::string black;
  int games = 2;
  int openingPlies = 0;
  std::uint64_t seed = 1;
  std::optional<int> maxPlies;  // none: 1000, or kGrandMaxPlies in Grand Camelot
  int threads = 1;
  std::string outDirectory;
  bool json = false;
  std::optional<Variant> variant;  // --variant; none: standard
};

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

// --out DIR: the match's settings (match.json) and its games (games.jsonl), each game appended
// as it ends. The same match started again on DIR plays only its missing games; DIR holding
// another match, or games without settings, is refused: nothing there is ever overwritten.
class MatchDirectory {
 public:
  MatchDirectory(const std::string& directory, const nlohmann::ordered_json& settings) {
    if (directory.empty()) return;
    dir_ = directory;
    std::error_code error;
    std::filesystem::create_directories(dir_, error);
    if (error)
      throw InputError("--out " + directory + ": cannot create the directory: " + error.message());
    lock_.emplace(dir_);
    const std::filesystem::path settingsFile = dir_ / "match.json";
    if (std::filesystem::exists(settingsFile)) {
      std::ifstream in(settingsFile);
      const nlohmann::ordered_json earlier = nlohmann::ordered_json::parse(in, nullptr, false);
      if (earlier != settings)
        throw InputError("--out " + directory + " holds another match (" +
                         (earlier.is_discarded() ? std::string("its match.json is unreadable")
                                                 : differences(earlier, settings)) +
                         "); choose another directory");
      readEarlierGames();
    } else if (std::filesystem::exists(path()) ||
               std::filesystem::exists(dir_ / "games.jsonl.tmp")) {
      throw InputError("--out " + directory +
                       " already holds games of a match without its settings; choose another "
                       "directory");
    } else {
      writeTextFileAtomically(settingsFile, settings.dump(2) + "\n");
    }
    out_.open(path(), std::ios::app);
    if (!out_) throw InputError("--out " + directory + ": cannot write " + path().string());
  }

  // The games it already holds: index (from 0) and the score of the side that moved first.
  const std::vector<std::pair<int, double>>& earlier() const { return earlier_; }

  // Appends a game's record (its JSON line).
  void write(const std::string& record) {
    if (!out_.is_open()) return;
    out_ << record << '\n' << std::flush;
  }

  bool enabled() const { return !dir_.empty(); }
  std::filesystem::path path() const { return dir_ / "games.jsonl"; }

 private:
  // "games: 10 there, 20 here; seed: 1 there, 2 here".
  static std::string differences(const nlohmann::ordered_json& there,
                                 const nlohmann::ordered_json& here) {
    std::string text;
    for (const auto& [key, value] : here.items()) {
      const std::string old = there.contains(key) ? there[key].dump() : "(none)";
      if (old != value.dump())
        text += (text.empty() ? "" : "; ") + key + ": " + old + " there, " + value.dump() + " here";
    }
    return text;
  }

  // Reads games.jsonl. A last line without its line break is a write cut short by a kill: it
  // is dropped, and that game played again.
  void readEarlierGames() {
    std::ifstream in(path(), std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), {});
    const std::size_t lastBreak = text.rfind('\n');
    const std::size_t complete = lastBreak == std::string::npos ? 0 : lastBreak + 1;
    if (complete < text.size()) writeTextFileAtomically(path(), text.substr(0, complete));
    std::istringstream lines(text.substr(0, complete));
    int number = 0;
    for (std::string line; std::getline(lines, line);) {
      ++number;
      try {
        const WrittenGameRecord record = readGameRecordLine(line);
        if (record.game < 1) throw GameRecordError("bad game record: no \"game\" number");
        // White and Red-Blue move first; Black and Green-Yellow second.
        const double firstMoverScore = record.result == "white" || record.result == "rb"   ? 1.0
                                       : record.result == "black" || record.result == "gy" ? 0.0
                                                                                           : 0.5;
        earlier_.emplace_back(static_cast<int>(record.game - 1), firstMoverScore);
      } catch (const GameRecordError& e) {
        throw InputError(path().string() + " line " + std::to_string(number) + ": " + e.what());
      }
    }
  }

  std::filesystem::path dir_;
  std::optional<DirectoryLock> lock_;
  std::vector<std::pair<int, double>> earlier_;
  std::ofstream out_;
};

// What a finished game's progress line says after its number: the sides, the result, why.
std::string gameLine(const GameRecord& record) {
  return record.white + " (White) vs " + record.black + ": " +
         std::string(outcomeName(record.status.outcome)) + " (" +
         std::string(endReasonName(record.status.reason)) + ", " +
         std::to_string(record.moves.size()) + " plies)";
}

std::string gameLine(const GrandGameRecord& record) {
  return record.rb + " (Red, Blue) vs " + record.gy +
         " (Green, Yellow): " + grandResultName(record.outcome) + " (" + record.outcome.reason +
         ", " + std::to_string(record.moves.size()) + " plies)";
}

// The games of the match in the game Rules plays; a line per finished game to `progress`.
template <class Rules>
MatchResult playTheGames(const PlayerSpec& first, const PlayerSpec& second,
                         const MatchSettings& settings, MatchDirectory& games,
                         std::ostream& progress) {
  int finished = static_cast<int>(settings.alreadyPlayed.size());
  return playMatch<Rules>(first.text(), second.text(), settings,
                          [&](int, const typename VariantRecord<Rules>::Record& record) {
                            games.write(record.toJsonLine());
                            progress << "game " << record.game << " (" << ++finished << "/"
                                     << settings.games << " done): " << gameLine(record) << '\n';
                          });
}

// Results to `out`; a line per finished game to `progress`.
void runMatch(const MatchOptions& options, std::ostream& out, std::ostream& progress) {
  const Variant variant = options.variant.value_or(Variant::Standard);
  const bool grandGame = variant == Variant::Grand;
  const PlayerSpec white = PlayerSpec::parse(options.white);
  const PlayerSpec black = PlayerSpec::parse(options.black);
  for (const PlayerSpec* spec : {&white, &black})
    withRules(variant, [&]<class Rules>(Rules) { validatePlayerSpec<Rules>(*spec); });

  MatchSettings settings;
  settings.games = options.games;
  settings.openingPlies = options.openingPlies;
  settings.seed = options.seed;
  settings.maxPlies =
      options.maxPlies.value_or(grandGame ? kGrandMaxPlies : kMatchStandardMaxPlies);
  settings.threads = options.threads;

  nlohmann::ordered_json described;
  if (grandGame) described["variant"] = "grand";
  described["white"] = white.text();
  described["black"] = black.text();
  described["games"] = settings.games;
  described["opening_plies"] = settings.openingPlies;
  described["seed"] = settings.seed;
  described["max_plies"] = settings.maxPlies;
  MatchDirectory games(options.outDirectory, described);
  for (const auto& [index, score] : games.earlier())
    settings.alreadyPlayed.insert(index);
  progress << "match: " << white.text() << " vs " << black.text() << ", " << settings.games
           << " games in pairs (" << (grandGame ? "partnerships" : "colours")
           << " swapped), openings of " << settings.openingPlies << " random plies, seed "
           << settings.seed << '\n';
  if (!settings.alreadyPlayed.empty())
    progress << "resuming " << games.path().string() << ": " << settings.alreadyPlayed.size()
             << " games already played\n";
  // Ctrl-C or SIGTERM: the games in play are dropped, the finished ones kept and summed up.
  const InterruptWatch watch;
  settings.stop = &watch.interrupted();
  MatchResult result = withRules(variant, [&]<class Rules>(Rules) {
    return playTheGames<Rules>(white, black, settings, games, progress);
  });
  const int finished = result.total().games() + static_cast<int>(games.earlier().size());
  for (const auto& [index, score] : games.earlier())
    result.add(index, score);
  if (watch.interrupted())
    progress << "interrupted after " << finished << " of " << settings.games << " games"
             << (games.enabled() ? "; the same command resumes the match" : "") << '\n';

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
  out << scoreLine(white.text() + (grandGame ? " as Red and Blue" : " as White"), result.asWhite)
      << '\n'
      << scoreLine(white.text() + (grandGame ? " as Green and Yellow" : " as Black"),
                   result.asBlack)
      << '\n'
      << scoreLine(white.text() + " in all", total) << '\n'
      << "score " << std::fixed << std::setprecision(3) << total.score() << ", Elo "
      << eloText(elo.elo) << " (95% interval " << eloText(elo.low) << " .. " << eloText(elo.high)
      << ")\n";
  if (games.enabled()) out << "games saved to " << games.path().string() << '\n';
}

}  // namespace

void addMatchCommand(CLI::App& app, Commands& commands) {
  auto options = std::make_shared<MatchOptions>();
  CLI::App* match = app.add_subcommand(
      "match",
      "Play games between two players, in pairs from the same opening with colours swapped, and "
      "report wins, draws, losses, score and Elo difference with a 95% interval.");
  match
      ->add_option("--white", options->white,
                   "First player, White in odd games: random, greedy, alphabeta:depth=4, ...")
      ->required();
  match->add_option("--black", options->black, "Second player")->required();
  match->add_option("--games", options->games, "Number of games")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000000));
  match
      ->add_option("--opening-plies", options->openingPlies,
                   "Random plies from the start before each pair of games")
      ->capture_default_str()
      ->check(CLI::Range(0, 200));
  // The old name, which arena uses for a count of openings: kept for one release, with a
  // warning.
  CLI::Option* openingsOld =
      match
          ->add_option("--openings", options->openingPlies,
                       "Old name of --opening-plies (arena's --openings counts openings); goes "
                       "in the next release")
          ->check(CLI::Range(0, 200));
  match->add_option("--seed", options->seed, "Seed of openings and players")->capture_default_str();
  match
      ->add_option("--max-plies", options->maxPlies,
                   "Adjudicate a game as a draw after this many plies (a setting, not a rule); "
                   "default " +
                       std::to_string(kMatchStandardMaxPlies) + ", " +
                       std::to_string(kGrandMaxPlies) + " in Grand Camelot")
      ->check(CLI::Range(1, 100000));
  match
      ->add_option("--threads", options->threads,
                   "Worker threads; each steps several games at once, batching a tree-searching "
                   "network's evaluations as arena does")
      ->capture_default_str()
      ->check(CLI::Range(1, 256));
  match->add_option("--out", options->outDirectory, "Directory for the game records (games.jsonl)");
  addVariantOption(match, options->variant,
                   "; --white moves for Red and Blue in odd games, Green and Yellow in even ones",
                   "standard");
  match->add_flag(
      "--json", options->json,
      "Print one JSON object: games, wins, draws, losses, score, elo, elo_low, elo_high");
  commands.add(match, [options, openingsOld](const CommandStreams& io) {
    if (openingsOld->count() > 0)
      io.err << "camelot match: warning: --openings is now --opening-plies (plies of each "
                "opening; arena's --openings counts openings); the old name goes in the next "
                "release\n";
    runMatch(*options, io.out, io.err);
  });
}

}  // namespace camelot::cli
