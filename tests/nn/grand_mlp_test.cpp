// A Grand Camelot network's training form against its plain C++ inference: the same priors and
// values to 1e-4 on positions of random games after a checkpoint round trip; a trainer that
// lowers its loss on a fixed buffer of Grand Camelot samples; samples of the other game refused
// both ways.

#include <gtest/gtest.h>

#include "nn/checkpoint_module.hpp"
#include "nn/grand_features.hpp"
#include "nn/mlp_network.hpp"
#include "nn/model.hpp"
#include "nn/trainer.hpp"
#include "tests/grand_samples.hpp"
#include "tests/scratch_dir.hpp"

namespace camelot {
namespace {

NetworkConfig smallGrandMlp() {
  NetworkConfig config = defaultNetworkConfig(Architecture::Mlp);
  config.variant = Variant::Grand;
  config.accumulator = 48;
  config.hidden = 16;
  config.moveEmbedding = 12;
  return config;
}

TEST(GrandMlp, G2_CppInferenceEqualsTheTrainingForward) {
  torch::manual_seed(4);
  MlpNetwork net(smallGrandMlp());
  {
    // Weights away from the initialisation's small values, so every layer's clipping is hit.
    torch::NoGradGuard noGrad;
    for (torch::Tensor& p : net->parameters())
      p.normal_(0.0, 0.3);
  }
  const testing_support::ScratchDir dir;
  CheckpointHeader header;
  header.config = smallGrandMlp();
  header.encodingVersion = kGrandEncodingVersion;
  writeCheckpoint(dir / "grand.ckpt", header, *net);
  const std::unique_ptr<GrandEvaluator> evaluator = loadModel(dir / "grand.ckpt")->grandEvaluator();

  std::vector<GrandTrainingSample> samples = testing_support::randomGrandSamples(9, 300);
  samples.resize(40);  // the first game's opening plies and beyond
  std::size_t width = 0;
  std::vector<std::vector<grand::GrandMove>> moves;
  for (const GrandTrainingSample& s : samples) {
    width = std::max(width, s.policyIndices.size());
    moves.push_back(grand::legalMoves(s.position));
  }
  torch::NoGradGuard noGrad;
  const std::vector<torch::Tensor> inputs =
      encodeMlpInputs<GrandRules>(samples, static_cast<std::int64_t>(width));
  const PolicyValueOutput out = net->forward(inputs[0], inputs[1], inputs[2], inputs[3], inputs[4]);
  const torch::Tensor wdl = out.wdlLogits.softmax(1);

  std::vector<GrandEvaluationRequest> requests;
  for (std::size_t i = 0; i < samples.size(); ++i)
    requests.push_back({&samples[i].position, &moves[i], {}, samples[i].repetitions});
  std::vector<Evaluation> results(requests.size());
  evaluator->evaluate(requests, results);
  LegalPolicy legal;
  for (std::size_t i = 0; i < samples.size(); ++i) {
    const auto n = static_cast<std::int64_t>(samples[i].policyIndices.size());
    const torch::Tensor slots =
        out.policyLogits[static_cast<std::int64_t>(i)].narrow(0, 0, n).softmax(0);
    assignLegalPolicy(legal, samples[i].position, moves[i]);
    std::vector<double> mass(legal.size(), 0.0);
    for (std::size_t m = 0; m < moves[i].size(); ++m)
      mass[static_cast<std::size_t>(legal.slotOfMove[m])] += results[i].priors[m];
    for (std::int64_t s = 0; s < n; ++s)
      EXPECT_NEAR(mass[static_cast<std::size_t>(s)], slots[s].item<float>(), 1e-4) << i;
    const auto index = static_cast<std::int64_t>(i);
    EXPECT_NEAR(results[i].value.win, wdl[index][0].item<float>(), 1e-4);
    EXPECT_NEAR(results[i].value.loss, wdl[index][2].item<float>(), 1e-4);
  }
}

TEST(GrandMlp, TheTrainerLowersTheLossAndRefusesTheOtherGamesSamples) {
  const std::vector<GrandTrainingSample> samples = testing_support::randomGrandSamples(2, 64);
  TrainerSettings settings;
  settings.learningRate = 3e-3;
  Trainer trainer(smallGrandMlp(), settings, 7);
  const TrainStepStats before = trainer.measure(samples);
  const std::span<const GrandTrainingSample> all(samples);
  for (int step = 0; step < 150; ++step)
    trainer.trainStep(all.subspan(static_cast<std::size_t>(step % 2) * 32, 32));
  const TrainStepStats after = trainer.measure(samples);
  EXPECT_EQ(trainer.step(), 150);
  EXPECT_LT(after.totalLoss, 0.8 * before.totalLoss);
  EXPECT_LT(after.valueLoss, before.valueLoss);
  EXPECT_LT(after.policyLoss, before.policyLoss);
  // Its snapshot plays Grand Camelot.
  const std::vector<grand::GrandMove> moves = grand::legalMoves(samples[0].position);
  const GrandEvaluationRequest request{&samples[0].position, &moves};
  std::vector<Evaluation> results(1);
  trainer.model()->grandEvaluator()->evaluate({&request, 1}, results);
  EXPECT_EQ(results[0].priors.size(), moves.size());

  EXPECT_THROW(trainer.trainStep(std::vector<TrainingSample>(1)), std::invalid_argument);
  Trainer standard(defaultNetworkConfig(Architecture::Mlp), settings, 7);
  EXPECT_THROW(standard.trainStep(all.first(1)), std::invalid_argument);
}

}  // namespace
}  // namespace camelot
