#pragma once
// The main job: generations of self-play, training and evaluation, recorded in a run
// directory and resumable after any interruption (docs/training.md has the layout).

#include <atomic>
#include <filesystem>
#include <optional>
#include <ostream>

namespace camelot {

struct TrainRunOptions {
  std::filesystem::path config;
  std::filesystem::path runDirectory;
  std::optional<double> hours;  // overrides run.hours of the config
  bool terminal = false;        // progress as a live line
};

// Runs or resumes the run until its generations or hours are done or `interrupted` becomes
// true (the work in flight is then saved or dropped so that the same call resumes it). Log
// lines go to `log` and to the run's log.txt; progress to `progress`. Throws ConfigError for
// a bad config and std::runtime_error for a run directory written by another config.
void runTraining(const TrainRunOptions& options, std::ostream& log, std::ostream& progress,
                 const std::atomic<bool>& interrupted);

}  // namespace camelot
