#pragma once
// The check both variants' mlp tests make: a network's LibTorch forward and its plain C++
// inference, after a checkpoint round trip, give the same priors, WDL and moves-left.

#include <gtest/gtest.h>
#include <torch/utils.h>

#include <type_traits>
#include <vector>

#include "nn/mlp/mlp_model.hpp"
#include "nn/mlp/mlp_network.hpp"
#include "nn/model.hpp"
#include "nn/torch/checkpoint_module.hpp"
#include "tests/scratch_dir.hpp"

namespace camelot::nn_test {

// Scrambles `net`'s weights away from the initialisation's small values (so every layer's
// clipping is hit), writes it as a checkpoint of `config`, and compares both forms on `samples`
// (their legal moves in `moves`, their policy indices set) to 1e-4, the C++ side in float.
template <class Rules>
void expectCppInferenceEqualsForward(MlpNetwork& net, const NetworkConfig& config,
                                     const std::vector<BasicTrainingSample<Rules>>& samples,
                                     const std::vector<typename Rules::MoveList>& moves) {
  {
    torch::NoGradGuard noGrad;
    for (torch::Tensor& p : net->parameters())
      p.normal_(0.0, 0.3);
  }
  const testing_support::ScratchDir dir;
  CheckpointHeader header;
  header.config = config;
  header.encodingVersion = inputEncodingVersion(config);
  writeCheckpoint(dir / "mlp.ckpt", header, *net);
  // The float inference: the reference the quantized one is measured against
  // (tests/nn/quantized_mlp_test.cpp).
  const std::shared_ptr<const Model> model = makeMlpModel(
      mlpWeights(dir / "mlp.ckpt", readCheckpoint(dir / "mlp.ckpt")), MlpInference::Float);
  const std::unique_ptr<BasicEvaluator<Rules>> evaluator = model->evaluatorFor<Rules>();

  std::size_t width = 0;
  for (const BasicTrainingSample<Rules>& s : samples)
    width = std::max(width, s.policyIndices.size());
  torch::NoGradGuard noGrad;
  const std::vector<torch::Tensor> inputs =
      encodeMlpInputs<Rules>(samples, static_cast<std::int64_t>(width));
  const PolicyValueOutput out = net->forward(inputs[0], inputs[1], inputs[2], inputs[3], inputs[4]);
  const torch::Tensor wdl = out.wdlLogits.softmax(1);

  std::vector<BasicEvaluationRequest<Rules>> requests;
  for (std::size_t i = 0; i < samples.size(); ++i)
    requests.push_back({&samples[i].position, &moves[i], {}, samples[i].repetitions});
  std::vector<Evaluation> results(requests.size());
  evaluator->evaluate(requests, results);

  LegalPolicy legal;
  for (std::size_t i = 0; i < samples.size(); ++i) {
    const auto n = static_cast<std::int64_t>(samples[i].policyIndices.size());
    const torch::Tensor slots =
        out.policyLogits[static_cast<std::int64_t>(i)].narrow(0, 0, n).softmax(0);
    // The C++ priors summed per slot.
    assignLegalPolicy(legal, samples[i].position, moves[i]);
    std::vector<double> mass(legal.size(), 0.0);
    for (std::size_t m = 0; m < moves[i].size(); ++m)
      mass[static_cast<std::size_t>(legal.slotOfMove[m])] += results[i].priors[m];
    for (std::int64_t s = 0; s < n; ++s)
      EXPECT_NEAR(mass[static_cast<std::size_t>(s)], slots[s].item<float>(), 1e-4) << i;
    const auto index = static_cast<std::int64_t>(i);
    EXPECT_NEAR(results[i].value.win, wdl[index][0].item<float>(), 1e-4);
    EXPECT_NEAR(results[i].value.draw, wdl[index][1].item<float>(), 1e-4);
    EXPECT_NEAR(results[i].value.loss, wdl[index][2].item<float>(), 1e-4);
    EXPECT_NEAR(results[i].movesLeft, std::max(0.0f, 100.0f * out.movesLeft[index].item<float>()),
                1e-2);
  }
}

}  // namespace camelot::nn_test
