#pragma once
// The CamelotZero network (training form): a residual tower over the 16x12 input planes,
// left-right equivariant by construction (nn/resnet/mirror_layers.hpp), with
// - a policy head of attention logits: each square gets a query and a key vector (1x1
//   convolutions) and logit(from, to) = q(from) . k(to) / sqrt(d);
// - a value head giving win/draw/loss logits and a moves-left estimate.
// Inference runs a batch-norm-folded copy (nn/resnet/inference_net.hpp).

#include <torch/nn/modules/batchnorm.h>
#include <torch/nn/modules/linear.h>

#include "nn/network_config.hpp"
#include "nn/resnet/mirror_layers.hpp"
#include "nn/torch/trainable_network.hpp"

namespace camelot {

struct NetworkOutput {
  torch::Tensor queries;    // [N, kGridCells, policyChannels]
  torch::Tensor keys;       // [N, kGridCells, policyChannels]
  torch::Tensor wdlLogits;  // [N, 3]: win, draw, loss for the side to move
  torch::Tensor movesLeft;  // [N]: plies to the end of the game / 100
};

class ResidualBlockImpl : public torch::nn::Module {
 public:
  ResidualBlockImpl(int channels, bool globalPooling);
  torch::Tensor forward(const torch::Tensor& x);

  MirrorConv conv1{nullptr}, conv2{nullptr};
  PairedBatchNorm norm1{nullptr}, norm2{nullptr};
  PairLinear pooling{nullptr};  // null without global pooling
};
TORCH_MODULE(ResidualBlock);

class NetworkImpl : public torch::nn::Module {
 public:
  explicit NetworkImpl(const NetworkConfig& config);

  // input: [N, inputPlaneCount(historyPlies, tacticalPlanes), 16, 12].
  NetworkOutput forward(const torch::Tensor& input);

  const NetworkConfig& config() const { return config_; }

  MirrorConv stem{nullptr};
  PairedBatchNorm stemNorm{nullptr};
  std::vector<ResidualBlock> blocks;
  MirrorConv policyQuery{nullptr}, policyKey{nullptr};
  MirrorConv valueConv{nullptr};
  torch::nn::BatchNorm2d valueNorm{nullptr};
  torch::nn::Linear valueHidden{nullptr}, wdl{nullptr}, movesLeft{nullptr};

 private:
  NetworkConfig config_;
};
TORCH_MODULE(Network);

// Mean and max over the board of each channel: [N, C, H, W] -> [N, C] each.
std::pair<torch::Tensor, torch::Tensor> boardMeanMax(const torch::Tensor& x);
// The pooled vector a PairLinear reads for a regular map: [m1, x1, m2, x2] from halves of the
// mean m and max x.
torch::Tensor regularPooled(const torch::Tensor& x);

// Policy logits of the (from, to) pairs in `indices` ([N, L] int64 policy indices; padding
// entries may be any valid index): [N, L].
torch::Tensor policyLogits(const NetworkOutput& out, const torch::Tensor& indices);

// The residual family's TrainableNetwork (makeTrainableNetwork picks it).
std::unique_ptr<TrainableNetwork> makeResnetTrainable(const NetworkConfig& config);

}  // namespace camelot
