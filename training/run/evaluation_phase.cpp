#include "training/run/evaluation_phase.hpp"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cmath>
#include <sstream>
#include <vector>

#include "engine/random/splitmix64.hpp"
#include "io/durable_file.hpp"
#include "training/evaluation/arena.hpp"
#include "training/evaluation/elo.hpp"
#include "training/evaluation/match.hpp"
#include "training/evaluation/openings.hpp"
#include "training/evaluation/ratings.hpp"
#include "training/evaluation/results_file.hpp"
#include "training/run/run_files.hpp"
#include "training/text/csv.hpp"
#include "training/text/decimal_text.hpp"

namespace camelot {
namespace {

namespace fs = std::filesystem;

// "alphabeta:depth=2" -> "alphabeta_depth_2": a metrics column name.
std::string columnName(const std::string& spec) {
  std::string name;
  for (const char c : spec)
    name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return name;
}

std::string eloText(double elo) {
  if (std::isinf(elo)) return elo > 0 ? "inf" : "-inf";
  return fixed(elo, 1);
}

// Adds a generation's evaluation games to results.csv, replacing any it already holds (an
// earlier session that stopped after writing them but before the metrics row).
void recordResults(const fs::path& run, const std::string& name, const std::string& lines) {
  const fs::path file = run / "results.csv";
  std::string text = resultsHeader();
  if (fs::exists(file)) {
    std::istringstream old(readTextFile(file));
    std::string line;
    std::getline(old, line);  // the header
    while (std::getline(old, line)) {
      const std::vector<std::string> fields = splitCsvLine(line);
      if (fields.size() >= 2 && fields[0] != name && fields[1] != name) text += line + '\n';
    }
  }
  writeTextFileAtomically(file, text + lines);
}

// The Bradley-Terry fit of every evaluation game of the run, saved as ratings.csv; random
// is the anchor when it plays, else the first baseline, else generation 1.
RatingsTable rateRun(const fs::path& run, const TrainConfig& config) {
  const ResultsRead read = readResults(run / "results.csv");
  const auto& baselines = config.evaluation.baselines;
  const std::string anchor =
      std::find(baselines.begin(), baselines.end(), "random") != baselines.end() ? "random"
      : !baselines.empty()                                                       ? baselines[0]
                                                                                 : "gen-1";
  const RatingsTable table = fitRatings(read.games, anchor);
  writeTextFileAtomically(run / "ratings.csv", ratingsCsv(table));
  return table;
}

// The same random openings every generation.
std::vector<Position> evaluationOpenings(std::uint64_t seed, int count, int plies, StandardRules) {
  return randomOpenings(seed, count, plies);
}
std::vector<grand::GrandPosition> evaluationOpenings(std::uint64_t seed, int count, int plies,
                                                     GrandRules) {
  std::vector<grand::GrandPosition> openings;
  for (int k = 0; k < count; ++k)
    openings.push_back(randomOpening<GrandRules>(seed, k, plies));
  return openings;
}

template <class Rules>
BasicArenaSettings<Rules> arenaSettings(const TrainConfig& config, std::int64_t generation) {
  const auto& e = config.evaluation;
  BasicArenaSettings<Rules> settings;
  settings.gamesPerPairing = e.games;
  settings.openings =
      evaluationOpenings(mixSeed(config.run.seed, 0x0be1), e.games / 2, e.openingPlies, Rules{});
  settings.defaultSimulations = e.simulations;
  settings.search = config.selfplay.search == "gumbel" ? NetSearch::Gumbel : NetSearch::Puct;
  settings.gumbelConsidered = config.selfplay.gumbelConsidered;
  settings.maxPlies = e.maxPlies;
  settings.workers = config.selfplay.workers;
  settings.gamesPerWorker = config.selfplay.gamesPerWorker;
  settings.device = config.selfplay.device;
  settings.seed = mixSeed(config.run.seed, 0xe7a1 + static_cast<std::uint64_t>(generation));
  return settings;
}

}  // namespace

template <class Rules>
std::optional<GenerationScores> evaluateGeneration(const fs::path& run, const TrainConfig& config,
                                                   std::int64_t generation, Progress& progress,
                                                   const std::function<bool()>& stop) {
  const auto& e = config.evaluation;
  const bool matches = generation % e.every == 0 && e.games > 0;
  const std::string name = "gen-" + std::to_string(generation);
  std::vector<ArenaPlayer> players;
  if (matches) {
    const auto netPlayer = [&](std::int64_t g) {
      return ArenaPlayer{"net:" + run_files::checkpoint(run, g).string() +
                             ",sims=" + std::to_string(e.simulations),
                         "gen-" + std::to_string(g)};
    };
    players.push_back(netPlayer(generation));
    if (e.previous && generation > 1) players.push_back(netPlayer(generation - 1));
    for (const std::string& baseline : e.baselines)
      players.push_back({baseline, baseline});
  }
  std::vector<MatchScore> scores(players.size());
  if (players.size() > 1) {
    const std::vector<Pairing> pairings = gauntlet(0, static_cast<int>(players.size()));
    const int count = e.games * static_cast<int>(pairings.size());
    std::vector<std::string> results(static_cast<std::size_t>(count));  // pairing by pairing
    int finished = 0;
    std::atomic<bool> stopped{false};
    playArena<Rules>(
        players, pairings, arenaSettings<Rules>(config, generation),
        [&](const BasicArenaGame<Rules>& game) {
          scores[static_cast<std::size_t>(pairings[static_cast<std::size_t>(game.pairing)].second)]
              .add(game.firstScore());
          results[static_cast<std::size_t>(game.pairing * e.games + game.game)] =
              resultsLine(game.record);
          ++finished;
          progress.update("generation " + std::to_string(generation) + " evaluation: " +
                          std::to_string(finished) + "/" + std::to_string(count) + " games");
          if (stop()) stopped = true;
        },
        &stopped);
    progress.finish();
    if (stopped) return std::nullopt;
    std::string lines;
    for (const std::string& line : results)
      lines += line;
    recordResults(run, name, lines);
  }
  GenerationScores out;
  for (std::size_t o = 1; o < players.size(); ++o) {
    const std::string opponent =
        o == 1 && e.previous && generation > 1 ? "previous" : players[o].name;
    const std::string column = columnName(opponent);
    out.cells["score_" + column] = fixed(scores[o].score(), 3);
    out.cells["elo_" + column] = eloText(estimateElo(scores[o]).elo);
    out.summary += (out.summary.empty() ? "" : ", ") + opponent + " " +
                   fixed(scores[o].score(), 3) + " (" + std::to_string(scores[o].wins) + "-" +
                   std::to_string(scores[o].draws) + "-" + std::to_string(scores[o].losses) + ")";
  }
  if (matches) {
    const RatingsTable table = rateRun(run, config);
    for (const PlayerRating& r : table.players)
      if (r.name == name) {
        out.cells["rating"] = fixed(r.elo, 1);
        out.cells["rating_margin"] = fixed(r.margin, 1);
        out.summary += "; rating " + fixed(r.elo, 0) + " +- " + fixed(r.margin, 0) + " (" +
                       table.anchor + " = 0)";
      }
  }
  return out;
}

template std::optional<GenerationScores> evaluateGeneration<StandardRules>(
    const fs::path&, const TrainConfig&, std::int64_t, Progress&, const std::function<bool()>&);
template std::optional<GenerationScores> evaluateGeneration<GrandRules>(
    const fs::path&, const TrainConfig&, std::int64_t, Progress&, const std::function<bool()>&);

}  // namespace camelot
