// The search and the baselines on Grand Camelot (engine/game_rules.hpp's GrandRules): the same
// templates as the standard game's, so a winning move is found and proven, values are the
// partnership to move's, and the baselines play legal, seeded games to the end.

#include <gtest/gtest.h>

#include <algorithm>

#include "engine/game.hpp"
#include "mcts/rollout_evaluator.hpp"
#include "mcts/uniform_evaluator.hpp"
#include "players/grand_greedy_player.hpp"
#include "players/mcts_player.hpp"
#include "players/random_player.hpp"
#include "tests/engine/grand_hand_built.hpp"

namespace camelot {
namespace {

using grand::GrandGame;
using grand::GrandMove;
using grand::parseGfen;

using grand_hand_built::isLegal;
using grand_hand_built::kRedWinsAtOnce;
using grand_hand_built::kTwoCaptures;

MctsPlayerOptions searchOptions(SearchKind kind, int simulations) {
  MctsPlayerOptions options;
  options.search = kind;
  options.simulations = simulations;
  options.seed = 3;
  return options;
}

TEST(GrandSearch, G12_1_BothSearchesPlayTheMoveThatWinsAtOnce) {
  const GrandGame game(parseGfen(kRedWinsAtOnce));
  EXPECT_TRUE(GrandRules::hasWinningMove(game.position(), game.legalMoves()));
  for (const SearchKind kind : {SearchKind::Puct, SearchKind::Gumbel}) {
    GrandMctsPlayer player(searchOptions(kind, 32));
    EXPECT_EQ(grand::notation(player.chooseMove(game)), "I15-I16");
    const GrandSearchResult& result = player.lastResult();
    const auto winning = static_cast<std::size_t>(result.chosen);
    EXPECT_EQ(result.q[winning], 1.0f);
    ASSERT_TRUE(player.lastReport().has_value());
    EXPECT_EQ(grand::notation(player.lastReport()->pv.front()), "I15-I16");
  }
}

TEST(GrandSearch, G12_TheValueIsThePartnershipToMovesAndSearchIsSeeded) {
  // Red to move can win at once: the root's value for rb is near 1, and two players with the
  // same seed search alike.
  const GrandGame game(parseGfen(kRedWinsAtOnce));
  GrandMctsPlayer first(searchOptions(SearchKind::Puct, 200));
  GrandMctsPlayer second(searchOptions(SearchKind::Puct, 200));
  first.chooseMove(game);
  second.chooseMove(game);
  EXPECT_GT(first.lastResult().rootValue, 0.9f);
  EXPECT_EQ(first.lastResult().visits, second.lastResult().visits);
}

TEST(GrandSearch, G12_RolloutsScoreFinishedPositionsExactly) {
  // G12.3 with gy to move and no gy pieces left: lost for the side to move, whatever the seed.
  const grand::GrandPosition lost =
      parseGfen("2/8/10/12/14/14/14/16/3b12/14/14/1b12/12/10/8/2 g 0 0 0 0 8");
  std::vector<GrandMove> moves;
  GrandRules::legalMoves(lost, moves);
  GrandRolloutEvaluator evaluator({4, 50, 9});
  const GrandEvaluationRequest request{&lost, &moves};
  std::vector<Evaluation> results(1);
  evaluator.evaluate({&request, 1}, results);
  EXPECT_EQ(results[0].value.loss, 1.0f);
  GrandUniformEvaluator material;
  const grand::GrandPosition start = grand::GrandPosition::start();
  GrandRules::legalMoves(start, moves);
  const GrandEvaluationRequest startRequest{&start, &moves};
  material.evaluate({&startRequest, 1}, results);
  EXPECT_EQ(results[0].priors, std::vector<float>(80, 1.0f / 80.0f));
  EXPECT_EQ(results[0].value.expected(), 0.0f);  // even material
}

TEST(GrandGreedyPlayer, G5_TakesTheMostMaterialAndWinsAtOnce) {
  GrandGreedyPlayer greedy(1);
  EXPECT_EQ(grand::notation(greedy.chooseMove(GrandGame(parseGfen(kTwoCaptures)))), "J5xJ7");
  EXPECT_EQ(grand::notation(greedy.chooseMove(GrandGame(parseGfen(kRedWinsAtOnce)))), "I15-I16");
}

TEST(GrandRandomPlayer, G11_G12_PlaysLegalSeededGamesToTheEnd) {
  std::vector<std::string> first;
  for (int run = 0; run < 2; ++run) {
    GrandRandomPlayer player(5);
    GrandGame game;
    std::vector<std::string> moves;
    while (!game.finished()) {
      const GrandMove m = player.chooseMove(game);
      ASSERT_TRUE(isLegal(game, m));
      moves.push_back(grand::notation(m));
      game.play(m);
    }
    if (run == 0) first = moves;
    EXPECT_EQ(moves, first);
  }
  EXPECT_GT(first.size(), 8u);
}

}  // namespace
}  // namespace camelot
