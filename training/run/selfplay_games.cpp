#include "training/run/selfplay_games.hpp"

#include <random>
#include <string>

#include "engine/splitmix64.hpp"
#include "training/evaluation/openings.hpp"
#include "training/replay/chunk_file.hpp"

namespace camelot {
namespace {

class ThisProcess final : public SelfPlayCluster {
 public:
  int processes() const override { return 1; }

  BatchedGamesStats play(const TrainConfig& config, const SelfPlayJob& job,
                         const std::shared_ptr<const Model>& net, const std::filesystem::path&,
                         const std::function<void(PlayedGame&&)>& onGame,
                         const std::function<bool()>& stop) override {
    std::atomic<bool> stopping{false};
    return playSelfPlayGames(
        config, job, net,
        [&](PlayedGame&& game) {
          onGame(std::move(game));
          if (stop()) stopping = true;
        },
        &stopping);
  }
};

}  // namespace

BatchedGamesSettings selfPlaySettings(const TrainConfig& config) {
  const auto& sp = config.selfplay;
  BatchedGamesSettings settings;
  settings.workers = sp.workers;
  settings.gamesPerWorker = sp.gamesPerWorker;
  settings.gumbel = sp.search == "gumbel";
  settings.simulations = sp.simulations;
  settings.cheapSimulations = sp.cheapSimulations;
  settings.recordCheapSearches = sp.recordCheapSearches;
  settings.fullSearchFraction = sp.fullSearchFraction;
  settings.gumbelConsidered = sp.gumbelConsidered;
  settings.samplingPlies = sp.openingPlies;
  settings.temperature = sp.temperature;
  settings.maxPlies = sp.maxPlies;
  settings.materialAdjudication = sp.materialAdjudication;
  return settings;
}

BatchedGamesStats playSelfPlayGames(const TrainConfig& config, const SelfPlayJob& job,
                                    const std::shared_ptr<const Model>& net,
                                    const std::function<void(PlayedGame&&)>& onGame,
                                    const std::atomic<bool>* stop) {
  return playSelfPlayGames(
      config, job.generation, static_cast<int>(job.numbers.size()),
      [&](int index) { return job.numbers[static_cast<std::size_t>(index)]; }, net, onGame, stop);
}

BatchedGamesStats playSelfPlayGames(const TrainConfig& config, std::int64_t generation, int most,
                                    const GameNumbers& numbers,
                                    const std::shared_ptr<const Model>& net,
                                    const std::function<void(PlayedGame&&)>& onGame,
                                    const std::atomic<bool>* stop) {
  const auto seed = static_cast<std::uint64_t>(generation);
  BatchedGamesSettings settings = selfPlaySettings(config);
  settings.seed = mixSeed(config.run.seed, seed);
  const std::string name = "gen-" + std::to_string(generation - 1);
  return playBatchedGames(
      {net}, settings, most,
      [&](int index) -> std::optional<GamePlan> {
        const std::optional<int> number = numbers(index);
        if (!number) return std::nullopt;
        GamePlan game;
        game.start = Position::start();
        game.sides = {GameSide{0, "", name}, GameSide{0, "", name}};
        game.record = true;
        game.number = *number;
        // Whether a game starts scattered, and where, follows from its number too.
        std::mt19937_64 rng(mixSeed(config.run.seed ^ 0x5ca77e4edULL,
                                    seed * 1'000'000 + static_cast<std::uint64_t>(*number)));
        if (std::bernoulli_distribution(config.selfplay.scatteredStartFraction)(rng))
          game.start = scatteredPosition(rng());
        return game;
      },
      [&](FinishedGame&& finished) {
        PlayedGame game;
        game.number = finished.record.game - 1;  // batched games number records from 1
        game.record = std::move(finished.record);
        game.chunk = encodeChunk(finished.samples, "game " + std::to_string(game.record.game));
        game.samples = std::move(finished.samples);
        game.sampleOutcome = finished.sampleOutcome;
        onGame(std::move(game));
      },
      stop);
}

std::unique_ptr<SelfPlayCluster> thisProcessSelfPlay() {
  return std::make_unique<ThisProcess>();
}

}  // namespace camelot
