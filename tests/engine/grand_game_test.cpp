// Grand Camelot's game in progress (engine/grand/grand_game.hpp): the end of the game by
// history (G12.5 repetition, G12.6 clock), forced passes (G11) played like any move, undo, and
// the rules as search sees them (engine/game_rules.hpp).

#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "engine/game.hpp"
#include "engine/game_rules.hpp"

namespace camelot::grand {
namespace {

// Each player steps out and back: eight plies that bring the start back.
constexpr const char* kRoundTrip = "F3-E2 F14-E15 C10-B10 L8-K8 E2-F3 E15-F14 B10-C10 K8-L8";

void play(GrandGame& game, const std::string& moves) {
  std::istringstream words(moves);
  for (std::string text; words >> text;) {
    const std::optional<GrandMove> move = findMove(game.position(), text);
    ASSERT_TRUE(move.has_value()) << text << " in " << toGfen(game.position());
    game.play(*move);
  }
}

TEST(GrandGame, G12_5_TheThirdOccurrenceOfAPositionIsADraw) {
  GrandGame game;
  play(game, kRoundTrip);
  EXPECT_EQ(game.repetitions(), 2);
  EXPECT_FALSE(game.finished());
  play(game, kRoundTrip);
  EXPECT_EQ(game.repetitions(), 3);
  EXPECT_EQ(game.status().kind, GrandOutcome::Kind::Draw);
  EXPECT_EQ(game.status().reason, "repetition");
  EXPECT_TRUE(game.legalMoves().empty());
  EXPECT_THROW(game.play(GrandMove{}), std::logic_error);
}

TEST(GrandGame, G12_5_PositionsWithAnotherPlayerToMoveDoNotCount) {
  const GrandPosition start = GrandPosition::start();
  GrandPosition greenToMove = start;
  greenToMove.toMove = Player::Green;
  EXPECT_FALSE(sameForRepetition(start, greenToMove));
  GrandPosition laterClock = start;
  laterClock.clock = 50;
  EXPECT_TRUE(sameForRepetition(start, laterClock));
  EXPECT_EQ(repetitionHash(start), repetitionHash(laterClock));
  GrandPosition castleMoved = start;
  castleMoved.castleMovesUsed[2] = 1;
  EXPECT_FALSE(sameForRepetition(start, castleMoved));
}

TEST(GrandGame, G12_6_TheClockReaching200IsADraw) {
  std::string gfen(kGrandStartGfen);
  gfen.replace(gfen.rfind(' ') + 1, std::string::npos, "199");
  GrandGame game(parseGfen(gfen));
  EXPECT_FALSE(game.finished());
  play(game, "F3-E2");
  EXPECT_EQ(game.position().clock, kClockLimit);
  EXPECT_EQ(game.status().kind, GrandOutcome::Kind::Draw);
  EXPECT_EQ(game.status().reason, "clock");
}

TEST(GrandGame, G11_AForcedPassIsPlayedAndUndoneLikeAnyMove) {
  // g0140: Red has no pieces, Blue does.
  GrandGame game(parseGfen("2/8/10/8g3/14/14/14/16/3b12/14/14/1b10y1/12/10/8/2 r 0 0 0 0 7"));
  ASSERT_EQ(game.legalMoves().size(), 1u);
  EXPECT_TRUE(game.legalMoves().front().pass());
  game.play(game.legalMoves().front());
  EXPECT_EQ(game.position().toMove, Player::Green);
  EXPECT_EQ(game.position().clock, 8);
  game.undo();
  EXPECT_EQ(toGfen(game.position()),
            "2/8/10/8g3/14/14/14/16/3b12/14/14/1b10y1/12/10/8/2 r 0 0 0 0 7");
  EXPECT_THROW(game.undo(), std::logic_error);
}

TEST(GrandRulesForSearch, G12_FinalValuesAreForThePartnershipToMove) {
  // g0140's position after Red's pass: Green to move, rb (Blue) and gy both have pieces.
  const GrandPosition running =
      parseGfen("2/8/10/8g3/14/14/14/16/3b12/14/14/1b10y1/12/10/8/2 g 0 0 0 0 8");
  std::vector<GrandMove> moves;
  GrandRules::legalMoves(running, moves);
  EXPECT_FALSE(GrandRules::finalValue(running, moves, false).has_value());
  EXPECT_EQ(GrandRules::finalValue(running, moves, true), 0);  // G12.5
  // G12.3: gy has no pieces, so rb wins; seen by gy to move it is a loss, by rb a win.
  const GrandPosition gyEliminated =
      parseGfen("2/8/10/12/14/14/14/16/3b12/14/14/1b12/12/10/8/2 g 0 0 0 0 8");
  GrandRules::legalMoves(gyEliminated, moves);
  EXPECT_TRUE(moves.empty());
  EXPECT_EQ(GrandRules::finalValue(gyEliminated, moves, false), -1);
  GrandPosition blueToMove = gyEliminated;
  blueToMove.toMove = Player::Blue;
  EXPECT_EQ(GrandRules::finalValue(blueToMove, moves, false), 1);
}

}  // namespace
}  // namespace camelot::grand
