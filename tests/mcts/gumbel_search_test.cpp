// Gumbel root search (Danihelka et al. 2022): the sequential halving plan, the simulation
// budget, forced wins, the sign of values for both colours, the improved policy and seeding.

#include "mcts/gumbel_search.hpp"

#include <gtest/gtest.h>

#include <numeric>

#include "engine/notation.hpp"
#include "mcts/uniform_evaluator.hpp"
#include "tests/engine/hand_built.hpp"
#include "tests/mcts/search_test_support.hpp"

namespace camelot {
namespace {

using hand_built::board;
using hand_built::legalMove;
using namespace search_test;

SearchResult gumbelSearch(const Position& root, int simulations, const SearchParams& params = {},
                          std::uint64_t seed = 1) {
  return searchWith<GumbelSearch>(root, simulations, params, seed);
}

TEST(GumbelSearch, PlansSequentialHalvingAsMctxDoes) {
  EXPECT_EQ(consideredVisitSequence(4, 8), (std::vector<int>{0, 0, 0, 0, 1, 1, 2, 2}));
  EXPECT_EQ(consideredVisitSequence(2, 5), (std::vector<int>{0, 0, 1, 1, 2}));
  EXPECT_EQ(consideredVisitSequence(1, 3), (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(consideredVisitSequence(3, 10), (std::vector<int>{0, 0, 0, 1, 1, 2, 2, 3, 3, 4}));
  const std::vector<int> plan = consideredVisitSequence(16, 32);
  const std::vector<int> expected{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                  1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3};
  EXPECT_EQ(plan, expected);
}

TEST(GumbelSearch, NeverVisitsMoreThanItsSimulations) {
  UniformEvaluator uniform;
  for (const Position& p : {Position::start(), randomGamePosition(3, 40), kWinInTwo}) {
    for (const int n : {1, 2, 3, 5, 8, 16, 32, 64}) {
      for (const int leaves : {1, 4}) {
        SearchParams params;
        params.leavesPerStep = leaves;
        CountingEvaluator counting(uniform);
        GumbelSearch s(params, static_cast<std::uint64_t>(n));
        s.setRoot(p);
        const SearchResult& r = s.run(counting, n);
        const int visits = std::accumulate(r.visits.begin(), r.visits.end(), 0);
        EXPECT_EQ(visits, n);
        EXPECT_EQ(r.simulations, n);
        EXPECT_LE(counting.positions.size(), static_cast<std::size_t>(n) + 1);
        // Sequential halving: the visited moves are among the m candidates.
        const auto visited =
            std::count_if(r.visits.begin(), r.visits.end(), [](int v) { return v > 0; });
        EXPECT_LE(visited, params.gumbelConsidered);
      }
    }
  }
}

// With fewer simulations than legal moves only a sample of the moves is tried at all (the
// point of Gumbel-top-k); with uniform priors the win may be left out, so the budgets here
// cover the 15 moves, and the 8-simulation case has two moves.
TEST(GumbelSearch, FindsTheCastleWinInOne) {
  ASSERT_EQ(legalMoves(kWinInOne).size(), 15u);
  for (const std::uint64_t seed : {1, 2, 3, 4}) {
    for (const int n : {16, 32, 64}) {
      const SearchResult r = gumbelSearch(kWinInOne, n, {}, seed);
      EXPECT_TRUE(winsAtOnce(kWinInOne, chosenMove(r))) << toNotation(chosenMove(r));
      EXPECT_EQ(r.q[static_cast<std::size_t>(r.chosen)], 1.0f);
    }
  }
  EXPECT_EQ(chosenMove(gumbelSearch(kCastleOrCapture, 8)), legalMove(kCastleOrCapture, "G14xG16"));
}

TEST(GumbelSearch, FindsAForcedWinInTwo) {
  SearchParams params;
  params.gumbelScale = 0.0f;  // deterministic
  for (const Position& p : {kWinInTwo, kWinInTwo.colorFlipped()}) {
    const SearchResult r = gumbelSearch(p, 64, params);
    EXPECT_TRUE(forcesWinInTwo(p, chosenMove(r))) << toNotation(chosenMove(r));
    EXPECT_GT(r.q[static_cast<std::size_t>(r.chosen)], 0.3f);
  }
}

TEST(GumbelSearch, AvoidsTheMoveThatLosesAtOnce) {
  const Move losing = legalMove(kOneLosingMove, "G3-F2");
  for (const std::uint64_t seed : {1, 2, 3, 4, 5}) {
    const SearchResult r = gumbelSearch(kOneLosingMove, 32, {}, seed);
    EXPECT_FALSE(chosenMove(r) == losing);
  }
}

TEST(GumbelSearch, ValuesHaveTheRightSignForBothColours) {
  for (const Position& p : {kWinInOne, kWinInOne.colorFlipped()}) {
    const SearchResult r = gumbelSearch(p, 32);
    EXPECT_TRUE(winsAtOnce(p, chosenMove(r)));
    EXPECT_GT(r.rootValue, 0.5f);
  }
  const Position lost = kWinInOne.after(legalMove(kWinInOne, "F16-G16"));
  for (const Position& p : {lost, lost.colorFlipped()})
    EXPECT_LT(gumbelSearch(p, 32).rootValue, -0.5f);
}

TEST(GumbelSearch, ImprovedPolicyIsADistributionLeaningToTheWin) {
  const SearchResult r = gumbelSearch(kWinInOne, 32);
  ASSERT_EQ(r.policy.size(), r.moves.size());
  EXPECT_NEAR(std::accumulate(r.policy.begin(), r.policy.end(), 0.0f), 1.0f, 1e-5f);
  float winning = 0.0f;
  for (std::size_t i = 0; i < r.moves.size(); ++i)
    if (winsAtOnce(kWinInOne, r.moves[i])) winning += r.policy[i];
  EXPECT_GT(winning, 0.9f);
  // With nothing learned yet (all values equal), the improved policy is the prior.
  const SearchResult flat = gumbelSearch(Position::start(), 16);
  for (const float p : flat.policy)
    EXPECT_NEAR(p, 1.0f / static_cast<float>(flat.moves.size()), 1e-4f);
}

// Section 4: visited moves count at their mean value, unvisited ones at the mixed value
// v_mix = (v + N * mean visited Q) / (1 + N), the priors here being equal.
TEST(GumbelSearch, RootValueIsTheImprovedPolicysExpectedCompletedQ) {
  for (const Position& p : {randomGamePosition(3, 40), randomGamePosition(5, 60), kWinInTwo}) {
    const SearchResult r = gumbelSearch(p, 32);
    UniformEvaluator evaluator;
    MoveList moves;
    legalMoves(p, moves);
    const EvaluationRequest request{&p, &moves};
    Evaluation raw;
    evaluator.evaluate({&request, 1}, {&raw, 1});
    int visits = 0;
    int visited = 0;
    float qSum = 0.0f;
    for (std::size_t k = 0; k < r.moves.size(); ++k) {
      if (r.visits[k] == 0) continue;
      visits += r.visits[k];
      ++visited;
      qSum += r.q[k];
    }
    const float mixed =
        (raw.value.expected() + static_cast<float>(visits) * qSum / static_cast<float>(visited)) /
        static_cast<float>(1 + visits);
    float expected = 0.0f;
    for (std::size_t k = 0; k < r.moves.size(); ++k)
      expected += r.policy[k] * (r.visits[k] > 0 ? r.q[k] : mixed);
    EXPECT_NEAR(r.rootValue, expected, 1e-5f);
    EXPECT_LT(std::abs(r.rootValue), 1.0f);  // an estimate: this root is not proven
  }
}
TEST(GumbelSearch, IsSeeded) {
  const Position p = randomGamePosition(9, 30);
  const SearchResult a = gumbelSearch(p, 32, {}, 7);
  const SearchResult b = gumbelSearch(p, 32, {}, 7);
  EXPECT_EQ(a.visits, b.visits);
  EXPECT_EQ(a.chosen, b.chosen);
  EXPECT_EQ(a.policy, b.policy);
  bool differs = false;
  for (std::uint64_t seed = 8; seed < 18 && !differs; ++seed)
    differs = gumbelSearch(p, 32, {}, seed).visits != a.visits;
  EXPECT_TRUE(differs);
}

}  // namespace
}  // namespace camelot
