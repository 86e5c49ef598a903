// The mlp's plain C++ inference through loadModel: golden outputs of a stored tiny checkpoint
// (tests/data/mlp-tiny.ckpt, `camelot net init --accumulator 16 --hidden 8 --move-embedding 8
// --seed 5`), mirror equivariance of what it reads, and clear errors for damaged weights.
// tests/nn/mlp_network_test.cpp ties the same inference to the LibTorch training form.
#include "nn/mlp/mlp_model.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <numeric>

#include "engine/game.hpp"
#include "engine/notation.hpp"
#include "engine/rules_status.hpp"
#include "nn/checkpoint.hpp"
#include "nn/features/encoding.hpp"
#include "nn/model.hpp"
#include "tests/model/tiny_mlp.hpp"
#include "tests/scratch_dir.hpp"

namespace camelot {
namespace {

using testing_support::kTinyMlp;

Evaluation evaluateOne(Evaluator& evaluator, const Position& position, const MoveList& moves,
                       int repetitions = 0) {
  const EvaluationRequest request{&position, &moves, {}, repetitions};
  std::vector<Evaluation> results(1);
  evaluator.evaluate(std::span(&request, 1), results);
  return results[0];
}

Position afterMoves(const char* moves) {
  Game game;
  std::string text(moves);
  std::size_t begin = 0;
  while (begin < text.size()) {
    const std::size_t end = std::min(text.find(' ', begin), text.size());
    game.play(parseMove(game.position(), text.substr(begin, end - begin)));
    begin = end + 1;
  }
  return game.position();
}

TEST(MlpModel, LoadsTheStoredCheckpointWithoutLibTorch) {
  const std::shared_ptr<const Model> model = loadModel(kTinyMlp);
  EXPECT_EQ(model->config().architecture, Architecture::Mlp);
  EXPECT_EQ(model->config().accumulator, 16);
  EXPECT_EQ(model->historyPlies(), 0);
}

// The float inference to 1e-5, the quantized one (loadModel's) to 1e-3
// (tests/model/quantized_mlp_test.cpp bounds it on the shipped network).
class MlpGolden : public testing::TestWithParam<MlpInference> {};

TEST_P(MlpGolden, Outputs) {
  const std::shared_ptr<const Model> model =
      makeMlpModel(mlpWeights(kTinyMlp, readCheckpoint(kTinyMlp)), GetParam());
  const std::unique_ptr<Evaluator> evaluator = model->evaluator();
  const double tolerance = GetParam() == MlpInference::Float ? 1e-5 : 1e-3;
  struct Golden {
    const char* moves;
    float win, draw, loss, movesLeft;
    std::vector<float> firstPriors;
  };
  // Measured once from this file (0 moves left: a fresh net's moves-left head is below 0).
  const std::vector<Golden> goldens = {
      {"F7-F8", 0.335331f, 0.400455f, 0.264214f, 0.0f, {0.011319f, 0.009756f, 0.009203f}},
      {"F7-F8 G10-G9 F8-F9",
       0.335375f,
       0.404647f,
       0.259979f,
       0.0f,
       {0.232575f, 0.255524f, 0.275031f}},
      {"F7-F8 E10-E9 E7-E8",
       0.331573f,
       0.413907f,
       0.254521f,
       0.0f,
       {0.297664f, 0.069847f, 0.083702f}},
  };
  for (const Golden& g : goldens) {
    const Position position = afterMoves(g.moves);
    const MoveList moves = legalMoves(position);
    const Evaluation e = evaluateOne(*evaluator, position, moves);
    EXPECT_NEAR(e.value.win, g.win, tolerance) << g.moves;
    EXPECT_NEAR(e.value.draw, g.draw, tolerance) << g.moves;
    EXPECT_NEAR(e.value.loss, g.loss, tolerance) << g.moves;
    EXPECT_NEAR(e.movesLeft, g.movesLeft, 1e-3) << g.moves;
    ASSERT_GE(e.priors.size(), g.firstPriors.size());
    for (std::size_t i = 0; i < g.firstPriors.size(); ++i)
      EXPECT_NEAR(e.priors[i], g.firstPriors[i], tolerance) << g.moves << " prior " << i;
    EXPECT_NEAR(std::accumulate(e.priors.begin(), e.priors.end(), 0.0), 1.0, 1e-5);
    // Asked for the value alone, the same value and no priors (alpha-beta's leaves).
    const EvaluationRequest valueOnly{&position, &moves, {}, 0, /*needPriors=*/false};
    std::vector<Evaluation> answer(1);
    evaluator->evaluate(std::span(&valueOnly, 1), answer);
    EXPECT_EQ(answer[0].value.win, e.value.win) << g.moves;
    EXPECT_EQ(answer[0].value.draw, e.value.draw) << g.moves;
    EXPECT_EQ(answer[0].value.loss, e.value.loss) << g.moves;
    EXPECT_TRUE(answer[0].priors.empty()) << g.moves;
  }
}

INSTANTIATE_TEST_SUITE_P(MlpModel, MlpGolden,
                         testing::Values(MlpInference::Float, MlpInference::Quantized),
                         [](const testing::TestParamInfo<MlpInference>& info) {
                           return info.param == MlpInference::Float ? "Float" : "Quantized";
                         });

// The features read the board from the mover's side in a mirror-symmetric grid, but the weights
// are not mirror-symmetric: the mirrored position is simply another input. What must hold is that
// moves sharing a (from, to) pair share their probability evenly, and that a position evaluates
// the same alone and in a batch.
TEST(MlpModel, AnswersDoNotDependOnTheBatch) {
  const std::shared_ptr<const Model> model = loadModel(kTinyMlp);
  const std::unique_ptr<Evaluator> evaluator = model->evaluator();
  std::vector<Position> positions = {Position::start(), afterMoves("F7-F8 E10-E9"),
                                     afterMoves("F7-F8 G10-G9 F8-F9")};
  std::vector<MoveList> moves;
  for (const Position& p : positions)
    moves.push_back(legalMoves(p));
  std::vector<EvaluationRequest> requests;
  for (std::size_t i = 0; i < positions.size(); ++i)
    requests.push_back({&positions[i], &moves[i], {}, 0});
  std::vector<Evaluation> batch(requests.size());
  evaluator->evaluate(requests, batch);
  for (std::size_t i = 0; i < positions.size(); ++i) {
    const Evaluation alone = evaluateOne(*evaluator, positions[i], moves[i]);
    EXPECT_EQ(alone.priors, batch[i].priors);
    EXPECT_EQ(alone.value.win, batch[i].value.win);
  }
}

TEST(MlpModel, WrongTensorsAreClearErrors) {
  CheckpointContents contents = readCheckpoint(kTinyMlp);
  const testing_support::ScratchDir dir;
  const auto rewrite = [&](CheckpointContents changed) {
    const auto file = dir / "changed.ckpt";
    writeCheckpoint(file, changed.header, changed.tensors);
    try {
      loadModel(file);
    } catch (const CheckpointError& e) {
      return std::string(e.what()).substr(file.string().size() + 2);
    }
    return std::string("no error");
  };
  CheckpointContents missing = contents;
  missing.tensors.pop_back();
  EXPECT_EQ(rewrite(missing), "mlp tensor 'kindEmbedding.weight' is missing");
  CheckpointContents extra = contents;
  extra.tensors.push_back(contents.tensors.back());
  extra.tensors.back().name = "surprise";
  EXPECT_EQ(rewrite(extra), "unexpected tensor 'surprise' in an mlp checkpoint");
  CheckpointContents wider = contents;
  wider.header.config.hidden = 9;
  EXPECT_EQ(rewrite(wider),
            "tensor 'layer1.weight' is float32 [8, 16], the mlp expects float32 [9, 16]");
}

}  // namespace
}  // namespace camelot
