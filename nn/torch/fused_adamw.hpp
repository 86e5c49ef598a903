#pragma once
// AdamW with its update made in one pass over each parameter. LibTorch's AdamW::step runs the
// update as eight or so whole-tensor operations (the decay, two for each moment, the square root,
// the division, the epsilon, the step) and allocates two temporaries the size of the parameter
// on each step; for the mlp's feature table, thousands of rows of which a batch reads a few
// hundred, those passes over memory were most of a training step. The same arithmetic in one
// loop reads each value once (a 1,024-unit Grand network's 1,000 steps: 23-33 s under LibTorch's
// step, 14.6-15.8 s under this one; docs/training.md).
//
// The state is LibTorch's own (AdamWParamState: the step, exp_avg, exp_avg_sq), so the optimizer
// files beside the checkpoints are the same as before and either optimizer resumes from the
// other's. Parameters it cannot take in one pass (not float, not contiguous, not on the CPU,
// AMSGrad) go through LibTorch's step, every parameter then, so a step is never split.

#include <torch/optim/adamw.h>

namespace camelot {

class FusedAdamW final : public torch::optim::AdamW {
 public:
  using torch::optim::AdamW::AdamW;
  torch::Tensor step(LossClosure closure = nullptr) override;
};

// Drops every parameter's gradient (LibTorch 1.13's zero_grad fills them with zeros instead), so
// that the next backward pass stores its gradients where it would have added them to zeros. A
// parameter the pass then leaves without one is skipped by the step, where a zero gradient
// would have decayed it; every parameter of both families takes part in every loss.
void clearGradients(torch::optim::Optimizer& optimizer);

}  // namespace camelot
