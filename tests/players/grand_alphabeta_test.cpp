// Alpha-beta on Grand Camelot (players/alphabeta_player.hpp with players/alphabeta_variant.hpp's
// GrandRules side) and its hand-written evaluation (mcts/grand_evaluation.hpp): a win on the
// spot is found and scored as one, the most material is taken, a player without a move passes,
// the limits hold, seeded games against random play are legal and won, and the evaluation is
// the partnership to move's and keeps G2's symmetry.

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "engine/game.hpp"
#include "mcts/grand_evaluation.hpp"
#include "players/alphabeta_player.hpp"
#include "players/player_factory.hpp"
#include "players/random_player.hpp"
#include "tests/engine/grand_hand_built.hpp"

namespace camelot {
namespace {

using grand::GrandGame;
using grand::GrandMove;
using grand::GrandPosition;
using grand::parseGfen;

using grand_hand_built::isLegal;
using grand_hand_built::kRedWinsAtOnce;
using grand_hand_built::kTwoCaptures;

// Red has no pieces left and passes (G11); Blue and Yellow still play.
constexpr const char* kRedPasses = "2/8/10/12/14/14/14/16/3b12/14/14/1b10y1/12/10/8/2 r 0 0 0 0 7";

GrandAlphaBetaPlayer playerOf(int depth, std::uint64_t seed = 1) {
  GrandAlphaBetaSettings settings;
  settings.maxDepth = depth;
  settings.ttMegabytes = 1;
  settings.seed = seed;
  return GrandAlphaBetaPlayer(settings);
}

TEST(GrandAlphaBeta, G12_1_PlaysAndScoresTheCastleWinOnTheSpot) {
  for (const int depth : {1, 3}) {
    GrandAlphaBetaPlayer player = playerOf(depth);
    EXPECT_EQ(grand::notation(player.chooseMove(GrandGame(parseGfen(kRedWinsAtOnce)))), "I15-I16");
    EXPECT_EQ(player.lastSearch().score, winIn(1));
    ASSERT_TRUE(player.lastReport().has_value());
    EXPECT_EQ(player.lastReport()->value, 1.0f);
  }
}

TEST(GrandAlphaBeta, G5_TakesTheKnightRatherThanTheMan) {
  for (const int depth : {1, 2, 3}) {
    GrandAlphaBetaPlayer player = playerOf(depth);
    EXPECT_EQ(grand::notation(player.chooseMove(GrandGame(parseGfen(kTwoCaptures)))), "J5xJ7")
        << "depth " << depth;
  }
}

TEST(GrandAlphaBeta, G11_APlayerWithoutPiecesPasses) {
  GrandAlphaBetaPlayer player = playerOf(3);
  EXPECT_TRUE(player.chooseMove(GrandGame(parseGfen(kRedPasses))).pass());
}

TEST(GrandAlphaBeta, ATimeAloneSearchesAsDeepAsItAllowsAndADepthStopsThere) {
  GrandAlphaBetaPlayer player = playerOf(2);
  const GrandGame game;
  ThinkingBudget oneply;
  oneply.depth = 1;
  player.chooseMove(game, oneply);
  EXPECT_EQ(player.lastSearch().depth, 1);
  ThinkingBudget timed;
  timed.time = std::chrono::milliseconds(300);
  player.chooseMove(game, timed);
  EXPECT_GE(player.lastSearch().depth, 2);
  EXPECT_EQ(player.name(), "alphabeta:depth=2");
  EXPECT_EQ(makePlayer<GrandRules>(PlayerSpec::parse("alphabeta:depth=3,time=50"), 1)->name(),
            "alphabeta:depth=3,time=50");
}

// Each seat of a partnership played by alpha-beta at depth 2, the other two by random play,
// partnerships swapped every game: every move legal, the same games for the same seeds, and
// alpha-beta's partnership wins every one.
TEST(GrandAlphaBeta, G12_WinsSeededGamesAgainstRandomPlay) {
  std::vector<std::string> firstGame;
  for (int g = 0; g < 4; ++g) {
    const int ours = g % 2;  // the partnership alpha-beta plays
    GrandAlphaBetaPlayer alphaBeta = playerOf(2, 10 + g);
    GrandRandomPlayer random(20 + g);
    GrandGame game;
    std::vector<std::string> moves;
    while (!game.finished()) {
      const bool oursToMove = grand::partnershipOf(game.position().toMove) == ours;
      const GrandMove m = oursToMove ? alphaBeta.chooseMove(game) : random.chooseMove(game);
      ASSERT_TRUE(isLegal(game, m)) << grand::notation(m);
      moves.push_back(grand::notation(m));
      game.play(m);
    }
    EXPECT_EQ(game.status().kind, grand::GrandOutcome::Kind::Win) << "game " << g;
    EXPECT_EQ(game.status().winner, ours) << "game " << g << ": " << game.status().reason;
    if (g == 0) {
      firstGame = moves;
      GrandAlphaBetaPlayer again = playerOf(2, 10);
      GrandRandomPlayer randomAgain(20);
      GrandGame replay;
      for (const std::string& text : moves) {
        const bool oursToMove = grand::partnershipOf(replay.position().toMove) == 0;
        const GrandMove m = oursToMove ? again.chooseMove(replay) : randomAgain.chooseMove(replay);
        ASSERT_EQ(grand::notation(m), text);
        replay.play(m);
      }
    }
  }
}

TEST(GrandEvaluation, G2_TheStartIsEvenAndTheValueIsThePartnershipToMoves) {
  const GrandPosition start = GrandPosition::start();
  EXPECT_EQ(evaluate(start), kDefaultGrandWeights.tempo);
  // Green to move in the same placement: the same even value for gy.
  GrandPosition greenToMove = start;
  greenToMove.toMove = grand::Player::Green;
  EXPECT_EQ(evaluate(greenToMove), kDefaultGrandWeights.tempo);
  // A Green man fewer: rb is a man and its advancement up, gy as much down.
  GrandPosition manDown = start;
  manDown.board[grand::makeSquare(7, 12)] = {};  // H12
  const int rb = evaluate(manDown);
  manDown.toMove = grand::Player::Green;
  EXPECT_EQ(evaluate(manDown), 2 * kDefaultGrandWeights.tempo - rb);
  EXPECT_GT(rb, kDefaultGrandWeights.man);
}

TEST(GrandEvaluation, G2_TheTranspositionKeepsEveryValue) {
  std::mt19937_64 rng(4);
  GrandGame game;
  int checked = 0;
  while (!game.finished() && checked < 150) {
    const GrandPosition& p = game.position();
    EXPECT_EQ(evaluate(grand::transposed(p)), evaluate(p)) << grand::toGfen(p);
    ++checked;
    const auto& moves = game.legalMoves();
    game.play(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
  }
  EXPECT_GT(checked, 50);
}

}  // namespace
}  // namespace camelot
