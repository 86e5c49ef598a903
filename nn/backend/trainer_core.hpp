#pragma once
// The LibTorch trainer's factories (the backend's newTrainer and resumeTrainer).

#include <filesystem>
#include <memory>

#include "nn/backend/torch_backend.hpp"
#include "nn/backend/trainer.hpp"

namespace camelot {

std::unique_ptr<TrainerCore> newTorchTrainer(const NetworkConfig& config,
                                             const TrainerSettings& settings, std::uint64_t seed);
std::unique_ptr<TrainerCore> resumeTorchTrainer(const std::filesystem::path& checkpoint,
                                                const TrainerSettings& settings);

}  // namespace camelot
