#include "nn/losses.hpp"

namespace camelot {

Losses computeLosses(NetworkImpl& network, const TrainingBatch& batch, double movesLeftWeight) {
  const NetworkOutput out = network.forward(batch.input);
  // Padding entries get a large negative logit rather than -inf, so that 0 * log p stays 0.
  const torch::Tensor logits =
      policyLogits(out, batch.policyIndices).masked_fill(batch.legalMask.logical_not(), -1e9);
  const torch::Tensor logPolicy = torch::log_softmax(logits, 1);
  Losses losses;
  losses.policy = -(batch.policyTarget * logPolicy).sum(1).mean();
  losses.value = -(batch.wdlTarget * torch::log_softmax(out.wdlLogits, 1)).sum(1).mean();
  losses.movesLeft = torch::nn::functional::smooth_l1_loss(out.movesLeft, batch.movesLeftTarget);
  losses.total = losses.policy + losses.value + movesLeftWeight * losses.movesLeft;
  {
    torch::NoGradGuard noGrad;
    losses.policyEntropy = -(logPolicy.exp() * logPolicy).sum(1).mean();
  }
  return losses;
}

}  // namespace camelot
