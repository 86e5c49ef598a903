#pragma once
// The mlp's layout, declared once: every tensor of the network with its name and its shape for a
// config. The checkpoint check reads a file's tensors through it (mlpWeights), the plain C++
// inference runs the MlpWeights it fills (nn/mlp/mlp_model.hpp), and the training form
// (nn/mlp/mlp_network.hpp) checks its parameters against it when it is built, so the three
// cannot drift apart.

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <vector>

#include "nn/checkpoint.hpp"

namespace camelot {

// The mlp's input sizes for the game it plays (NetworkConfig::variant): sparse features
// (nn/features/sparse_features.hpp, nn/features/grand_features.hpp), grid cells (the from and
// to embeddings) and move kinds; and what bounds the integer accumulator
// (nn/mlp/quantized_mlp.hpp): the piece features, which come first, and the most features of each
// kind a position can have active at once.
struct MlpInputShape {
  int features = 0;
  int cells = 0;
  int kinds = 0;
  int pieceFeatures = 0;
  int mostPieces = 0;
  int mostNodeFeatures = 0;
};
MlpInputShape mlpInputShape(Variant variant);

// The mlp's activation after the feature layer and each dense layer: the clipped ReLU, 0 below 0
// and 1 above 1 (the integer form's [0, one]).
inline float clipped(float x) {
  return std::clamp(x, 0.0f, 1.0f);
}

// The weights as the checkpoint stores them: flat row-major arrays (a Linear's weight is
// [out][in]), one per tensor of the layout. The model transposes its copy once for inference.
struct MlpWeights {
  NetworkConfig config;
  std::vector<float> features, featureBias;  // the accumulator: a column per sparse feature
  std::vector<float> layer1, layer1Bias;     // the two dense layers
  std::vector<float> layer2, layer2Bias;
  std::vector<float> wdl, wdlBias;  // the heads
  std::vector<float> movesLeft, movesLeftBias;
  std::vector<float> query, queryBias;  // the policy query, scored against the move embeddings
  std::vector<float> fromEmbedding, toEmbedding, kindEmbedding;
};

// One tensor of the layout: its name in the checkpoint (the training form's parameter name), its
// shape, and where MlpWeights keeps it.
struct MlpTensor {
  const char* name;
  std::vector<std::int64_t> shape;
  std::vector<float> MlpWeights::*weights;
};

// Every tensor of the mlp `config` describes, in the order the checkpoint stores them.
std::vector<MlpTensor> mlpLayout(const NetworkConfig& config);

// The weights of an mlp checkpoint's tensors; throws CheckpointError naming `path` when a
// tensor is missing, extra or of the wrong shape for `contents.header.config`.
MlpWeights mlpWeights(const std::filesystem::path& path, const CheckpointContents& contents);

// The checkpoint's tensors of `weights`, in the layout's order (mlpWeights' inverse).
std::vector<StoredTensor> mlpTensors(const MlpWeights& weights);

}  // namespace camelot
