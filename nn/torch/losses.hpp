#pragma once
// The training objective: policy cross-entropy over each position's legal moves, win/draw/loss
// cross-entropy, and a moves-left regression. The trainer and the nn tests share it.

#include <torch/types.h>

#include <vector>

#include "nn/torch/trainable_network.hpp"

namespace camelot {

struct TrainingBatch {
  std::vector<torch::Tensor> inputs;  // the family's (TrainableNetwork::encode)
  torch::Tensor legalMask;            // [N, L] bool: false on padding (a row all false: no target)
  torch::Tensor policyTarget;         // [N, L] target probabilities (0 on padding), sum 1 a row
  torch::Tensor wdlTarget;            // [N, 3] win, draw, loss for the side to move
  torch::Tensor movesLeftTarget;      // [N] plies to the end / 100
};

struct Losses {
  torch::Tensor policy;         // mean cross-entropy over the rows with a policy target
  torch::Tensor value;          // mean cross-entropy against the WDL target
  torch::Tensor movesLeft;      // mean Huber loss of the moves-left estimate
  torch::Tensor total;          // policy + value + movesLeftWeight * movesLeft
  torch::Tensor policyEntropy;  // the same rows' mean policy entropy (a health signal)
};

// The losses of the network's output `out` on `batch`.
Losses computeLosses(const PolicyValueOutput& out, const TrainingBatch& batch,
                     double movesLeftWeight = 0.1);

// The network's forward pass on the batch's inputs, then its losses.
Losses computeLosses(TrainableNetwork& network, const TrainingBatch& batch,
                     double movesLeftWeight = 0.1);

}  // namespace camelot
