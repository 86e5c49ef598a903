#pragma once
// A generation's self-play games and where they are played. The games of generation g are
// numbered 0..games_per_generation-1; a game's start and every random choice in it come from
// the run's seed, g and its number alone, so the same numbers give the same games however they
// are split over workers and processes (with the mlp, whose answers do not depend on the batch).

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <type_traits>
#include <vector>

#include "nn/training_sample.hpp"
#include "players/game_record.hpp"
#include "training/run/sparring.hpp"
#include "training/run/train_config.hpp"
#include "training/selfplay/batched_games.hpp"

namespace camelot {

class Model;

struct SelfPlayJob {
  std::int64_t generation = 1;
  std::vector<int> numbers;  // the games to play, by number
};

// One per variant (engine/game_rules.hpp); Grand Camelot's run plays in one process.
template <class Rules>
struct BasicPlayedGame {
  int number = 0;
  typename VariantRecord<Rules>::Record record;  // its `game` is number + 1
  std::vector<BasicTrainingSample<Rules>> samples;
  typename VariantRecord<Rules>::Outcome sampleOutcome{};  // the outcome the samples say
  std::vector<std::byte> chunk;  // the samples in the chunk encoding, as saved
};
using PlayedGame = BasicPlayedGame<StandardRules>;

// How a config's self-play games are played (the seed left at its default): what the loop and
// the self-play benchmark run.
BatchedGamesSettings selfPlaySettings(const TrainConfig& config);

// Plays `job`'s games with `net` on this process. `onGame` receives each game, one call at a
// time, in the order of the job's numbers; `stop` as playBatchedGames.
template <class Rules = StandardRules>
BatchedGamesStats playSelfPlayGames(
    const TrainConfig& config, const SelfPlayJob& job, const std::shared_ptr<const Model>& net,
    const std::type_identity_t<std::function<void(BasicPlayedGame<Rules>&&)>>& onGame,
    const std::atomic<bool>* stop = nullptr);

// The number of the game a worker starts as its index-th, or none when they have run out (a
// list shared with other processes).
using GameNumbers = std::function<std::optional<int>(int index)>;

// Plays at most `most` of `generation`'s games, numbered as `numbers` says, in the order they
// are started.
template <class Rules = StandardRules>
BatchedGamesStats playSelfPlayGames(
    const TrainConfig& config, std::int64_t generation, int most, const GameNumbers& numbers,
    const std::shared_ptr<const Model>& net,
    const std::type_identity_t<std::function<void(BasicPlayedGame<Rules>&&)>>& onGame,
    const std::atomic<bool>* stop = nullptr);

// Where a generation's games are played: this process alone, or every rank of an MPI job
// (training/distributed/mpi_selfplay.hpp).
template <class Rules>
class BasicSelfPlayCluster {
 public:
  virtual ~BasicSelfPlayCluster() = default;
  // Processes that play games.
  virtual int processes() const = 0;
  // Plays `job` with the network saved in `checkpoint` (`net` is it, loaded for this process).
  // `onGame` receives each game on the calling thread as it arrives; `stop` is asked between
  // them, and when it says so no new game starts. The stats sum every process's; their seconds
  // are the wall-clock time of the whole.
  virtual BatchedGamesStats play(const TrainConfig& config, const SelfPlayJob& job,
                                 const std::shared_ptr<const Model>& net,
                                 const std::filesystem::path& checkpoint,
                                 const std::function<void(BasicPlayedGame<Rules>&&)>& onGame,
                                 const std::function<bool()>& stop) = 0;
};
using SelfPlayCluster = BasicSelfPlayCluster<StandardRules>;

// Every game on this process.
template <class Rules = StandardRules>
std::unique_ptr<BasicSelfPlayCluster<Rules>> thisProcessSelfPlay();

}  // namespace camelot
