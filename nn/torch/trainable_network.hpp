#pragma once
// What the trainer needs of a network family's training form: encode samples into its input
// tensors, a forward pass to policy logits over each sample's policy slots, WDL logits and
// moves-left, and an inference snapshot as a Model. One implementation per family (residual:
// nn/resnet/network.hpp; mlp: nn/mlp/mlp_network.hpp); the trainer, the losses and checkpoints see
// only this. LibTorch.

#include <torch/nn/module.h>

#include <memory>
#include <span>
#include <vector>

#include "nn/model.hpp"
#include "nn/network_config.hpp"
#include "nn/training_sample.hpp"

namespace camelot {

struct PolicyValueOutput {
  torch::Tensor policyLogits;  // [N, L]: one per policy slot of each sample (padding: any value)
  torch::Tensor wdlLogits;     // [N, 3]: win, draw, loss for the side to move
  torch::Tensor movesLeft;     // [N]: plies to the end of the game / 100
};

class TrainableNetwork {
 public:
  virtual ~TrainableNetwork() = default;

  virtual const NetworkConfig& config() const = 0;
  // The parameters and buffers (what a checkpoint stores).
  virtual torch::nn::Module& module() = 0;

  // The input tensors of `samples` on the CPU, with `width` policy slots a row (a sample's
  // policyIndices, in order, then padding).
  virtual std::vector<torch::Tensor> encode(std::span<const TrainingSample> samples,
                                            std::int64_t width) const = 0;
  // The same for Grand Camelot's samples, for a network that plays it (the mlp); the residual
  // net plays the standard game only and refuses them.
  virtual std::vector<torch::Tensor> encode(std::span<const GrandTrainingSample> samples,
                                            std::int64_t width) const;
  virtual PolicyValueOutput forward(const std::vector<torch::Tensor>& inputs) = 0;

  // An inference copy of the current weights on `device`: later training leaves it alone.
  virtual std::shared_ptr<const Model> snapshot(torch::Device device) const = 0;
};

// A network of `config`'s family with fresh weights drawn from LibTorch's current seed.
std::unique_ptr<TrainableNetwork> makeTrainableNetwork(const NetworkConfig& config);

}  // namespace camelot
