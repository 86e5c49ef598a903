#pragma once
// The training objective: policy cross-entropy over each position's legal moves, win/draw/loss
// cross-entropy, and a moves-left regression. The trainer and the nn tests share it.

#include <torch/torch.h>

#include "nn/network.hpp"

namespace camelot {

struct TrainingBatch {
  torch::Tensor input;            // [N, planes, 16, 12]
  torch::Tensor policyIndices;    // [N, L] int64 policy indices of the legal (from, to) pairs
  torch::Tensor legalMask;        // [N, L] bool: false on padding (a row all false: no target)
  torch::Tensor policyTarget;     // [N, L] target probabilities (0 on padding), sum 1 a row
  torch::Tensor wdlTarget;        // [N, 3] win, draw, loss for the side to move
  torch::Tensor movesLeftTarget;  // [N] plies to the end / 100
};

struct Losses {
  torch::Tensor policy;         // mean cross-entropy over the rows with a policy target
  torch::Tensor value;          // mean cross-entropy against the WDL target
  torch::Tensor movesLeft;      // mean Huber loss of the moves-left estimate
  torch::Tensor total;          // policy + value + movesLeftWeight * movesLeft
  torch::Tensor policyEntropy;  // the same rows' mean policy entropy (a health signal)
};

Losses computeLosses(NetworkImpl& network, const TrainingBatch& batch,
                     double movesLeftWeight = 0.1);

}  // namespace camelot
