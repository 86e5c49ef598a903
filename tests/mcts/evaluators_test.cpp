// The network-free evaluators: uniform priors, the material value, and seeded random playouts
// whose values depend only on the position, never on the batch around it.

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "engine/rules_status.hpp"
#include "mcts/rollout_evaluator.hpp"
#include "mcts/uniform_evaluator.hpp"
#include "tests/engine/hand_built.hpp"
#include "tests/mcts/search_test_support.hpp"

namespace camelot {
namespace {

using hand_built::board;

std::vector<Evaluation> evaluateAll(Evaluator& evaluator, const std::vector<Position>& positions,
                                    std::vector<MoveList>& moves) {
  moves.clear();
  for (const Position& p : positions)
    moves.push_back(legalMoves(p));
  std::vector<EvaluationRequest> requests;
  for (std::size_t i = 0; i < positions.size(); ++i)
    requests.push_back({&positions[i], &moves[i]});
  std::vector<Evaluation> results(positions.size());
  evaluator.evaluate(requests, results);
  return results;
}

TEST(UniformEvaluator, GivesEqualPriorsAndTheMaterialBalance) {
  // White to move two points up: a knight (two) and a man against a man.
  const std::vector<Position> positions{Position::start(), board("KC4 MD5 mJ12"),
                                        board("KC4 MD5 mJ12", Color::Black)};
  std::vector<MoveList> moves;
  UniformEvaluator material;
  const std::vector<Evaluation> r = evaluateAll(material, positions, moves);
  for (std::size_t i = 0; i < r.size(); ++i) {
    ASSERT_EQ(r[i].priors.size(), moves[i].size());
    for (const float p : r[i].priors)
      EXPECT_FLOAT_EQ(p, 1.0f / static_cast<float>(moves[i].size()));
    EXPECT_NEAR(r[i].value.win + r[i].value.draw + r[i].value.loss, 1.0f, 1e-6f);
  }
  EXPECT_EQ(r[0].value.expected(), 0.0f);
  EXPECT_FLOAT_EQ(r[1].value.expected(), std::tanh(2.0f / 4.0f));
  EXPECT_FLOAT_EQ(r[2].value.expected(), -r[1].value.expected());

  UniformEvaluator zero(UniformValue::Zero);
  for (const Evaluation& e : evaluateAll(zero, positions, moves))
    EXPECT_EQ(e.value.expected(), 0.0f);
}

TEST(RolloutEvaluator, ScoresFinishedGamesExactly) {
  RolloutEvaluator evaluator;
  // R9 c: Black to move has no pieces; R9 a: White holds both squares of Black's castle.
  const std::vector<Position> positions{board("MA4 MB4", Color::Black),
                                        board("MF16 MG16 mA4 mB4", Color::Black)};
  std::vector<MoveList> moves;
  for (const Evaluation& e : evaluateAll(evaluator, positions, moves)) {
    EXPECT_EQ(e.value.loss, 1.0f);
    EXPECT_TRUE(e.priors.empty());
  }
}

TEST(RolloutEvaluator, IsSeededByPositionNotByBatch) {
  RolloutOptions options;
  options.playouts = 4;
  options.seed = 17;
  const std::vector<Position> forward{Position::start(), search_test::randomGamePosition(4, 40),
                                      search_test::randomGamePosition(6, 60)};
  const std::vector<Position> backward(forward.rbegin(), forward.rend());
  std::vector<MoveList> moves;
  RolloutEvaluator a(options);
  RolloutEvaluator b(options);
  const std::vector<Evaluation> ra = evaluateAll(a, forward, moves);
  const std::vector<Evaluation> rb = evaluateAll(b, backward, moves);
  const std::vector<Evaluation> again = evaluateAll(a, forward, moves);
  for (std::size_t i = 0; i < forward.size(); ++i) {
    EXPECT_EQ(ra[i].value.win, rb[forward.size() - 1 - i].value.win);
    EXPECT_EQ(ra[i].value.loss, rb[forward.size() - 1 - i].value.loss);
    EXPECT_EQ(ra[i].value.win, again[i].value.win);
    EXPECT_NEAR(ra[i].value.win + ra[i].value.draw + ra[i].value.loss, 1.0f, 1e-6f);
  }
}

TEST(RolloutEvaluator, PlayoutsFavourTheSideThatIsWinning) {
  // White to move with two men against one lone Black man (a loss is unlikely for White).
  RolloutOptions options;
  options.playouts = 32;
  RolloutEvaluator evaluator(options);
  std::vector<MoveList> moves;
  const std::vector<Position> positions{board("MF16 MG14 MG12 MH12 mA4")};
  EXPECT_GT(evaluateAll(evaluator, positions, moves)[0].value.expected(), 0.3f);
}

}  // namespace
}  // namespace camelot
