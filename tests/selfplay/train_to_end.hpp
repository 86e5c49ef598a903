#pragma once
// A whole training run for a test: `config` written to dir/config.toml and run to its end in
// dir/run.

#include <atomic>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>

#include "tests/scratch_dir.hpp"
#include "training/run/train_config.hpp"
#include "training/run/train_loop.hpp"

namespace camelot::testing_support {

// The run's log.
inline std::string trainToEnd(const TrainConfig& config, const ScratchDir& dir) {
  const std::filesystem::path file = dir.path() / "config.toml";
  std::ofstream(file) << toToml(config);
  std::ostringstream log, progress;
  const std::atomic<bool> never{false};
  runTraining({file, dir.path() / "run", std::nullopt, false, {}}, log, progress, never);
  return log.str();
}

}  // namespace camelot::testing_support
