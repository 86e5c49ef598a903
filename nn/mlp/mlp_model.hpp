#pragma once
// The mlp's inference in plain C++ (no LibTorch): the accumulator sums the columns of the
// position's active sparse features (nn/features/sparse_features.hpp), clipped ReLU, two dense
// layers with clipped ReLU, the WDL and moves-left heads; a policy query from the accumulator is
// scored against each legal move's embedding (from cell + to cell + kind). Its weights and
// their shapes are the layout's (nn/mlp/mlp_layout.hpp); the training form is
// nn/mlp/mlp_network.hpp.

#include <memory>

#include "nn/mlp/mlp_layout.hpp"
#include "nn/model.hpp"

namespace camelot {

// How the mlp runs its value path, accumulator and policy query: in integers
// (nn/mlp/quantized_mlp.hpp; the standard game's accumulator is kept from one position to the
// next, nn/mlp/piece_accumulator.hpp, Grand Camelot's summed at every position), or in float
// with every column summed at every position (the reference the integer form is measured
// against).
enum class MlpInference { Quantized, Float };

// A model running `weights` on the CPU, for the game its config plays.
std::shared_ptr<const Model> makeMlpModel(MlpWeights weights,
                                          MlpInference inference = MlpInference::Quantized);

}  // namespace camelot
