// A Grand Camelot network's training form against its plain C++ inference: the same priors and
// values to 1e-4 on positions of random games after a checkpoint round trip; a trainer that
// lowers its loss on a fixed buffer of Grand Camelot samples; samples of the other game refused
// both ways.

#include <gtest/gtest.h>

#include "nn/backend/trainer.hpp"
#include "nn/features/grand_features.hpp"
#include "nn/mlp/mlp_network.hpp"
#include "nn/model.hpp"
#include "tests/grand_samples.hpp"
#include "tests/nn/mlp_forward_check.hpp"

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
  std::vector<GrandTrainingSample> samples = testing_support::randomGrandSamples(9, 40);
  std::vector<std::vector<grand::GrandMove>> moves;
  for (const GrandTrainingSample& s : samples)
    moves.push_back(grand::legalMoves(s.position));
  nn_test::expectCppInferenceEqualsForward<GrandRules>(net, smallGrandMlp(), samples, moves);
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
