// Self-play's scoring of drawn games by material (training/selfplay/material_adjudication.hpp).
#include "training/selfplay/material_adjudication.hpp"

#include <gtest/gtest.h>

#include "engine/cfen.hpp"

namespace camelot {
namespace {

// White: four men (4 points) on rank 6; Black: a man on A13 and a knight on L13 (3 points).
constexpr const char* kWhiteOneUp = "2/8/10/m10k/12/12/12/12/12/12/4MMMM4/12/12/10/8/2 w 0 0 0";
// White: four men and a knight (6 points); Black: a man (1 point).
constexpr const char* kWhiteFiveUp = "2/8/10/m11/12/12/12/12/12/12/4MMMMK3/12/12/10/8/2 b 0 0 0";
// White: a man (1 point); Black: five men (5 points).
constexpr const char* kBlackFourUpWithMen =
    "2/8/10/mmmmm7/12/12/12/12/12/12/M11/12/12/10/8/2 w 0 0 0";

constexpr GameStatus kClockDraw{Outcome::Draw, EndReason::Clock};
constexpr GameStatus kRepetitionDraw{Outcome::Draw, EndReason::Repetition};
constexpr GameStatus kCapped{Outcome::Draw, EndReason::Adjudicated};

TEST(MaterialAdjudication, R9fClockDrawWithTheLeadScoresAsTheLeadersWin) {
  EXPECT_EQ(trainingOutcome(kClockDraw, parseCfen(kWhiteFiveUp), 3), Outcome::WhiteWins);
  EXPECT_EQ(trainingOutcome(kClockDraw, parseCfen(kBlackFourUpWithMen), 3), Outcome::BlackWins);
}

TEST(MaterialAdjudication, R9eRepetitionAndTheLengthCapScoreTheSameWay) {
  EXPECT_EQ(trainingOutcome(kRepetitionDraw, parseCfen(kWhiteFiveUp), 5), Outcome::WhiteWins);
  EXPECT_EQ(trainingOutcome(kCapped, parseCfen(kBlackFourUpWithMen), 4), Outcome::BlackWins);
}

TEST(MaterialAdjudication, ALeadBelowTheMarginStaysADraw) {
  EXPECT_EQ(trainingOutcome(kClockDraw, parseCfen(kWhiteOneUp), 2), Outcome::Draw);
  EXPECT_EQ(trainingOutcome(kClockDraw, parseCfen(kWhiteOneUp), 1), Outcome::WhiteWins);
  EXPECT_EQ(trainingOutcome(kClockDraw, parseCfen(kWhiteFiveUp), 6), Outcome::Draw);
}

TEST(MaterialAdjudication, MarginZeroTurnsItOff) {
  EXPECT_EQ(trainingOutcome(kClockDraw, parseCfen(kWhiteFiveUp), 0), Outcome::Draw);
}

TEST(MaterialAdjudication, R9bAndDOnePieceCannotWinSoItsLeadStaysADraw) {
  // A knight (2 points) against nothing cannot arise in a game that goes on, but the rule
  // holds for any position: one piece cannot win.
  const Position loneKnight = parseCfen("2/8/10/12/12/12/12/12/12/12/4K7/12/12/10/8/2 w 0 0 0");
  EXPECT_EQ(trainingOutcome(kClockDraw, loneKnight, 1), Outcome::Draw);
}

TEST(MaterialAdjudication, DecisionsOfTheRulesAreKept) {
  const Position p = parseCfen(kWhiteFiveUp);
  // R9 a: Black's castle win stands, whatever the material.
  EXPECT_EQ(trainingOutcome({Outcome::BlackWins, EndReason::Castle}, p, 1), Outcome::BlackWins);
  // R9 b and d draws are the rules' own decisions, not a failure to convert.
  EXPECT_EQ(trainingOutcome({Outcome::Draw, EndReason::Material}, p, 1), Outcome::Draw);
  EXPECT_EQ(trainingOutcome({Outcome::Draw, EndReason::NoMoves}, p, 1), Outcome::Draw);
}

}  // namespace
}  // namespace camelot

namespace camelot {
namespace {

TEST(GrandMaterialAdjudication, G12_5_G12_6_ADrawnGameScoresForThePartnershipAhead) {
  using grand::GrandOutcome;
  // rb: Blue's two men; gy: Yellow's man. The clock's draw scores for rb by 1 point (margin 1).
  const grand::GrandPosition final =
      grand::parseGfen("2/8/10/12/14/14/14/16/3b12/14/14/1b10y1/12/10/8/2 g 0 0 0 0 200");
  const GrandOutcome clock{GrandOutcome::Kind::Draw, -1, "clock"};
  const GrandOutcome scored = trainingOutcome(clock, final, 1);
  EXPECT_EQ(scored.kind, GrandOutcome::Kind::Win);
  EXPECT_EQ(scored.winner, 0);
  EXPECT_EQ(scored.reason, "material");
  EXPECT_EQ(trainingOutcome(clock, final, 2).kind, GrandOutcome::Kind::Draw);  // lead too small
  EXPECT_EQ(trainingOutcome(clock, final, 0).kind, GrandOutcome::Kind::Draw);  // off
  // A decided game, or a draw by material (G12.2), keeps its outcome.
  const GrandOutcome castle{GrandOutcome::Kind::Win, 1, "castle"};
  EXPECT_EQ(trainingOutcome(castle, final, 1).winner, 1);
  const GrandOutcome material{GrandOutcome::Kind::Draw, -1, "material"};
  EXPECT_EQ(trainingOutcome(material, final, 1).kind, GrandOutcome::Kind::Draw);
}

}  // namespace
}  // namespace camelot
