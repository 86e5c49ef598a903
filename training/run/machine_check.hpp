#pragma once
// What a run config asks of this machine, checked before a run writes anything: its devices,
// the memory of a training step, and that its outside-engine baselines start.

#include <filesystem>

#include "training/run/train_config.hpp"

namespace camelot {

// Throws ConfigError "CONFIG_FILE: KEY: ..." naming the first thing the machine cannot do.
void checkMachineCanRun(const TrainConfig& config, const std::filesystem::path& configFile);

}  // namespace camelot
