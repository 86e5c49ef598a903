#pragma once
// A generation's training: optimiser steps on batches drawn from the replay buffer, as many as
// the generation's new positions ask for (training.sample_reuse, clamped to min_steps and
// max_steps), after measuring the network on those positions before it has seen them. Cut
// short, it saves its steps in partial.ckpt, and the next start goes on from there; finished,
// it saves the generation's checkpoint and latest.ckpt.

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <string>

#include "nn/backend/trainer.hpp"
#include "training/replay/replay_buffer.hpp"
#include "training/run/train_config.hpp"
#include "training/text/progress.hpp"

namespace camelot {

template <class Rules>
struct BasicTrainingPhase {
  const std::filesystem::path& run;
  const TrainConfig& config;
  std::int64_t generation = 1;
  Trainer& trainer;
  const BasicReplayBuffer<Rules>& buffer;
  double runProgress = 0.0;  // the share of the run done (the learning rate's schedule)
  Progress& progress;
  const std::function<void(const std::string&)>& say;  // a line for the run's log
  const std::atomic<bool>& interrupted;
};

struct TrainedGeneration {
  bool finished = false;  // false: interrupted (partial.ckpt holds the steps done)
  double seconds = 0.0;
  // Metrics columns: games, positions, training_steps, the losses, the entropy, the learning
  // rate and the test losses.
  std::map<std::string, std::string> cells;
};

template <class Rules>
TrainedGeneration trainGeneration(const BasicTrainingPhase<Rules>& phase);

}  // namespace camelot
