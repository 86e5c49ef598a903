#include "nn/torch/losses.hpp"

#include <torch/nn/functional/loss.h>

namespace camelot {

Losses computeLosses(TrainableNetwork& network, const TrainingBatch& batch,
                     double movesLeftWeight) {
  return computeLosses(network.forward(batch.inputs), batch, movesLeftWeight);
}

Losses computeLosses(const PolicyValueOutput& out, const TrainingBatch& batch,
                     double movesLeftWeight) {
  // Padding entries get a large negative logit rather than -inf, so that 0 * log p stays 0.
  const torch::Tensor logits = out.policyLogits.masked_fill(batch.legalMask.logical_not(), -1e9);
  const torch::Tensor logPolicy = torch::log_softmax(logits, 1);
  // Positions recorded for their value alone (no legal entries) take no part in the policy's
  // loss or entropy: both are means over the positions that have a policy target.
  const torch::Tensor hasPolicy = batch.legalMask.any(1).to(logPolicy.scalar_type());
  const torch::Tensor policyRows = hasPolicy.sum().clamp_min(1.0);
  Losses losses;
  losses.policy = -(batch.policyTarget * logPolicy).sum(1).sum() / policyRows;
  losses.value = -(batch.wdlTarget * torch::log_softmax(out.wdlLogits, 1)).sum(1).mean();
  losses.movesLeft = torch::nn::functional::smooth_l1_loss(out.movesLeft, batch.movesLeftTarget);
  losses.total = losses.policy + losses.value + movesLeftWeight * losses.movesLeft;
  {
    torch::NoGradGuard noGrad;
    losses.policyEntropy = -((logPolicy.exp() * logPolicy).sum(1) * hasPolicy).sum() / policyRows;
  }
  return losses;
}

}  // namespace camelot
