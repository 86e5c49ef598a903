#pragma once
// The main job: generations of self-play, training and evaluation, recorded in a run
// directory and resumable after any interruption (docs/training.md has the layout).

#include <atomic>
#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "training/run/selfplay_games.hpp"
#include "training/run/train_config.hpp"

namespace camelot {

// The config a new run takes when none is given.
inline constexpr const char* kDefaultTrainConfig = "configs/default.toml";

struct TrainRunOptions {
  // Empty: the run directory's own config.toml, or kDefaultTrainConfig for a new run.
  std::filesystem::path config;
  std::filesystem::path runDirectory;
  std::optional<double> hours;  // overrides run.hours of the config
  bool terminal = false;        // progress as a live line
  // A new run starts from this checkpoint's weights (generation 0, a fresh optimizer and
  // learning-rate schedule) instead of fresh ones; its network must be the config's. A run
  // that has a network already resumes as if it were not given.
  std::filesystem::path init;
  // Where self-play games are played, for a run of the standard game and of Grand Camelot
  // (the config's [game] variant says which is used); null: this process.
  SelfPlayCluster* selfPlay = nullptr;
  BasicSelfPlayCluster<GrandRules>* grandSelfPlay = nullptr;
  // Config keys set over the config file's, each "SECTION.KEY=VALUE" (loadTrainConfig).
  std::vector<std::string> overrides = {};
};

// The variant the run learns: the [game] variant of the config runTraining would read (the
// options' config, else the run directory's own, else the default, with the overrides). Throws
// ConfigError as runTraining would.
Variant runVariant(const TrainRunOptions& options);

// Runs or resumes the run until its generations or hours are done or `interrupted` becomes
// true (the work in flight is then saved or dropped so that the same call resumes it). Log
// lines go to `log` and to the run's log.txt; progress to `progress`. Throws ConfigError for
// a bad config or one this machine cannot run, DirectoryInUse when another process holds the
// directory, and std::runtime_error for a directory that is not a run or was started with a
// different config. A new run whose start fails leaves no directory behind.
void runTraining(const TrainRunOptions& options, std::ostream& log, std::ostream& progress,
                 const std::atomic<bool>& interrupted);

}  // namespace camelot
