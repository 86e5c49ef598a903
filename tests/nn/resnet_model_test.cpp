// The residual network as a Model: priors over exactly the legal moves, mirror equivariance on
// real positions, batch-size independence, and bitwise-equal answers after a checkpoint round
// trip through loadModel.
#include "nn/resnet/resnet_model.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <numeric>

#include "nn/features/encoding.hpp"
#include "nn/model.hpp"
#include "nn/resnet/inference_net.hpp"
#include "nn/torch/checkpoint_module.hpp"
#include "tests/nn/nn_test_support.hpp"
#include "tests/scratch_dir.hpp"

namespace camelot {
namespace {

struct Case {
  Position position;
  std::vector<Position> history;
  MoveList moves;
};

std::vector<Case> randomCases(int count, std::uint64_t seed) {
  std::vector<Case> cases;
  for (auto& game : nn_test::randomGames(count, seed)) {
    Case c;
    c.position = game.back();
    c.history.assign(game.begin(), game.end() - 1);
    legalMoves(c.position, c.moves);
    cases.push_back(std::move(c));
  }
  return cases;
}

std::vector<Evaluation> evaluateAll(Evaluator& evaluator, const std::vector<Case>& cases) {
  std::vector<EvaluationRequest> requests;
  for (const Case& c : cases)
    requests.push_back({&c.position, &c.moves, c.history, 0});
  std::vector<Evaluation> results(cases.size());
  evaluator.evaluate(requests, results);
  return results;
}

// The prior mass on each policy index.
std::map<int, float> massByIndex(const Case& c, const Evaluation& e) {
  std::map<int, float> mass;
  for (std::size_t i = 0; i < c.moves.size(); ++i)
    mass[policyIndex(c.moves[i], c.position.sideToMove())] += e.priors[i];
  return mass;
}

std::unique_ptr<Evaluator> evaluatorFor(const Network& net) {
  return makeResnetModel(std::make_shared<const InferenceNet>(*net, torch::kCPU))->evaluator();
}

TEST(ResnetModel, PriorsCoverExactlyTheLegalMovesAndSharePairsEvenly) {
  Network net = nn_test::smallNetwork(2);
  const auto evaluator = evaluatorFor(net);
  const std::vector<Case> cases = randomCases(40, 5);
  const std::vector<Evaluation> results = evaluateAll(*evaluator, cases);
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const Case& c = cases[i];
    const Evaluation& e = results[i];
    ASSERT_EQ(e.priors.size(), c.moves.size());
    EXPECT_NEAR(std::accumulate(e.priors.begin(), e.priors.end(), 0.0), 1.0, 1e-5);
    EXPECT_NEAR(e.value.win + e.value.draw + e.value.loss, 1.0, 1e-5);
    for (std::size_t a = 0; a < c.moves.size(); ++a) {
      EXPECT_GT(e.priors[a], 0.0f);
      for (std::size_t b = a + 1; b < c.moves.size(); ++b) {
        if (c.moves[a].from() == c.moves[b].from() && c.moves[a].to() == c.moves[b].to()) {
          EXPECT_FLOAT_EQ(e.priors[a], e.priors[b]);
        }
      }
    }
  }
}

TEST(ResnetModel, MirroredPositionGetsTheMirroredPolicyAndTheSameValue) {
  Network net = nn_test::smallNetwork(4);
  const auto evaluator = evaluatorFor(net);
  const std::vector<Case> cases = randomCases(30, 9);
  std::vector<Case> mirrored;
  for (const Case& c : cases) {
    Case m;
    m.position = c.position.mirrored();
    for (const Position& p : c.history)
      m.history.push_back(p.mirrored());
    legalMoves(m.position, m.moves);
    mirrored.push_back(std::move(m));
  }
  const auto results = evaluateAll(*evaluator, cases);
  const auto mirroredResults = evaluateAll(*evaluator, mirrored);
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const auto mass = massByIndex(cases[i], results[i]);
    const auto mirroredMass = massByIndex(mirrored[i], mirroredResults[i]);
    ASSERT_EQ(mass.size(), mirroredMass.size());
    for (const auto& [index, p] : mass) {
      ASSERT_TRUE(mirroredMass.contains(mirroredPolicyIndex(index)));
      EXPECT_NEAR(p, mirroredMass.at(mirroredPolicyIndex(index)), 1e-5);
    }
    EXPECT_NEAR(results[i].value.win, mirroredResults[i].value.win, 1e-5);
    EXPECT_NEAR(results[i].value.loss, mirroredResults[i].value.loss, 1e-5);
  }
}

TEST(ResnetModel, AnswersDoNotDependOnTheBatch) {
  Network net = nn_test::smallNetwork(6);
  const auto evaluator = evaluatorFor(net);
  std::vector<Case> cases = randomCases(8, 21);
  const auto batched = evaluateAll(*evaluator, cases);
  // 512 positions: the 8 repeated.
  std::vector<Case> big;
  for (int r = 0; r < 64; ++r)
    big.insert(big.end(), cases.begin(), cases.end());
  const auto bigResults = evaluateAll(*evaluator, big);
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const auto single = evaluateAll(*evaluator, {cases[i]});
    for (std::size_t m = 0; m < cases[i].moves.size(); ++m) {
      EXPECT_NEAR(single[0].priors[m], batched[i].priors[m], 1e-5);
      EXPECT_NEAR(bigResults[i + 8 * 63].priors[m], batched[i].priors[m], 1e-5);
    }
    EXPECT_NEAR(single[0].value.win, batched[i].value.win, 1e-5);
  }
}

TEST(ResnetModel, CheckpointRoundTripGivesBitwiseEqualAnswers) {
  Network net = nn_test::smallNetwork(8);
  const testing_support::ScratchDir dir;
  const auto file = dir / "net.ckpt";
  CheckpointHeader header;
  header.config = net->config();
  header.encodingVersion = kEncodingVersion;
  header.trainingStep = 1234;
  header.generation = 5;
  writeCheckpoint(file, header, *net);

  const auto original = evaluatorFor(net);
  const std::shared_ptr<const Model> model = loadModel(file);
  EXPECT_EQ(model->historyPlies(), 2);
  EXPECT_EQ(model->config().architecture, Architecture::Resnet);
  const auto loaded = model->evaluator();
  const std::vector<Case> cases = randomCases(12, 33);
  const auto a = evaluateAll(*original, cases);
  const auto b = evaluateAll(*loaded, cases);
  for (std::size_t i = 0; i < cases.size(); ++i) {
    EXPECT_EQ(a[i].priors, b[i].priors);
    EXPECT_EQ(a[i].value.win, b[i].value.win);
    EXPECT_EQ(a[i].value.draw, b[i].value.draw);
    EXPECT_EQ(a[i].value.loss, b[i].value.loss);
  }
}

TEST(ResnetModel, UnknownDeviceIsAClearError) {
  Network net = nn_test::smallNetwork(8);
  const testing_support::ScratchDir dir;
  CheckpointHeader header;
  header.config = net->config();
  header.encodingVersion = kEncodingVersion;
  writeCheckpoint(dir / "net.ckpt", header, *net);
  EXPECT_THROW(loadModel(dir / "net.ckpt", "tpu"), std::invalid_argument);
}

}  // namespace
}  // namespace camelot
