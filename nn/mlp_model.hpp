#pragma once
// The mlp's inference in plain C++ (no LibTorch): the accumulator sums the columns of the
// position's active sparse features (nn/sparse_features.hpp), clipped ReLU, two dense layers
// with clipped ReLU, the WDL and moves-left heads; a policy query from the accumulator is
// scored against each legal move's embedding (from cell + to cell + kind). The training form
// is nn/mlp_network.hpp; the tensor names below are its parameters'.

#include <filesystem>
#include <memory>
#include <vector>

#include "nn/checkpoint.hpp"
#include "nn/model.hpp"

namespace camelot {

// The mlp's input sizes for the game it plays (NetworkConfig::variant): sparse features
// (nn/sparse_features.hpp, nn/grand_features.hpp), grid cells (the from and to embeddings) and
// move kinds.
struct MlpInputShape {
  int features = 0;
  int cells = 0;
  int kinds = 0;
};
MlpInputShape mlpInputShape(Variant variant);

// The weights as the checkpoint stores them: flat row-major arrays (a Linear's weight is
// [out][in]). The model transposes its copy once for inference.
struct MlpWeights {
  NetworkConfig config;
  std::vector<float> features;            // "features.weight"        [shape.features][accumulator]
  std::vector<float> featureBias;         // "featureBias"            [accumulator]
  std::vector<float> layer1, layer1Bias;  // "layer1"    [hidden][accumulator]
  std::vector<float> layer2, layer2Bias;  // "layer2"    [hidden][hidden]
  std::vector<float> wdl, wdlBias;        // "wdl"       [3][hidden]
  std::vector<float> movesLeft, movesLeftBias;  // "movesLeft" [1][hidden]
  std::vector<float> query, queryBias;          // "query"     [moveEmbedding][accumulator]
  std::vector<float> fromEmbedding;  // "fromEmbedding.weight" [shape.cells][moveEmbedding]
  std::vector<float> toEmbedding;    // "toEmbedding.weight"   [shape.cells][moveEmbedding]
  std::vector<float> kindEmbedding;  // "kindEmbedding.weight" [shape.kinds][moveEmbedding]
};

// The weights of an mlp checkpoint's tensors; throws CheckpointError naming `path` when a
// tensor is missing, extra or of the wrong shape for `contents.header.config`.
MlpWeights mlpWeights(const std::filesystem::path& path, const CheckpointContents& contents);

// How the standard game's mlp runs its value path and accumulator: in integers, with the
// accumulator kept from one position to the next (nn/quantized_mlp.hpp,
// nn/piece_accumulator.hpp), or in float with every column summed at every position (the
// reference the integer form is measured against). Grand Camelot's mlp runs in float.
enum class MlpInference { Quantized, Float };

// A model running `weights` on the CPU, for the game its config plays.
std::shared_ptr<const Model> makeMlpModel(MlpWeights weights,
                                          MlpInference inference = MlpInference::Quantized);

}  // namespace camelot
