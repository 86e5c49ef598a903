#include "training/run/selfplay_phase.hpp"

#include <chrono>
#include <fstream>
#include <map>
#include <optional>
#include <stdexcept>
#include <vector>

#include "io/durable_file.hpp"
#include "training/run/run_files.hpp"
#include "training/selfplay/material_adjudication.hpp"
#include "training/text/decimal_text.hpp"

namespace camelot {
namespace {

bool drawn(const GameRecord& record) {
  return record.status.outcome == Outcome::Draw;
}
bool drawn(const GrandGameRecord& record) {
  return record.outcome.kind == grand::GrandOutcome::Kind::Draw;
}

// Whether the samples score a drawn game as a win by material.
bool scoredByMaterial(const PlayedGame& game) {
  return game.sampleOutcome != game.record.status.outcome;
}
bool scoredByMaterial(const BasicPlayedGame<GrandRules>& game) {
  return game.sampleOutcome.kind != game.record.outcome.kind;
}

// The side the rules gave the game to, none for a draw.
std::optional<int> winnerOf(const GameRecord& record) {
  return winningSide(record.status.outcome);
}
std::optional<int> winnerOf(const GrandGameRecord& record) {
  return winningSide(record.outcome);
}

// The network's wins, draws and losses against its sparring partners.
struct SparringScore {
  int wins = 0, draws = 0, losses = 0;
  void add(int networkSide, std::optional<int> winner) {
    ++(!winner ? draws : *winner == networkSide ? wins : losses);
  }
  int games() const { return wins + draws + losses; }
  std::string text() const {
    return ", " + std::to_string(games()) + " against sparring partners (the network " +
           std::to_string(wins) + "-" + std::to_string(draws) + "-" + std::to_string(losses) + ")";
  }
};

}  // namespace

template <class Rules>
PlayedGeneration playGeneration(const BasicSelfPlayPhase<Rules>& phase) {
  namespace fs = std::filesystem;
  using Clock = std::chrono::steady_clock;
  const auto& sp = phase.config.selfplay;
  const std::int64_t generation = phase.generation;
  const std::string name = "generation " + std::to_string(generation);
  SelfPlayJob job{generation, {}};
  for (int number = 0; number < sp.gamesPerGeneration; ++number)
    if (!fs::exists(run_files::chunk(phase.run, generation, number))) job.numbers.push_back(number);
  const int remaining = static_cast<int>(job.numbers.size());
  const int done = sp.gamesPerGeneration - remaining;
  PlayedGeneration out;
  if (remaining <= 0) return out;
  out.played = true;
  const int processes = phase.cluster.processes();
  phase.say(name + ": self-play, " + std::to_string(remaining) + " games" +
            (done > 0 ? " (" + std::to_string(done) + " already played)" : "") +
            (processes > 1 ? " on " + std::to_string(processes) + " processes" : ""));

  std::ofstream games(run_files::games(phase.run, generation), std::ios::app);
  int finished = 0;
  int drawn = 0;
  int scoredByMaterial = 0;
  SparringScore sparring;
  std::int64_t positions = 0;
  std::map<int, std::vector<BasicTrainingSample<Rules>>> arrived;  // by number
  const auto begin = Clock::now();
  out.stats = phase.cluster.play(
      phase.config, job, phase.net, run_files::checkpoint(phase.run, generation - 1),
      [&](BasicPlayedGame<Rules>&& game) {
        const fs::path chunk = run_files::chunk(phase.run, generation, game.number);
        const std::string problem = writeFileAtomically(chunk, {game.chunk}, "chunk");
        if (!problem.empty()) throw std::runtime_error(chunk.string() + ": " + problem);
        games << game.record.toJsonLine() << '\n' << std::flush;
        positions += static_cast<std::int64_t>(game.samples.size());
        drawn += camelot::drawn(game.record) ? 1 : 0;
        scoredByMaterial += camelot::scoredByMaterial(game) ? 1 : 0;
        if (const auto partner = sparringSideOf(phase.config, generation, game.number))
          sparring.add(1 - partner->side, winnerOf(game.record));
        arrived[game.number] = std::move(game.samples);
        ++finished;
        const double perGame =
            std::chrono::duration<double>(Clock::now() - begin).count() / finished;
        phase.progress.update(name + " self-play: " + std::to_string(done + finished) + "/" +
                              std::to_string(sp.gamesPerGeneration) + " games, " +
                              std::to_string(positions) + " positions, ETA " +
                              fixed(perGame * (remaining - finished), 0) + " s");
      },
      phase.stop);
  phase.progress.finish();
  for (auto& [number, samples] : arrived)
    phase.buffer.add(std::move(samples));
  // A process that stopped early (its own Ctrl-C) leaves games missing.
  if (finished < remaining && !phase.stop()) {
    phase.say(name + ": " + std::to_string(remaining - finished) + " games were not played");
    out.complete = false;
  }
  const BatchedGamesStats& stats = out.stats;
  const double rate =
      stats.seconds > 0 ? static_cast<double>(stats.evaluations) / stats.seconds : 0.0;
  phase.say(name + ": " + std::to_string(stats.games) +
            (stats.games == 1 ? " game (" : " games (") + std::to_string(drawn) + " drawn, " +
            std::to_string(scoredByMaterial) + " of them scored by material)" +
            (sparring.games() > 0 ? sparring.text() : "") + ", " + std::to_string(stats.samples) +
            " positions, " +
            // Alpha-beta's judge (learning method "alphabeta") asks for one position at a time,
            // unbatched.
            (stats.batches > 0
                 ? fixed(rate, 0) + " evaluations/s, mean batch " +
                       fixed(static_cast<double>(stats.evaluations) / stats.batches, 1) + ", "
                 : "") +
            fixed(stats.seconds, 1) + " s");
  return out;
}

template PlayedGeneration playGeneration(const BasicSelfPlayPhase<StandardRules>&);
template PlayedGeneration playGeneration(const BasicSelfPlayPhase<GrandRules>&);

}  // namespace camelot
