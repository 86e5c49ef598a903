#pragma once
// The residual network as a Model: its folded inference copy (nn/resnet/inference_net.hpp) run by
// LibTorch, on the CPU or a CUDA device. Torch-free header.

#include <filesystem>
#include <memory>
#include <string>

#include "nn/model.hpp"

namespace camelot {

class InferenceNet;

// Loads a residual checkpoint for inference on `device` ("cpu", "cuda", "cuda:1"). Throws
// CheckpointError for a bad file, std::invalid_argument for a device this LibTorch lacks.
std::shared_ptr<const Model> loadResnetModel(const std::filesystem::path& checkpoint,
                                             const std::string& device);

// A model running `net`.
std::shared_ptr<const Model> makeResnetModel(std::shared_ptr<const InferenceNet> net);

}  // namespace camelot
