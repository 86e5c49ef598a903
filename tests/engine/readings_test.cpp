// The readings of open rule points that docs/rules.md records, one test each.

#include <gtest/gtest.h>

#include "engine/cfen.hpp"
#include "engine/notation.hpp"
#include "engine/rules_status.hpp"
#include "tests/engine/hand_built.hpp"

namespace camelot {
namespace {

using hand_built::board;
using hand_built::movesOf;

// R7 with R5: a man that must leave F1 jumps F2, G3 and G2 in a loop and lands on F1 again.
// Both directions round the loop are one move (R10), written F1xF3xH3xF1; it counts as the
// leaving move, and the piece must leave again next turn.
TEST(ReadingsR7, JumpChainBackOntoTheOwnCastleIsTheLeavingMove) {
  const Position p = board("MF1 MA4 mF2 mG3 mG2 mL13");
  ASSERT_EQ(movesOf(p), std::vector<std::string>{"F1xF3xH3xF1"});
  const Position after = p.after(legalMoves(p)[0]);
  EXPECT_EQ(toCfen(after), "2/8/10/11m/12/12/12/12/12/12/12/12/M11/10/8/M1 b 0 0 0");
}

// R7 (WCF text, vector v0020): a knight on its own castle that cannot jump but could charge
// may still plain-move out; a charge that is merely possible creates no obligation.
TEST(ReadingsR7, PossibleChargeCreatesNoObligationToLeaveByCapture) {
  const Position p = parseCfen("2/8/10/11m/12/12/12/3m8/2M9/12/12/12/5mm5/10/3M4/K1 w 0 0 0");
  EXPECT_EQ(movesOf(p), (std::vector<std::string>{"F1-E2", "F1-F3xF5xH3", "F1-F3xH5", "F1-G2"}));
}

// R7 with two pieces on the own castle: knight F1 can jump, so the move must capture, and any
// capture out by a castle piece satisfies it, also a charge by knight G1, which cannot jump.
TEST(ReadingsR7, WhenOneCastlePieceCanJumpTheOtherMayLeaveByCharge) {
  const Position p =
      parseCfen("2/1m6/10/12/8m3/12/2M9/12/12/12/3m1K1M4/3KMm1M4/4m3mM2/10/1kk2Mmm/KK w 1 0 6");
  EXPECT_EQ(movesOf(p), (std::vector<std::string>{"F1xD3", "G1-I3xI5"}));
}

// R6: a capture-free knight canter path that lands where the knight could jump is refused as
// written, although the written path to the same square is legal.
TEST(ReadingsR6, KnightCanterPathThroughACaptureChanceIsRefused) {
  // White knight D4 reaches D8 by D4-D6-D8 (landing on D6, from where it could jump Black C6
  // to B6) or by D4-F6-D8 (F6 offers nothing). Black B5 and B7 block the jumps of D5 and D7
  // over C6, so no capture is compulsory.
  const Position p = board("KD4 MD5 ME5 MD7 ME7 mC6 mB5 mB7");
  const auto names = movesOf(p);
  ASSERT_NE(std::find(names.begin(), names.end(), "D4-F6-D8"), names.end());
  EXPECT_EQ(toNotation(parseMove(p, "D4-D8")), "D4-F6-D8");
  EXPECT_EQ(toNotation(parseMove(p, "D4-F6-D8")), "D4-F6-D8");
  try {
    parseMove(p, "D4-D6-D8");
    FAIL() << "D4-D6-D8 lands on D6 where the knight could jump C7";
  } catch (const MoveError& e) {
    EXPECT_NE(std::string(e.what()).find("R6"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("D6"), std::string::npos) << e.what();
  }
}

// R9 f: a clock above 100 is a valid CFEN; the position is a finished game.
TEST(ReadingsR9, ClockAboveTheLimitIsAFinishedPosition) {
  const Position p = parseCfen("2/8/10/12/12/12/4mm6/12/12/12/12/5MM5/12/10/8/2 w 0 0 113");
  EXPECT_EQ(p.clock(), 113);
  EXPECT_EQ(positionStatus(p, ClockRule::Apply), (GameStatus{Outcome::Draw, EndReason::Clock}));
  EXPECT_EQ(positionStatus(p, ClockRule::Ignore).outcome, Outcome::None);
}

}  // namespace
}  // namespace camelot
