#pragma once
// A generation's self-play: the games that have no chunk yet, played where the run's
// SelfPlayCluster plays them, each saved as it arrives (its chunk, named by its number, and its
// record), so an interruption loses only the games in flight and the next session plays the
// numbers that are missing. The replay buffer then takes the new samples in the order of the
// games' numbers, however they arrived, as it does when it loads the chunks.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>

#include "training/replay/replay_buffer.hpp"
#include "training/run/selfplay_games.hpp"
#include "training/text/progress.hpp"

namespace camelot {

template <class Rules>
struct BasicSelfPlayPhase {
  const std::filesystem::path& run;
  const TrainConfig& config;
  std::int64_t generation = 1;
  BasicSelfPlayCluster<Rules>& cluster;
  std::shared_ptr<const Model> net;  // the previous generation's, in this process
  BasicReplayBuffer<Rules>& buffer;
  Progress& progress;
  const std::function<void(const std::string&)>& say;  // a line for the run's log
  const std::function<bool()>& stop;
};

struct PlayedGeneration {
  bool played = false;      // false: every game had been played already
  bool complete = true;     // false: a process stopped before its games were done
  BatchedGamesStats stats;  // of this session's games
};

template <class Rules>
PlayedGeneration playGeneration(const BasicSelfPlayPhase<Rules>& phase);

}  // namespace camelot
