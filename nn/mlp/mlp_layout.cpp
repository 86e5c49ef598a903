#include "nn/mlp/mlp_layout.hpp"

#include <cstring>
#include <map>
#include <string>

#include "nn/features/encoding.hpp"
#include "nn/features/grand_features.hpp"
#include "nn/features/sparse_features.hpp"

namespace camelot {

MlpInputShape mlpInputShape(Variant variant) {
  if (variant == Variant::Grand)
    return {kGrandFeatureCount,  kGrandCells,      kMoveKinds,
            kGrandPieceFeatures, kGrandMostPieces, kGrandMostNodeFeatures};
  return {kSparseFeatureCount,       kGridCells,  kMoveKinds,
          kPieceBlocks * kGridCells, kMostPieces, kMostNodeFeatures};
}

std::vector<MlpTensor> mlpLayout(const NetworkConfig& c) {
  const std::int64_t a = c.accumulator, h = c.hidden, e = c.moveEmbedding;
  const MlpInputShape shape = mlpInputShape(c.variant);
  return {
      {"featureBias", {a}, &MlpWeights::featureBias},
      {"features.weight", {shape.features, a}, &MlpWeights::features},
      {"layer1.weight", {h, a}, &MlpWeights::layer1},
      {"layer1.bias", {h}, &MlpWeights::layer1Bias},
      {"layer2.weight", {h, h}, &MlpWeights::layer2},
      {"layer2.bias", {h}, &MlpWeights::layer2Bias},
      {"wdl.weight", {3, h}, &MlpWeights::wdl},
      {"wdl.bias", {3}, &MlpWeights::wdlBias},
      {"movesLeft.weight", {1, h}, &MlpWeights::movesLeft},
      {"movesLeft.bias", {1}, &MlpWeights::movesLeftBias},
      {"query.weight", {e, a}, &MlpWeights::query},
      {"query.bias", {e}, &MlpWeights::queryBias},
      {"fromEmbedding.weight", {shape.cells, e}, &MlpWeights::fromEmbedding},
      {"toEmbedding.weight", {shape.cells, e}, &MlpWeights::toEmbedding},
      {"kindEmbedding.weight", {shape.kinds, e}, &MlpWeights::kindEmbedding},
  };
}

MlpWeights mlpWeights(const std::filesystem::path& path, const CheckpointContents& contents) {
  MlpWeights w;
  w.config = contents.header.config;
  if (w.config.architecture != Architecture::Mlp) failCheckpoint(path, "not an mlp network");
  std::map<std::string, const StoredTensor*> byName;
  for (const StoredTensor& t : contents.tensors)
    byName[t.name] = &t;
  for (const MlpTensor& expected : mlpLayout(w.config)) {
    const auto it = byName.find(expected.name);
    if (it == byName.end())
      failCheckpoint(path, std::string("mlp tensor '") + expected.name + "' is missing");
    const StoredTensor& t = *it->second;
    if (t.dtype != kTensorFloat32 || t.shape != expected.shape)
      failCheckpoint(path, std::string("tensor '") + expected.name + "' is " + dtypeName(t.dtype) +
                               " " + shapeText(t.shape) + ", the mlp expects float32 " +
                               shapeText(expected.shape));
    w.*expected.weights = t.floats();
    byName.erase(it);
  }
  if (!byName.empty())
    failCheckpoint(path, "unexpected tensor '" + byName.begin()->first + "' in an mlp checkpoint");
  return w;
}

std::vector<StoredTensor> mlpTensors(const MlpWeights& weights) {
  std::vector<StoredTensor> tensors;
  for (const MlpTensor& t : mlpLayout(weights.config)) {
    const std::vector<float>& values = weights.*t.weights;
    StoredTensor stored{t.name, kTensorFloat32, t.shape,
                        std::vector<std::byte>(values.size() * sizeof(float))};
    std::memcpy(stored.data.data(), values.data(), stored.data.size());
    tensors.push_back(std::move(stored));
  }
  return tensors;
}

}  // namespace camelot
