// The mlp's training form against its plain C++ inference: the same priors, values and
// moves-left to 1e-4 on random positions after a checkpoint round trip, and a trainer that
// learns a target with it.
#include "nn/mlp/mlp_network.hpp"

#include <gtest/gtest.h>

#include <map>
#include <numeric>

#include "nn/backend/trainer.hpp"
#include "nn/features/encoding.hpp"
#include "nn/model.hpp"
#include "nn/torch/checkpoint_module.hpp"
#include "tests/nn/mlp_forward_check.hpp"
#include "tests/nn/nn_test_support.hpp"
#include "tests/scratch_dir.hpp"

namespace camelot {
namespace {

NetworkConfig smallMlp() {
  NetworkConfig config = defaultNetworkConfig(Architecture::Mlp);
  config.accumulator = 48;
  config.hidden = 16;
  config.moveEmbedding = 12;
  return config;
}

TEST(MlpNetwork, CppInferenceEqualsTheTrainingForward) {
  torch::manual_seed(3);
  MlpNetwork net(smallMlp());
  std::vector<TrainingSample> samples;
  std::vector<MoveList> moves;
  LegalPolicy legal;
  int repetitions = 0;
  for (const auto& game : nn_test::randomGames(40, 17)) {
    TrainingSample s;
    s.position = game.back();
    s.repetitions = static_cast<std::uint8_t>(repetitions++ % 2);
    moves.push_back(legalMoves(s.position));
    legal.assign(moves.back(), s.position.sideToMove());
    s.policyIndices = legal.indices;
    s.policyTarget.assign(legal.size(), 0.0f);
    samples.push_back(std::move(s));
  }
  nn_test::expectCppInferenceEqualsForward<StandardRules>(net, smallMlp(), samples, moves);
}

TEST(MlpNetwork, TrainerLearnsAPolicyTargetAndSnapshotsStayPut) {
  TrainerSettings settings;
  settings.learningRate = 3e-3;
  Trainer trainer(smallMlp(), settings, 5);
  TrainingSample sample;
  const auto games = nn_test::randomGames(1, 23);
  sample.position = games[0].back();
  const MoveList moves = legalMoves(sample.position);
  LegalPolicy legal;
  legal.assign(moves, sample.position.sideToMove());
  sample.policyIndices = legal.indices;
  sample.policyTarget.assign(legal.size(), 0.0f);
  sample.policyTarget.back() = 1.0f;
  sample.result = 1;
  const auto evaluate = [&](const Model& model) {
    const EvaluationRequest request{&sample.position, &moves, {}, 0};
    std::vector<Evaluation> results(1);
    model.evaluator()->evaluate(std::span(&request, 1), results);
    double target = 0.0;
    for (std::size_t m = 0; m < moves.size(); ++m)
      if (legal.slotOfMove[m] == static_cast<int>(legal.size()) - 1) target += results[0].priors[m];
    return std::pair{target, results[0].value.win};
  };
  const std::shared_ptr<const Model> before = trainer.model();
  const auto [priorBefore, winBefore] = evaluate(*before);
  const std::vector<TrainingSample> batch(16, sample);
  for (int i = 0; i < 60; ++i)
    trainer.trainStep(batch);
  const auto [priorAfter, winAfter] = evaluate(*trainer.model());
  EXPECT_GT(priorAfter, priorBefore + 0.3);
  EXPECT_GT(winAfter, winBefore + 0.2);
  EXPECT_EQ(evaluate(*before).first, priorBefore);  // the snapshot did not move
  EXPECT_THROW(trainer.model("cuda"), std::invalid_argument);
}

}  // namespace
}  // namespace camelot
