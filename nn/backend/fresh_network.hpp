#pragma once
// A newly initialised network written straight to a checkpoint (`camelot net init`, the first
// generation of a training run). Torch-free.

#include <cstdint>
#include <filesystem>

#include "nn/network_config.hpp"

namespace camelot {

// Builds a network of `config` with weights drawn from `seed` (the same seed gives the same
// file) and writes it to `path` as training step 0, generation 0 (atomically).
void writeFreshNetwork(const std::filesystem::path& path, const NetworkConfig& config,
                       std::uint64_t seed);

}  // namespace camelot
