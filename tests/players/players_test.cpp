// The tree-search players: names, legal and seeded play, budgets, forced wins.

#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <vector>

#include "engine/notation.hpp"
#include "players/mcts_player.hpp"
#include "players/random_player.hpp"
#include "players/rollout_mcts_player.hpp"
#include "tests/engine/hand_built.hpp"
#include "tests/mcts/search_test_support.hpp"
#include "tests/players/is_legal.hpp"

namespace camelot {
namespace {

using hand_built::board;
using search_test::winsAtOnce;

using testing_support::isLegal;

// Up to `plies` plies between two players; the moves in letter notation.
std::vector<std::string> play(Player& white, Player& black, int plies) {
  white.newGame();
  black.newGame();
  Game game;
  std::vector<std::string> moves;
  for (int i = 0; i < plies && !game.finished(); ++i) {
    Player& mover = game.position().sideToMove() == Color::White ? white : black;
    const Move m = mover.chooseMove(game);
    EXPECT_TRUE(isLegal(game, m)) << toNotation(m);
    moves.push_back(toNotation(m));
    game.play(m);
  }
  return moves;
}

MctsPlayerOptions options(SearchKind search, EvaluatorKind evaluator, int simulations,
                          std::uint64_t seed) {
  MctsPlayerOptions o;
  o.search = search;
  o.evaluator = evaluator;
  o.simulations = simulations;
  o.seed = seed;
  o.rollout.maxPlies = 40;
  return o;
}

TEST(MctsPlayer, NamesItselfAsTheCommandLineDoes) {
  EXPECT_EQ(MctsPlayer(options(SearchKind::Puct, EvaluatorKind::Rollout, 800, 1)).name(),
            "mcts:sims=800,eval=rollout");
  EXPECT_EQ(MctsPlayer(options(SearchKind::Gumbel, EvaluatorKind::Uniform, 32, 1)).name(),
            "gumbel:sims=32,eval=uniform");
  MctsPlayerOptions timed = options(SearchKind::Puct, EvaluatorKind::Uniform, 1, 1);
  timed.simulations.reset();
  timed.time = std::chrono::milliseconds(250);
  EXPECT_EQ(MctsPlayer(timed).name(), "mcts:time=250ms,eval=uniform");
  timed.time.reset();
  EXPECT_THROW(MctsPlayer{timed}, std::invalid_argument);
  EXPECT_EQ(RolloutMctsPlayer({}).name(), "rollout:sims=1000");
}

TEST(MctsPlayer, TheSameSeedPlaysTheSameGame) {
  for (const SearchKind kind : {SearchKind::Puct, SearchKind::Gumbel}) {
    const auto game = [&](std::uint64_t whiteSeed) {
      MctsPlayerOptions o = options(kind, EvaluatorKind::Uniform, 48, whiteSeed);
      o.params.rootNoise = true;
      o.params.temperature = 1.0f;
      MctsPlayer white(o);
      o.seed = 4;
      MctsPlayer black(o);
      return play(white, black, 40);
    };
    const std::vector<std::string> first = game(3);
    EXPECT_EQ(game(3), first);
    EXPECT_NE(game(99), first);
  }
}

TEST(MctsPlayer, PlaysWithRolloutsAndWinsOnTheCastle) {
  const Game game(board("MF16 MG15 MG14 mF1"));
  for (const SearchKind kind : {SearchKind::Puct, SearchKind::Gumbel}) {
    MctsPlayer player(options(kind, EvaluatorKind::Rollout, 200, 1));
    EXPECT_TRUE(winsAtOnce(game.position(), player.chooseMove(game)));
    // Finding the win ends the search: the root's value is then exact.
    EXPECT_LE(player.lastResult().simulations, 200);
    EXPECT_EQ(player.lastResult().rootValue, 1.0f);
  }
}

TEST(MctsPlayer, RespectsTheBudget) {
  MctsPlayer player(options(SearchKind::Puct, EvaluatorKind::Uniform, 800, 1));
  Game game;
  ThinkingBudget budget;
  budget.simulations = 50;
  player.chooseMove(game, budget);
  EXPECT_EQ(player.lastResult().simulations, 50);
  // A budget of time alone replaces the player's simulations too: 20 ms of a uniform search
  // are far more than the player's own 8.
  MctsPlayer eight(options(SearchKind::Puct, EvaluatorKind::Uniform, 8, 1));
  ThinkingBudget clock;
  clock.time = std::chrono::milliseconds(20);
  eight.chooseMove(game, clock);
  EXPECT_GT(eight.lastResult().simulations, 8);
  eight.chooseMove(game);
  EXPECT_EQ(eight.lastResult().simulations, 8);
  // A player's own time limit with unlimited simulations stops on time (or at the node cap).
  MctsPlayerOptions timed = options(SearchKind::Puct, EvaluatorKind::Uniform, 1, 1);
  timed.simulations.reset();
  timed.time = std::chrono::milliseconds(20);
  MctsPlayer clocked(timed);
  EXPECT_TRUE(isLegal(game, clocked.chooseMove(game)));
  EXPECT_GT(clocked.lastResult().simulations, 1);
}

// Self-play style: the player moves for both sides, so the subtree of its own move is kept.
TEST(MctsPlayer, KeepsItsTreeBetweenMoves) {
  MctsPlayer player(options(SearchKind::Puct, EvaluatorKind::Uniform, 300, 1));
  Game game;
  game.play(player.chooseMove(game));
  player.chooseMove(game);
  EXPECT_EQ(player.lastResult().simulations, 300);
  int visits = 0;
  for (const int v : player.lastResult().visits)
    visits += v;
  EXPECT_GT(visits, 300);
}

TEST(RolloutMctsPlayer, WinsOnTheCastleAndBeatsRandomPlay) {
  RolloutMctsOptions o;
  o.simulations = 200;
  o.rollout.maxPlies = 60;
  RolloutMctsPlayer player(o);
  const Game won(board("MF16 MG15 MG14 mF1"));
  EXPECT_TRUE(winsAtOnce(won.position(), player.chooseMove(won)));
  EXPECT_EQ(player.name(), "rollout:sims=200");

  RandomPlayer random(5);
  const std::vector<std::string> moves = play(player, random, 40);
  EXPECT_FALSE(moves.empty());
}

}  // namespace
}  // namespace camelot
