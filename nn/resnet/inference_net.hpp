#pragma once
// The network folded for inference: every batch norm merged into the convolution before it,
// the mirror-pair weights assembled once, and the forward pass written as plain ATen calls
// run under torch::InferenceMode. On the CPU the convolutions call oneDNN directly, because
// LibTorch's own dispatch sends small batches (batch 1 with 64 channels) to a reference-BLAS
// path about ten times slower (docs/network.md has the measurements).

#include <torch/csrc/autograd/InferenceMode.h>
#include <torch/types.h>

#include <string>
#include <vector>

#include "nn/resnet/network.hpp"

namespace camelot {

struct InferenceOutput {
  torch::Tensor queries;    // [N, kGridCells, policyChannels], contiguous
  torch::Tensor keys;       // [N, kGridCells, policyChannels], contiguous
  torch::Tensor wdl;        // [N, 3] probabilities: win, draw, loss for the side to move
  torch::Tensor movesLeft;  // [N]: plies to the end / 100
};

// The LibTorch device named `device` ("cpu", "cuda", "cuda:N"). Throws std::invalid_argument
// for an unknown name or a device this LibTorch cannot use.
torch::Device parseTorchDevice(const std::string& device);

class InferenceNet {
 public:
  // Folds `network`'s current weights (its batch-norm running statistics, as in eval mode).
  InferenceNet(const NetworkImpl& network, torch::Device device);

  // input: [N, planes, 16, 12] on the device; the outputs stay on the device.
  InferenceOutput forward(const torch::Tensor& input) const;

  const NetworkConfig& config() const { return config_; }
  torch::Device device() const { return device_; }

 private:
  struct Conv {
    torch::Tensor weight, bias;
    int padding = 0;
  };
  struct Block {
    Conv conv1, conv2;
    torch::Tensor poolWeight, poolBias;  // undefined without global pooling
  };

  torch::Tensor convolve(const Conv& conv, const torch::Tensor& x) const;

  NetworkConfig config_;
  torch::Device device_;
  Conv stem_;
  std::vector<Block> blocks_;
  Conv query_, key_, value_;
  torch::Tensor hiddenWeight_, hiddenBias_, wdlWeight_, wdlBias_, movesWeight_, movesBias_;
};

}  // namespace camelot
