#include "nn/mlp/mlp_network.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "engine/rules_status.hpp"
#include "nn/features/encoding.hpp"
#include "nn/features/grand_features.hpp"
#include "nn/features/sparse_features.hpp"
#include "nn/mlp/mlp_model.hpp"
#include "nn/torch/checkpoint_module.hpp"

namespace camelot {
namespace {

torch::Tensor clipped(const torch::Tensor& x) {
  return x.clamp(0.0, 1.0);
}

// The training form's parameters are the layout's tensors, named, shaped and ordered as the
// checkpoint stores them, so what it trains is what the checkpoint check and the inference read.
void requireLayout(const torch::nn::Module& network, const NetworkConfig& config) {
  const auto parameters = network.named_parameters();
  const std::vector<MlpTensor> layout = mlpLayout(config);
  bool same = parameters.size() == layout.size();
  for (std::size_t i = 0; same && i < layout.size(); ++i)
    same = parameters[i].key() == layout[i].name &&
           parameters[i].value().sizes().vec() == layout[i].shape;
  if (!same)
    throw std::logic_error(
        "the mlp's training form differs from its layout (nn/mlp/mlp_layout.hpp)");
}

class MlpTrainable : public TrainableNetwork {
 public:
  explicit MlpTrainable(const NetworkConfig& config) : network_(config) {}

  const NetworkConfig& config() const override { return network_->config(); }
  torch::nn::Module& module() override { return *network_; }
  std::vector<torch::Tensor> encode(std::span<const TrainingSample> samples,
                                    std::int64_t width) const override {
    return encodeMlpInputs<StandardRules>(samples, width);
  }
  std::vector<torch::Tensor> encode(std::span<const GrandTrainingSample> samples,
                                    std::int64_t width) const override {
    return encodeMlpInputs<GrandRules>(samples, width);
  }
  PolicyValueOutput forward(const std::vector<torch::Tensor>& in) override {
    return network_->forward(in.at(0), in.at(1), in.at(2), in.at(3), in.at(4));
  }
  std::shared_ptr<const Model> snapshot(torch::Device device) const override {
    if (!device.is_cpu())
      throw std::invalid_argument("the mlp runs on the CPU only (asked for " + device.str() + ")");
    CheckpointContents contents;
    contents.header.config = config();
    const std::filesystem::path origin = "(the trainer's mlp)";
    contents.tensors = moduleTensors(origin, *network_);
    return makeMlpModel(mlpWeights(origin, contents));
  }

