#pragma once
// A LibTorch module's parameters and buffers in and out of a checkpoint (nn/checkpoint.hpp has
// the file format and the torch-free reader).

#include <filesystem>
#include <vector>

#include "nn/checkpoint.hpp"

namespace torch::nn {
class Module;
}  // namespace torch::nn

namespace camelot {

// The module's parameters then buffers (both recursive, undefined slots skipped), copied to
// the CPU as stored tensors. Throws CheckpointError naming `path` for a tensor the format
// cannot hold.
std::vector<StoredTensor> moduleTensors(const std::filesystem::path& path,
                                        const torch::nn::Module& module);

// writeCheckpoint of the module's tensors.
void writeCheckpoint(const std::filesystem::path& path, CheckpointHeader header,
                     const torch::nn::Module& module);

// Reads the checkpoint (readCheckpoint) and loads its weights into `module`, which must already
// have the architecture (the caller builds it from readCheckpointHeader(path).config). Verifies
// that the tensor names, dtypes and shapes are exactly the module's, in order, before it copies
// anything: on any error it throws CheckpointError and the module is unchanged. Does not check
// the encoding version: call requireCompatible for that.
CheckpointHeader loadCheckpoint(const std::filesystem::path& path, torch::nn::Module& module);

}  // namespace camelot
