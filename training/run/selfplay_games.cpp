#include "training/run/selfplay_games.hpp"

#include <random>
#include <string>

#include "engine/grand/grand_position.hpp"
#include "engine/random/splitmix64.hpp"
#include "training/evaluation/openings.hpp"
#include "training/replay/chunk_file.hpp"

namespace camelot {
namespace {

template <class Rules>
class ThisProcess final : public BasicSelfPlayCluster<Rules> {
 public:
  int processes() const override { return 1; }

  BatchedGamesStats play(const TrainConfig& config, const SelfPlayJob& job,
                         const std::shared_ptr<const Model>& net, const std::filesystem::path&,
                         const std::function<void(BasicPlayedGame<Rules>&&)>& onGame,
                         const std::function<bool()>& stop) override {
    std::atomic<bool> stopping{false};
    return playSelfPlayGames<Rules>(
        config, job, net,
        [&](BasicPlayedGame<Rules>&& game) {
          onGame(std::move(game));
          if (stop()) stopping = true;
        },
        &stopping);
  }
};

}  // namespace

BatchedGamesSettings selfPlaySettings(const TrainConfig& config) {
  return {.selfplay = config.selfplay, .learning = config.learning};
}

namespace {

// A game's start: the variant's start, or (a share of the games) scattered pieces, as its
// number says.
template <class Rules>
typename Rules::Position startOf(const TrainConfig& config, std::uint64_t generation, int number) {
  std::mt19937_64 rng(mixSeed(config.run.seed ^ 0x5ca77e4edULL,
                              generation * 1'000'000 + static_cast<std::uint64_t>(number)));
  if (std::bernoulli_distribution(config.selfplay.scatteredStartFraction)(rng))
    return scatteredPosition<Rules>(rng());
  return Rules::Position::start();
}

}  // namespace

template <class Rules>
BatchedGamesStats playSelfPlayGames(
    const TrainConfig& config, const SelfPlayJob& job, const std::shared_ptr<const Model>& net,
    const std::type_identity_t<std::function<void(BasicPlayedGame<Rules>&&)>>& onGame,
    const std::atomic<bool>* stop) {
  return playSelfPlayGames<Rules>(
      config, job.generation, static_cast<int>(job.numbers.size()),
      [&](int index) { return job.numbers[static_cast<std::size_t>(index)]; }, net, onGame, stop);
}

template <class Rules>
BatchedGamesStats playSelfPlayGames(
    const TrainConfig& config, std::int64_t generation, int most, const GameNumbers& numbers,
    const std::shared_ptr<const Model>& net,
    const std::type_identity_t<std::function<void(BasicPlayedGame<Rules>&&)>>& onGame,
    const std::atomic<bool>* stop) {
  const auto seed = static_cast<std::uint64_t>(generation);
  BatchedGamesSettings settings = selfPlaySettings(config);
  settings.seed = mixSeed(config.run.seed, seed);
  const std::string name = "gen-" + std::to_string(generation - 1);
  return playBatchedGames<Rules>(
      {net}, settings, most,
      [&](int index) -> std::optional<BasicGamePlan<Rules>> {
        const std::optional<int> number = numbers(index);
        if (!number) return std::nullopt;
        BasicGamePlan<Rules> game;
        // Whether a game starts scattered, and where, follows from its number too.
        game.start = startOf<Rules>(config, seed, *number);
        game.sides = {GameSide{0, "", name}, GameSide{0, "", name}};
        if (const auto partner = sparringSideOf(config, generation, *number))
          game.sides[static_cast<std::size_t>(partner->side)] =
              GameSide{-1, partner->spec, partner->spec};
        game.record = true;
        game.number = *number;
        return game;
      },
      [&](BasicFinishedGame<Rules>&& finished) {
        BasicPlayedGame<Rules> game;
        game.number = finished.record.game - 1;  // batched games number records from 1
        game.record = std::move(finished.record);
        game.chunk = encodeChunk(finished.samples, "game " + std::to_string(game.record.game));
        game.samples = std::move(finished.samples);
        game.sampleOutcome = finished.sampleOutcome;
        onGame(std::move(game));
      },
      stop);
}

template <class Rules>
std::unique_ptr<BasicSelfPlayCluster<Rules>> thisProcessSelfPlay() {
  return std::make_unique<ThisProcess<Rules>>();
}

template BatchedGamesStats playSelfPlayGames<StandardRules>(
    const TrainConfig&, const SelfPlayJob&, const std::shared_ptr<const Model>&,
    const std::function<void(PlayedGame&&)>&, const std::atomic<bool>*);
template BatchedGamesStats playSelfPlayGames<GrandRules>(
    const TrainConfig&, const SelfPlayJob&, const std::shared_ptr<const Model>&,
    const std::function<void(BasicPlayedGame<GrandRules>&&)>&, const std::atomic<bool>*);
template BatchedGamesStats playSelfPlayGames<StandardRules>(
    const TrainConfig&, std::int64_t, int, const GameNumbers&, const std::shared_ptr<const Model>&,
    const std::function<void(PlayedGame&&)>&, const std::atomic<bool>*);
template BatchedGamesStats playSelfPlayGames<GrandRules>(
    const TrainConfig&, std::int64_t, int, const GameNumbers&, const std::shared_ptr<const Model>&,
    const std::function<void(BasicPlayedGame<GrandRules>&&)>&, const std::atomic<bool>*);
template std::unique_ptr<BasicSelfPlayCluster<StandardRules>> thisProcessSelfPlay();
template std::unique_ptr<BasicSelfPlayCluster<GrandRules>> thisProcessSelfPlay();

}  // namespace camelot