 private:
  MlpNetwork network_;
};

}  // namespace

MlpNetworkImpl::MlpNetworkImpl(const NetworkConfig& config) : config_(config) {
  const int a = config.accumulator, h = config.hidden, e = config.moveEmbedding;
  const MlpInputShape shape = mlpInputShape(config.variant);
  features = register_module(
      "features",
      torch::nn::EmbeddingBag(torch::nn::EmbeddingBagOptions(shape.features, a).mode(torch::kSum)));
  featureBias = register_parameter("featureBias", torch::zeros({a}));
  layer1 = register_module("layer1", torch::nn::Linear(a, h));
  layer2 = register_module("layer2", torch::nn::Linear(h, h));
  wdl = register_module("wdl", torch::nn::Linear(h, 3));
  movesLeft = register_module("movesLeft", torch::nn::Linear(h, 1));
  query = register_module("query", torch::nn::Linear(a, e));
  fromEmbedding = register_module("fromEmbedding", torch::nn::Embedding(shape.cells, e));
  toEmbedding = register_module("toEmbedding", torch::nn::Embedding(shape.cells, e));
  kindEmbedding = register_module("kindEmbedding", torch::nn::Embedding(shape.kinds, e));
  torch::NoGradGuard noGrad;
  // A position has a few dozen active features: columns of 0.1 put the accumulator's units
  // around the middle of the clipped ReLU's range rather than saturated.
  features->weight.normal_(0.0, 0.1);
  featureBias.fill_(0.25);
  // Small move embeddings: the first policy is close to uniform.
  for (auto* embedding : {&fromEmbedding, &toEmbedding, &kindEmbedding})
    (*embedding)->weight.normal_(0.0, 0.1);
  requireLayout(*this, config);
}

PolicyValueOutput MlpNetworkImpl::forward(const torch::Tensor& featureIndices,
                                          const torch::Tensor& featureOffsets,
                                          const torch::Tensor& moveFrom,
                                          const torch::Tensor& moveTo,
                                          const torch::Tensor& moveKind) {
  const torch::Tensor accumulator =
      clipped(features->forward(featureIndices, featureOffsets) + featureBias);
  const torch::Tensor hidden = clipped(layer2->forward(clipped(layer1->forward(accumulator))));
  // A move's logit is the query against the sum of its three embeddings, so it is the sum of the
  // query's scores against each table: score every cell and kind once ([N, cells] and [N, K]),
  // then gather the slots' entries, rather than building [N, L, E] move embeddings.
  const torch::Tensor q = query->forward(accumulator);  // [N, E]
  const auto scores = [&](const torch::nn::Embedding& table, const torch::Tensor& slots) {
    return torch::matmul(q, table->weight.t()).gather(1, slots);
  };
  PolicyValueOutput out;
  out.policyLogits = scores(fromEmbedding, moveFrom) + scores(toEmbedding, moveTo) +
                     scores(kindEmbedding, moveKind);
  out.wdlLogits = wdl->forward(hidden);
  out.movesLeft = movesLeft->forward(hidden).squeeze(1);
  return out;
}

template <class Rules>
std::vector<torch::Tensor> encodeMlpInputs(std::span<const BasicTrainingSample<Rules>> samples,
                                           std::int64_t width) {
  const int cells = mlpInputShape(Rules::kVariant).cells;
  const auto n = static_cast<std::int64_t>(samples.size());
  std::vector<std::int32_t> active;
  std::vector<std::int64_t> indices;
  torch::Tensor offsets = torch::empty({n}, torch::kInt64);
  torch::Tensor from = torch::zeros({n, width}, torch::kInt64);
  torch::Tensor to = torch::zeros({n, width}, torch::kInt64);
  torch::Tensor kind = torch::zeros({n, width}, torch::kInt64);
  std::int64_t* offset = offsets.data_ptr<std::int64_t>();
  std::int64_t* fromCell = from.data_ptr<std::int64_t>();
  std::int64_t* toCell = to.data_ptr<std::int64_t>();
  std::int64_t* moveKinds = kind.data_ptr<std::int64_t>();
  typename Rules::MoveList moves;
  LegalPolicy legal;
  std::vector<int> kinds;
  for (std::size_t i = 0; i < samples.size(); ++i) {
    const BasicTrainingSample<Rules>& s = samples[i];
    Rules::legalMoves(s.position, moves);
    active.clear();
    activeFeatures(s.position, moves, s.repetitions, active);
    offset[i] = static_cast<std::int64_t>(indices.size());
    indices.insert(indices.end(), active.begin(), active.end());
    assignLegalPolicy(legal, s.position, moves);
    slotKinds(legal, moves, kinds);
    const std::size_t row = i * static_cast<std::size_t>(width);
    for (std::size_t j = 0; j < s.policyIndices.size(); ++j) {
      const std::int32_t index = s.policyIndices[j];
      std::size_t slot = 0;
      while (slot < legal.size() && legal.indices[slot] != index)
        ++slot;
      if (slot == legal.size())
        throw std::invalid_argument("Trainer: policy index " + std::to_string(index) +
                                    " is not a legal move of its sample's position");
      fromCell[row + j] = index / cells;
      toCell[row + j] = index % cells;
      moveKinds[row + j] = kinds[slot];
    }
  }
  torch::Tensor featureIndices =
      torch::empty({static_cast<std::int64_t>(indices.size())}, torch::kInt64);
  std::copy(indices.begin(), indices.end(), featureIndices.data_ptr<std::int64_t>());
  return {featureIndices, offsets, from, to, kind};
}

template std::vector<torch::Tensor> encodeMlpInputs<StandardRules>(
    std::span<const TrainingSample> samples, std::int64_t width);
template std::vector<torch::Tensor> encodeMlpInputs<GrandRules>(
    std::span<const GrandTrainingSample> samples, std::int64_t width);

std::unique_ptr<TrainableNetwork> makeMlpTrainable(const NetworkConfig& config) {
  return std::make_unique<MlpTrainable>(config);
}

}  // namespace camelot
