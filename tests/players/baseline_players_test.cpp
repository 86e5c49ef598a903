// The random and greedy baselines: legal, seeded, and greedy's one-ply preferences.

#include <gtest/gtest.h>

#include "engine/cfen.hpp"
#include "engine/notation.hpp"
#include "players/greedy_player.hpp"
#include "players/random_player.hpp"
#include "tests/players/is_legal.hpp"

namespace camelot {
namespace {

using testing_support::isLegal;

TEST(RandomPlayer, PlaysLegalMovesToTheEndAndRepeatsWithTheSameSeed) {
  std::vector<std::string> first;
  for (int run = 0; run < 2; ++run) {
    RandomPlayer player(7);
    Game game;
    std::vector<std::string> moves;
    while (!game.finished()) {
      const Move m = player.chooseMove(game);
      ASSERT_TRUE(isLegal(game, m));
      moves.push_back(toNotation(m));
      game.play(m);
    }
    if (run == 0) first = moves;
    EXPECT_EQ(moves, first);
  }
}

TEST(GreedyPlayer, TakesTheMostMaterial) {
  // R4: a capture is due. E5 can jump the man E6, C5 the knight C6 (worth two men).
  const Position p = parseCfen("2/8/10/12/12/12/12/12/12/12/2k1m7/2M1M7/12/10/8/2 w 0 0 0");
  Game game(p);
  GreedyPlayer player(1);
  EXPECT_EQ(toNotation(player.chooseMove(game)), "C5xC7");
}

TEST(GreedyPlayer, WinsOnTheCastleWhenItCan) {
  // R9 a: White holds F16; G14 can canter over G15 into G16 and win.
  const Position p = parseCfen("M1/4M3/5M4/12/12/12/12/12/12/12/12/12/12/10/8/m1 w 0 0 0");
  Game game(p);
  GreedyPlayer player(1);
  EXPECT_EQ(toNotation(player.chooseMove(game)), "G14-G16");
}

TEST(GreedyPlayer, AdvancesWhenNothingCanBeWon) {
  // A lone White man far from everything steps toward the goal (rank up).
  const Position p = parseCfen("2/8/10/12/m11/12/12/12/12/12/12/6M5/12/10/8/m1 w 0 0 0");
  Game game(p);
  GreedyPlayer player(3);
  EXPECT_EQ(rankOf(player.chooseMove(game).to()), 6);
}

}  // namespace
}  // namespace camelot
