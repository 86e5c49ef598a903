#pragma once
// The mlp's training form (LibTorch): an EmbeddingBag sums the active sparse features' columns
// (nn/features/sparse_features.hpp) into the accumulator, then clipped ReLU, two dense layers with
// clipped ReLU, the WDL and moves-left heads, and a policy query scored against the embedding
// of each move (from cell + to cell + kind). Inference runs in plain C++ (nn/mlp/mlp_model.hpp);
// the parameter names here are the checkpoint's tensor names it reads.

#include <torch/nn/modules/embedding.h>
#include <torch/nn/modules/linear.h>

#include "nn/network_config.hpp"
#include "nn/torch/trainable_network.hpp"

namespace camelot {

class MlpNetworkImpl : public torch::nn::Module {
 public:
  explicit MlpNetworkImpl(const NetworkConfig& config);

  // featureIndices [total] and featureOffsets [N] (EmbeddingBag's 1-D form); moveFrom, moveTo
  // and moveKind [N, L] (cells and kinds of each sample's policy slots).
  PolicyValueOutput forward(const torch::Tensor& featureIndices,
                            const torch::Tensor& featureOffsets, const torch::Tensor& moveFrom,
                            const torch::Tensor& moveTo, const torch::Tensor& moveKind);

  const NetworkConfig& config() const { return config_; }

  torch::nn::EmbeddingBag features{nullptr};
  torch::Tensor featureBias;
  torch::nn::Linear layer1{nullptr}, layer2{nullptr}, wdl{nullptr}, movesLeft{nullptr};
  torch::nn::Linear query{nullptr};
  torch::nn::Embedding fromEmbedding{nullptr}, toEmbedding{nullptr}, kindEmbedding{nullptr};

 private:
  NetworkConfig config_;
};
TORCH_MODULE(MlpNetwork);

// The mlp's input tensors for `samples` (TrainableNetwork::encode) of either variant:
// featureIndices, featureOffsets, moveFrom, moveTo, moveKind. Generates each sample's legal
// moves for its tactical features and move kinds.
template <class Rules>
std::vector<torch::Tensor> encodeMlpInputs(std::span<const BasicTrainingSample<Rules>> samples,
                                           std::int64_t width);

// The mlp family's TrainableNetwork (makeTrainableNetwork picks it).
std::unique_ptr<TrainableNetwork> makeMlpTrainable(const NetworkConfig& config);

}  // namespace camelot
