// hasWinningMove (engine/rules_status.hpp): a win at once by R9 a or c, recognised from the
// moves alone, must agree with playing each move and asking R9.
#include <gtest/gtest.h>

#include <random>

#include "engine/cfen.hpp"
#include "engine/rules_status.hpp"
#include "tests/engine/hand_built.hpp"
#include "tests/engine/random_placements.hpp"

namespace camelot {
namespace {

using hand_built::board;

// Whether a move wins at once by R9 a or c (R9 d's wins, the opponent left without a move, are
// not looked for: finding them needs the opponent's moves).
bool winsByPlaying(const Position& p) {
  const Outcome won = p.sideToMove() == Color::White ? Outcome::WhiteWins : Outcome::BlackWins;
  for (const Move& m : legalMoves(p)) {
    const GameStatus status = positionStatus(p.after(m));
    if (status.outcome == won &&
        (status.reason == EndReason::Castle || status.reason == EndReason::Elimination))
      return true;
  }
  return false;
}

bool winsByMoves(const Position& p) {
  return hasWinningMove(p, legalMoves(p));
}

TEST(WinningMove, R9aAStepOntoTheSecondGoalSquareWins) {
  EXPECT_TRUE(winsByMoves(board("MF16 MG15 mF1")));
  EXPECT_TRUE(winsByMoves(board("mF1 mG2 ML13", Color::Black)));
}

TEST(WinningMove, R9aR8ACastleMoveWithinTheGoalDoesNotWin) {
  // The only piece on the goal moves to the other goal square: one square held, as before.
  EXPECT_FALSE(winsByMoves(board("MF16 MA5 mL13")));
}

TEST(WinningMove, R9aOneGoalSquareEnteredWithTheOtherEmptyDoesNotWin) {
  EXPECT_FALSE(winsByMoves(board("MG15 MA5 mL13")));
}

TEST(WinningMove, R9cJumpingTheLastPieceWinsWithTwoPiecesLeft) {
  EXPECT_TRUE(winsByMoves(board("MC5 MA5 mC6")));
  // R5: the chain takes both of Black's pieces.
  EXPECT_TRUE(winsByMoves(board("MC5 MA5 mC6 mC8")));
  // A jump that leaves Black a piece does not.
  EXPECT_FALSE(winsByMoves(board("MC5 MA5 mC6 mL13")));
}

TEST(WinningMove, R9bJumpingTheLastPieceWithOnePieceLeftIsNoWin) {
  EXPECT_FALSE(winsByMoves(board("MC5 mC6")));
}

TEST(WinningMove, R9AgreesWithPlayingEveryMoveOnRandomPlacements) {
  std::mt19937_64 rng(11);
  int wins = 0;
  for (int scenario = 0; scenario < random_placements::kScenarioCount; ++scenario) {
    for (int i = 0; i < 300; ++i) {
      const Position p = random_placements::randomPlacement(rng, scenario);
      if (immediateStatus(p).finished()) continue;
      const bool expected = winsByPlaying(p);
      wins += expected ? 1 : 0;
      ASSERT_EQ(winsByMoves(p), expected)
          << random_placements::scenarioName(scenario) << " placement " << i << ": " << toCfen(p);
    }
  }
  EXPECT_GT(wins, 20);  // the check saw both answers
}

}  // namespace
}  // namespace camelot
