// The rules R1-R10 of docs/rules.md, one group of tests per rule, on hand-built positions:
// exact move lists (sorted notation), resulting CFENs, outcomes and clocks. Every expected
// value is worked out from the rule text, not taken from the engine.

#include <gtest/gtest.h>

#include <set>
#include <stdexcept>

#include "engine/bitboard.hpp"
#include "engine/cfen.hpp"
#include "engine/game.hpp"
#include "engine/perft.hpp"
#include "tests/engine/hand_built.hpp"

namespace camelot {
namespace {

using hand_built::board;
using hand_built::legalMove;
using hand_built::movesFrom;
using hand_built::movesOf;
using hand_built::notations;
using hand_built::sorted;
using hand_built::sq;
using Moves = std::vector<std::string>;

std::vector<std::string> names(Bitboard squares) {
  std::vector<std::string> out;
  forEachSquare(squares, [&](Square s) { out.push_back(squareName(s)); });
  return sorted(out);
}

std::string cfenAfter(const Position& p, std::string_view notation) {
  return toCfen(p.after(legalMove(p, notation)));
}

// The CFEN of a hand-built position.
std::string cfenOf(std::string_view pieces, Color toMove, int clock) {
  Position p = board(pieces, toMove);
  p.setClock(clock);
  return toCfen(p);
}

Position withClock(Position p, int clock) {
  p.setClock(clock);
  return p;
}

void play(Game& game, std::string_view text) {
  game.play(parseMove(game.position(), text));
}

// ---- R1 Board and notation ----

TEST(RulesR1, BoardHas160SquaresInTheCastleOutline) {
  int onBoard = 0;
  for (int rank = 1; rank <= kRanks; ++rank)
    for (int file = 0; file < kFiles; ++file)
      onBoard += isOnBoard(file, rank) ? 1 : 0;
  EXPECT_EQ(onBoard, 160);
  EXPECT_EQ(kBoard.count(), 160);

  const std::vector<int> widths = {2, 8, 10, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 10, 8, 2};
  for (int rank = 1; rank <= kRanks; ++rank)
    EXPECT_EQ(rankWidth(rank), widths[rank - 1]) << "rank " << rank;

  for (const char* name : {"F1", "G1", "C2", "J2", "B3", "K3", "A4", "L4", "A13", "L13", "B14",
                           "K14", "C15", "J15", "F16", "G16"})
    EXPECT_TRUE(parseSquareName(name).has_value()) << name;
  for (const char* name : {"E1", "H1", "B2", "K2", "A3", "L3", "A14", "L14", "B15", "K15", "E16",
                           "H16", "M5", "A0", "A17"})
    EXPECT_FALSE(parseSquareName(name).has_value()) << name;
}

TEST(RulesR1, SquaresAreNamedByFileLetterAndRank) {
  EXPECT_EQ(squareName(makeSquare(0, 4)), "A4");
  EXPECT_EQ(squareName(makeSquare(11, 13)), "L13");
  EXPECT_EQ(squareName(makeSquare(5, 16)), "F16");
  EXPECT_EQ(parseSquareName("C8"), makeSquare(2, 8));
  EXPECT_EQ(parseSquareName("c8"), makeSquare(2, 8));
  for (const Square s : allSquares())
    EXPECT_EQ(parseSquareName(squareName(s)), s) << squareName(s);
}

TEST(RulesR1, DenseOrderIsTheWcfListingFromF1ToG16) {
  const std::vector<std::pair<int, const char*>> expected = {
      {0, "F1"},    {1, "G1"},    {2, "C2"},    {9, "J2"},    {10, "B3"},
      {19, "K3"},   {20, "A4"},   {139, "L13"}, {140, "B14"}, {149, "K14"},
      {150, "C15"}, {157, "J15"}, {158, "F16"}, {159, "G16"}};
  for (const auto& [dense, name] : expected)
    EXPECT_EQ(squareName(squareFromDense(dense)), name) << dense;
  for (int dense = 0; dense < kRealSquares; ++dense)
    EXPECT_EQ(denseIndex(squareFromDense(dense)), dense);
}

TEST(RulesR1, NumericNamesRunFromTheTopRankDown) {
  const std::vector<std::pair<const char*, const char*>> expected = {
      {"1", "C15"},  {"8", "J15"},  {"9", "B14"},  {"19", "A13"}, {"94", "D7"}, {"105", "C6"},
      {"149", "C2"}, {"156", "J2"}, {"A", "F16"},  {"B", "G16"},  {"Y", "F1"},  {"Z", "G1"},
      {"26", "H13"}, {"30", "L13"}, {"53", "K11"}, {"82", "D8"}};
  for (const auto& [number, name] : expected) {
    EXPECT_EQ(parseNumericSquareName(number), sq(name)) << number;
    EXPECT_EQ(numericSquareName(sq(name)), number) << name;
  }
  std::set<std::string> numbers;
  for (const Square s : allSquares()) {
    numbers.insert(numericSquareName(s));
    EXPECT_EQ(parseNumericSquareName(numericSquareName(s)), s) << squareName(s);
  }
  EXPECT_EQ(numbers.size(), 160u);
  for (const char* bad : {"0", "157", "C", "01", ""})
    EXPECT_FALSE(parseNumericSquareName(bad).has_value()) << bad;
}

TEST(RulesR1, StartPosition) {
  const Position p = Position::start();
  EXPECT_EQ(names(p.knights(Color::White)), sorted({"C6", "D7", "I7", "J6"}));
  EXPECT_EQ(names(p.men(Color::White)),
            sorted({"D6", "E6", "F6", "G6", "H6", "I6", "E7", "F7", "G7", "H7"}));
  EXPECT_EQ(names(p.knights(Color::Black)), sorted({"C11", "D10", "I10", "J11"}));
  EXPECT_EQ(names(p.men(Color::Black)),
            sorted({"D11", "E11", "F11", "G11", "H11", "I11", "E10", "F10", "G10", "H10"}));
  EXPECT_EQ(p.sideToMove(), Color::White);
  EXPECT_EQ(p.castleMovesUsed(Color::White), 0);
  EXPECT_EQ(p.castleMovesUsed(Color::Black), 0);
  EXPECT_EQ(p.clock(), 0);
  EXPECT_EQ(toCfen(p), kStartCfen);
  EXPECT_EQ(parseCfen("startpos"), p);
  EXPECT_EQ(parseCfen(kStartCfen), p);
}

// ---- R2 Kinds of move ----

TEST(RulesR2, PlainMoveGoesOneStepInAnyOfEightDirections) {
  const Position p = board("ME5 mA13 mL13");
  EXPECT_EQ(movesOf(p),
            sorted({"E5-D4", "E5-D5", "E5-D6", "E5-E4", "E5-E6", "E5-F4", "E5-F5", "E5-F6"}));
}

TEST(RulesR2, PlainMovesStayInsideTheBoardOutline) {
  // A4 has no A3; C2 has no B2, B1, C1 or D1.
  const Position p = board("MA4 MC2 mA13 mL13");
  EXPECT_EQ(movesOf(p),
            sorted({"A4-A5", "A4-B3", "A4-B4", "A4-B5", "C2-B3", "C2-C3", "C2-D2", "C2-D3"}));
}

TEST(RulesR2, CanterLeapsOverAFriendlyPiece) {
  const Position p = board("ME5 ME6 mA13 mL13");
  EXPECT_EQ(movesOf(p),
            sorted({"E5-D4", "E5-D5", "E5-D6", "E5-E4", "E5-E7", "E5-F4", "E5-F5", "E5-F6", "E6-D5",
                    "E6-D6", "E6-D7", "E6-E4", "E6-E7", "E6-F5", "E6-F6", "E6-F7"}));
  // The cantered piece stays.
  EXPECT_EQ(cfenAfter(p, "E5-E7"), cfenOf("ME6 ME7 mA13 mL13", Color::Black, 1));
}

TEST(RulesR2, CanterChangesDirectionAfterEachLeap) {
  // C4 over D5 to E6 (diagonal), then over F6 to G6 (sideways).
  const Position p = board("MC4 MD5 MF6 mA13 mL13");
  EXPECT_EQ(movesFrom(p, "C4"), sorted({"C4-B3", "C4-B4", "C4-B5", "C4-C3", "C4-C5", "C4-D3",
                                        "C4-D4", "C4-E6", "C4-E6-G6"}));
}

TEST(RulesR2, JumpCapturesAndChangesDirection) {
  // The WCF example H4xJ4xL6: over I4 sideways, then over K5 diagonally.
  const Position p = parseCfen("2/8/10/12/12/12/12/12/12/12/12/10m1/7Mm3/10/8/2 w 0 0 5");
  EXPECT_EQ(movesOf(p), Moves{"H4xJ4xL6"});
  EXPECT_EQ(cfenAfter(p, "H4xJ4xL6"), "2/8/10/12/12/12/12/12/12/12/11M/12/12/10/8/2 b 0 0 0");
}

TEST(RulesR2, KnightsChargeCantersThenJumps) {
  // The 1999 example KC26C28J30: H13 canters over I13 to J13, then jumps K13 to L13. The
  // bare canter to J13 is not a move: the knight would land next to a capture (R6).
  const Position p = board("KH13 MI13 mK13 mA4");
  EXPECT_EQ(movesFrom(p, "H13"), sorted({"H13-G12", "H13-G13", "H13-G14", "H13-H12", "H13-H14",
                                         "H13-I12", "H13-I14", "H13-J13xL13"}));
  EXPECT_EQ(cfenAfter(p, "H13-J13xL13"), cfenOf("MI13 KL13 mA4", Color::Black, 0));
}

TEST(RulesR2, ManCannotJumpAfterCantering) {
  // A man on E5 could canter over E6 to E7 next to Black E8, but only knights charge.
  const Position p = board("ME5 ME6 mE8 mA13");
  EXPECT_EQ(movesFrom(p, "E5"),
            sorted({"E5-D4", "E5-D5", "E5-D6", "E5-E4", "E5-E7", "E5-F4", "E5-F5", "E5-F6"}));
}

// ---- R3 During a move ----

TEST(RulesR3, LaterJumpLeapsMayLandOnTheStartSquare) {
  // E5 can jump D4 at once, or go round E6, F7, G6, F5 back through E5 and then jump D4.
  const Position p = board("ME5 mD4 mE6 mF7 mG6 mF5");
  EXPECT_EQ(movesOf(p), sorted({"E5xC3", "E5xE7xG7xG5xE5xC3"}));
  EXPECT_EQ(cfenAfter(p, "E5xE7xG7xG5xE5xC3"), cfenOf("MC3", Color::Black, 0));
  EXPECT_EQ(cfenAfter(p, "E5xC3"), cfenOf("MC3 mE6 mF7 mG6 mF5", Color::Black, 0));
}

TEST(RulesR3, CanterMayNotEndOnItsStartSquare) {
  // The friends E6, F7, G6, F5 form a ring: E5 can canter round it but not stop on E5.
  const Position p = board("ME5 ME6 MF7 MG6 MF5 mA13 mL13");
  EXPECT_EQ(movesFrom(p, "E5"), sorted({"E5-D4", "E5-D5", "E5-D6", "E5-E4", "E5-E7", "E5-E7-G7",
                                        "E5-F4", "E5-F6", "E5-G5"}));
}

TEST(RulesR3, JumpedPieceIsRemovedAtOnce) {
  // Were E6 still there after the leap, E7 could jump it back to the vacated E5.
  const Position p = board("ME5 mE6 mA13");
  EXPECT_EQ(movesOf(p), Moves{"E5xE7"});
  EXPECT_EQ(cfenAfter(p, "E5xE7"), "2/8/10/m11/12/12/12/12/12/4M7/12/12/12/10/8/2 b 0 0 0");
}

TEST(RulesR3, CanteredPiecesStayAndMayBeLeapedAgain) {
  // E5 over F6 to G7, over G6 to G5, over F6 again to E7.
  const Position p = board("ME5 MF6 MG6 mA13 mL13");
  EXPECT_EQ(movesFrom(p, "E5"), sorted({"E5-D4", "E5-D5", "E5-D6", "E5-E4", "E5-E6", "E5-F4",
                                        "E5-F5", "E5-G7", "E5-G7-G5", "E5-G7-G5-E7"}));
  EXPECT_EQ(cfenAfter(p, "E5-G7-G5-E7"),
            "2/8/10/m10m/12/12/12/12/12/4M7/5MM5/12/12/10/8/2 b 0 0 1");
}

// ---- R4 Capture is compulsory ----

TEST(RulesR4, CaptureIsCompulsory) {
  const Position p = board("ME5 MJ5 mE6 mA13");
  EXPECT_EQ(movesOf(p), Moves{"E5xE7"});
}

TEST(RulesR4, PlayerChoosesWhichCaptureAndWithWhichPiece) {
  const Position p = board("ME5 MJ5 mE6 mK6");
  EXPECT_EQ(movesOf(p), sorted({"E5xE7", "J5xL7"}));
}

TEST(RulesR4, KnightsChargeSatisfiesTheObligation) {
  // The WCF charge F6-F8-H8xH10xJ12; G8 could jump H9 at once, so a capture is due.
  const Position p = parseCfen("2/8/10/12/12/8m3/12/7m4/6M5/5M6/5K6/12/12/10/8/2 w 0 0 0");
  EXPECT_EQ(movesOf(p), sorted({"F6-F8-H8xH10xJ12", "G8xI10xI12"}));
  EXPECT_EQ(cfenAfter(p, "F6-F8-H8xH10xJ12"),
            "2/8/10/12/9K2/12/12/12/6M5/5M6/12/12/12/10/8/2 b 0 0 0");
}

TEST(RulesR4, PossibleChargeCreatesNoObligation) {
  // No piece can jump from where it stands; the knight could charge E5-E7xE9 but need not.
  // Its bare canter to E7 is refused (R6); the man's plain move to E7 is not.
  const Position p = board("KE5 ME6 mE8 mA13");
  EXPECT_EQ(movesOf(p),
            sorted({"E5-D4", "E5-D5", "E5-D6", "E5-E4", "E5-E7xE9", "E5-F4", "E5-F5", "E5-F6",
                    "E6-D5", "E6-D6", "E6-D7", "E6-E4", "E6-E7", "E6-F5", "E6-F6", "E6-F7"}));
}

TEST(RulesR4, PieceOnTheOpponentsCastleNeverCounts) {
  // G16 stands over G15 with G14 empty, but it can never leave the goal (R8).
  const Position p = board("MG16 MC4 mG15 mL13");
  EXPECT_EQ(movesOf(p), sorted({"C4-B3", "C4-B4", "C4-B5", "C4-C3", "C4-C5", "C4-D3", "C4-D4",
                                "C4-D5", "G16-F16"}));
}

// ---- R5 A jump goes on while it can ----

TEST(RulesR5, JumpMustContinue) {
  const Position p = board("ME5 mE6 mE8");
  EXPECT_EQ(movesOf(p), Moves{"E5xE7xE9"});
}

TEST(RulesR5, PlayerPicksAnyChainNotTheLongest) {
  const Position p = board("ME5 mE6 mE8 mF5");
  EXPECT_EQ(movesOf(p), sorted({"E5xE7xE9", "E5xG5"}));
}

TEST(RulesR5, EachContinuationIsItsOwnMove) {
  const Position p = board("ME5 mE6 mD8 mF8");
  EXPECT_EQ(movesOf(p), sorted({"E5xE7xC9", "E5xE7xG9"}));
}

// ---- R6 A knight that canters next to a capture must take something ----

TEST(RulesR6, KnightCanterMayNotLandWhereItCouldJump) {
  // E6, C6 and E8 are next to Black D7 with the square beyond empty. The knight's bare
  // canters avoid them (G8 along C4-E4-G6-G8, not the shorter C4-E6-G8; G4 only through E6
  // is out of reach); each of them launches a charge instead.
  const Position p = board("KC4 MD4 MD5 MF5 MF7 MG7 mD7 mA13");
  EXPECT_EQ(movesFrom(p, "C4"),
            sorted({"C4-B3", "C4-B4", "C4-B5", "C4-C3", "C4-C5", "C4-D3", "C4-E4", "C4-E4-G6",
                    "C4-E4-G6-G8", "C4-E6xC8", "C4-E4-C6xE8", "C4-E4-G6-E8xC6"}));
}

TEST(RulesR6, KnightMayCanterOnPastACaptureAndCaptureLater) {
  // Landing on E6 (next to D7) the knight may take D7 there, or canter on to G8 and take H9.
  const Position p = board("KC4 MD5 MF7 mD7 mH9");
  EXPECT_EQ(movesFrom(p, "C4"), sorted({"C4-B3", "C4-B4", "C4-B5", "C4-C3", "C4-C5", "C4-D3",
                                        "C4-D4", "C4-E6-G8xI10", "C4-E6xC8"}));
}

TEST(RulesR6, MenHaveNoSuchRule) {
  // As RulesR4.PossibleChargeCreatesNoObligation with a man on E5: its canter to E7 stands.
  const Position p = board("ME5 ME6 mE8 mA13");
  EXPECT_EQ(movesOf(p),
            sorted({"E5-D4", "E5-D5", "E5-D6", "E5-E4", "E5-E7", "E5-F4", "E5-F5", "E5-F6", "E6-D5",
                    "E6-D6", "E6-D7", "E6-E4", "E6-E7", "E6-F5", "E6-F6", "E6-F7"}));
}

// ---- R7 Own castle ----

TEST(RulesR7, NoPlainMoveOrCanterOntoTheOwnCastle) {
  const Position p = board("MF2 MF3 mA13 mL13");
  EXPECT_EQ(movesOf(p), sorted({"F2-E2", "F2-E3", "F2-F4", "F2-G2", "F2-G3", "F3-E2", "F3-E3",
                                "F3-E4", "F3-F4", "F3-G2", "F3-G3", "F3-G4"}));
}

TEST(RulesR7, ChargeMayNotCanterOntoTheOwnCastle) {
  // F3-F1xD3 would need the canter part to land on F1; only F2's jump is left.
  const Position p = board("KF3 MF2 mE2 mA13");
  EXPECT_EQ(movesOf(p), Moves{"F2xD2"});
}

TEST(RulesR7, JumpMayLandOnTheOwnCastle) {
  const Position p = board("MF3 mF2 mA13");
  EXPECT_EQ(movesOf(p), Moves{"F3xF1"});
  EXPECT_EQ(cfenAfter(p, "F3xF1"), cfenOf("MF1 mA13", Color::Black, 0));
}

TEST(RulesR7, JumpGoesOnOutOfTheOwnCastle) {
  const Position p = board("MF3 mF2 mG2");
  EXPECT_EQ(movesOf(p), Moves{"F3xF1xH3"});
}

TEST(RulesR7, PieceOnOwnCastleMustLeave) {
  // Only F1 moves: plain out to E2 or F2, or canter over G2 to H3; never onto G1.
  const Position p = board("MF1 MG2 MC4 mA13 mL13");
  EXPECT_EQ(movesOf(p), sorted({"F1-E2", "F1-F2", "F1-H3"}));
}

TEST(RulesR7, MustLeaveByCaptureWhenItCanJumpOut) {
  // C4 could take C5, but the piece on F1 must leave and can jump F2.
  const Position p = board("MF1 MC4 mF2 mC5");
  EXPECT_EQ(movesOf(p), Moves{"F1xF3"});
}

TEST(RulesR7, MustLeaveSetsR4Aside) {
  // C4 could take C5, but F1 must leave and cannot capture: it plain-moves out.
  const Position p = board("MF1 MC4 mC5 mA13");
  EXPECT_EQ(movesOf(p), sorted({"F1-E2", "F1-F2", "F1-G2"}));
}

TEST(RulesR7, KnightThatCanOnlyChargeOutMayAlsoMoveOut) {
  // No direct jump out: plain moves out and the charge are legal; the bare canter to F3
  // (next to F4) is not (R6).
  const Position p = board("KF1 MF2 mF4 mA13");
  EXPECT_EQ(movesOf(p), sorted({"F1-E2", "F1-F3xF5", "F1-G2"}));
}

TEST(RulesR7, KnightThatCanJumpOutMustCaptureByJumpOrCharge) {
  const Position p = board("KF1 MG2 mE2 mI4");
  EXPECT_EQ(movesOf(p), sorted({"F1-H3xJ5", "F1xD3"}));
}

TEST(RulesR7, EveryPieceOnTheOwnCastleIsUnderTheObligation) {
  EXPECT_EQ(movesOf(board("MF1 MG1 MC4 mA13 mL13")),
            sorted({"F1-E2", "F1-F2", "F1-G2", "G1-F2", "G1-G2", "G1-H2"}));
  EXPECT_EQ(movesOf(board("MF1 MG1 MC4 mH2 mA13")), Moves{"G1xI3"});
}

TEST(RulesR7, BlockedObligationLapsesAndReturns) {
  // F1 can neither step (E2 F2 G2 own men, G1 own castle) nor canter (D3 F3 H3 taken): the
  // normal rules apply, R4 included, so D3 must take C4.
  Game game(board("MF1 ME2 MF2 MG2 MD3 MF3 MH3 mC4 mA13"));
  EXPECT_EQ(notations(game.legalMoves()), Moves{"D3xB5"});
  play(game, "D3xB5");
  play(game, "A13-A12");
  // D3 is free now: F1 must leave, over E2.
  EXPECT_EQ(notations(game.legalMoves()), Moves{"F1-D3"});
}

// ---- R8 Opponent's castle (the goal) ----

TEST(RulesR8, JumpIntoTheGoalEndsTheMove) {
  // From F16 the man could jump G15 on to H14; the move ends on the goal.
  const Position p = board("MF14 MA4 mF15 mG15 mL13");
  EXPECT_EQ(movesOf(p), Moves{"F14xF16"});
  EXPECT_EQ(cfenAfter(p, "F14xF16"), cfenOf("MF16 MA4 mG15 mL13", Color::Black, 0));
}

TEST(RulesR8, CanterIntoTheGoalEndsTheMove) {
  // F14-F16-H14 (on over G15) does not exist.
  const Position p = board("MF14 MF15 MG15 MA4 mL13 mL12");
  EXPECT_EQ(movesFrom(p, "F14"),
            sorted({"F14-E13", "F14-E14", "F14-E15", "F14-F13", "F14-F16", "F14-G13", "F14-G14"}));
}

TEST(RulesR8, KnightCanteringIntoTheGoalIsNotAbleToJump) {
  // On F16 the knight would stand over E15 with D14 empty; it cannot jump from the goal, so
  // the bare canter F14-F16 is legal.
  const Position p = board("KF14 MF15 MA4 mE15 mD15");
  EXPECT_EQ(movesFrom(p, "F14"),
            sorted({"F14-E13", "F14-E14", "F14-F13", "F14-F16", "F14-G13", "F14-G14", "F14-G15"}));
}

TEST(RulesR8, PieceOnTheGoalNeverLeaves) {
  // Neither plain moves out, nor the canter over F15, nor the jump over E15.
  const Position p = board("MF16 MF15 MA4 mE15 mD15");
  EXPECT_EQ(movesFrom(p, "F16"), Moves{"F16-G16"});
}

TEST(RulesR8, AtMostTwoCastleMovesEach) {
  Position p = board("MF16 MA4 mL13 mL12");
  p.setCastleMovesUsed(Color::Black, 2);  // Black's count does not limit White
  EXPECT_EQ(movesFrom(p, "F16"), Moves{"F16-G16"});
  p.setCastleMovesUsed(Color::Black, 0);
  p.setCastleMovesUsed(Color::White, 1);
  p.setClock(7);
  EXPECT_EQ(movesFrom(p, "F16"), Moves{"F16-G16"});
  EXPECT_EQ(cfenAfter(p, "F16-G16"), "1M/8/10/11m/11m/12/12/12/12/12/12/12/M11/10/8/2 b 2 0 0");
  p.setCastleMovesUsed(Color::White, 2);
  EXPECT_EQ(movesFrom(p, "F16"), Moves{});
}

TEST(RulesR8, NoCastleMoveWhenACaptureIsCompulsory) {
  const Position p = board("MF16 MC4 mC5 mL13");
  EXPECT_EQ(movesOf(p), Moves{"C4xC6"});
}

// ---- R9 End of the game ----

TEST(RulesR9, aBothGoalSquaresWin) {
  for (const Color toMove : {Color::White, Color::Black}) {
    const Position p = board("MF16 MG16 mA13 mL13", toMove);
    EXPECT_EQ(positionStatus(p), (GameStatus{Outcome::WhiteWins, EndReason::Castle}));
    EXPECT_TRUE(legalMoves(p).empty());
  }
  // a comes before c: Black has no pieces left either.
  EXPECT_EQ(positionStatus(board("MF16 MG16", Color::Black)),
            (GameStatus{Outcome::WhiteWins, EndReason::Castle}));
  // Two pieces on the own castle win nothing.
  EXPECT_EQ(positionStatus(board("MF1 MG1 mA13 mL13", Color::Black)), GameStatus{});
}

TEST(RulesR9, bOnePieceOrNoneEachIsADraw) {
  const GameStatus draw{Outcome::Draw, EndReason::Material};
  EXPECT_EQ(positionStatus(board("ME5 mA13")), draw);
  EXPECT_TRUE(legalMoves(board("ME5 mA13")).empty());
  // b comes before c: Black to move has no pieces, White only one.
  EXPECT_EQ(positionStatus(board("ME5", Color::Black)), draw);
}

TEST(RulesR9, TwoPiecesAgainstOnePlayOn) {
  const Position p = board("ME5 MC4 mA13", Color::Black);
  EXPECT_EQ(positionStatus(p), GameStatus{});
  EXPECT_EQ(movesOf(p), sorted({"A13-A12", "A13-B12", "A13-B13", "A13-B14"}));
}

TEST(RulesR9, cSideToMoveWithoutPiecesLoses) {
  EXPECT_EQ(positionStatus(board("ME5 MC4", Color::Black)),
            (GameStatus{Outcome::WhiteWins, EndReason::Elimination}));
  EXPECT_EQ(positionStatus(board("mE5 mC4", Color::White)),
            (GameStatus{Outcome::BlackWins, EndReason::Elimination}));
}

TEST(RulesR9, dSideToMoveWithoutMovesLoses) {
  // Black's only piece stands on its goal F1 with both castle moves used.
  Position p = board("MA4 ML4 mF1", Color::Black);
  p.setCastleMovesUsed(Color::Black, 2);
  EXPECT_EQ(positionStatus(p), (GameStatus{Outcome::WhiteWins, EndReason::NoMoves}));
  EXPECT_TRUE(legalMoves(p).empty());
  // Castle moves left, but G1 is taken.
  EXPECT_EQ(positionStatus(board("MG1 MA4 mF1", Color::Black)),
            (GameStatus{Outcome::WhiteWins, EndReason::NoMoves}));
}

TEST(RulesR9, eThirdRepetitionIsADraw) {
  Game game(board("MC4 MJ4 mC13 mJ13"));
  const std::vector<std::string_view> shuffle = {"C4-C5", "C13-C12", "C5-C4", "C12-C13"};
  for (int ply = 0; ply < 8; ++ply) {
    EXPECT_FALSE(game.finished()) << "ply " << ply;
    play(game, shuffle[ply % 4]);
  }
  // The start position stands for the third time.
  EXPECT_EQ(game.repetitions(), 3);
  EXPECT_EQ(game.status(), (GameStatus{Outcome::Draw, EndReason::Repetition}));
  EXPECT_TRUE(game.legalMoves().empty());
  EXPECT_THROW(game.play(game.moves().front()), std::logic_error);
}

TEST(RulesR9, eCastleMovesUsedArePartOfThePosition) {
  Game game(board("MF16 MA4 mL13 mL12"));
  for (const std::string_view move : {"F16-G16", "L12-K12", "G16-F16", "K12-L12"})
    play(game, move);
  // Same placement and side as at the start, but White has used both castle moves.
  EXPECT_EQ(game.repetitions(), 1);
  EXPECT_FALSE(game.position().sameForRepetition(game.startPosition()));
  EXPECT_TRUE(game.position().sameForRepetition(withClock(game.position(), 0)));
  Position usedTwo = game.startPosition();
  usedTwo.setCastleMovesUsed(Color::White, 2);
  EXPECT_TRUE(game.position().sameForRepetition(usedTwo));
}

TEST(RulesR9, fClockReaching100IsADraw) {
  Game game(withClock(board("MC4 MJ4 mC13 mJ13"), 98));
  play(game, "C4-C5");
  EXPECT_FALSE(game.finished());
  EXPECT_EQ(game.position().clock(), 99);
  play(game, "C13-C12");
  EXPECT_EQ(game.position().clock(), 100);
  EXPECT_EQ(game.status(), (GameStatus{Outcome::Draw, EndReason::Clock}));
  EXPECT_TRUE(game.legalMoves().empty());
}

TEST(RulesR9, eComesBeforeF) {
  // The eighth ply both repeats the start a third time and brings the clock to 100.
  Game game(withClock(board("MC4 MJ4 mC13 mJ13"), 92));
  for (const std::string_view move :
       {"C4-C5", "C13-C12", "C5-C4", "C12-C13", "C4-C5", "C13-C12", "C5-C4", "C12-C13"})
    play(game, move);
  EXPECT_EQ(game.position().clock(), 100);
  EXPECT_EQ(game.status(), (GameStatus{Outcome::Draw, EndReason::Repetition}));
}

TEST(RulesR9, fClockCountsQuietPliesAndRestarts) {
  // Plain moves and canters count; captures, moves onto the goal and castle moves restart.
  const Position quiet = withClock(board("ME5 ME6 mA13 mL13"), 5);
  EXPECT_EQ(quiet.after(legalMove(quiet, "E5-D5")).clock(), 6);
  EXPECT_EQ(quiet.after(legalMove(quiet, "E5-E7")).clock(), 6);
  const Position capture = withClock(board("ME5 mE6 mA13"), 5);
  EXPECT_EQ(capture.after(legalMove(capture, "E5xE7")).clock(), 0);
  const Position goal = withClock(board("MF15 MA4 mL13 mL12"), 5);
  EXPECT_EQ(goal.after(legalMove(goal, "F15-F16")).clock(), 0);
  EXPECT_EQ(goal.after(legalMove(goal, "F15-F14")).clock(), 6);
  const Position castle = withClock(board("MF16 MA4 mL13 mL12"), 5);
  EXPECT_EQ(castle.after(legalMove(castle, "F16-G16")).clock(), 0);
}

TEST(RulesR9, fClockAppliesWhenAsked) {
  const Position p = withClock(board("MC4 MJ4 mC13 mJ13"), 100);
  EXPECT_EQ(positionStatus(p, ClockRule::Apply), (GameStatus{Outcome::Draw, EndReason::Clock}));
  EXPECT_EQ(positionStatus(p, ClockRule::Ignore), GameStatus{});
  EXPECT_EQ(Game(p).status(), (GameStatus{Outcome::Draw, EndReason::Clock}));
  EXPECT_TRUE(Game(p).legalMoves().empty());
  // R9 a-d still come first.
  EXPECT_EQ(positionStatus(withClock(board("MF16 MG16 mA13 mL13"), 100)),
            (GameStatus{Outcome::WhiteWins, EndReason::Castle}));
}

// ---- R10 Which moves are the same ----

TEST(RulesR10, ShortestPathThenSmallestStringInByteOrder) {
  // A10 reaches E8 along A10-C10-E8 and A10-C8-E8: one move, written with "C10" since
  // "C10" < "C8" byte by byte.
  const Position p = board("MA10 MB10 MB9 MD9 MD8 mL13 mL12");
  EXPECT_EQ(movesFrom(p, "A10"), sorted({"A10-A11", "A10-A9", "A10-B11", "A10-C10", "A10-C10-A8",
                                         "A10-C10-E8", "A10-C8", "A10-C8-E10"}));
  // 8 for A10; B10, B9: 6 plain and 1 canter each; D9, D8: 7 plain and 1 canter each.
  EXPECT_EQ(legalMoves(p).size(), 38u);
  EXPECT_EQ(perft(p, 1), 38u);
}

TEST(RulesR10, ChargeWrittenAlongTheSmallestOfEquallyShortPaths) {
  // As above with a knight on A10 and Black F8: E8 now launches the charge over F8 (and is
  // no bare canter's end, R6).
  const Position p = board("KA10 MB10 MB9 MD9 MD8 mF8 mL13");
  EXPECT_EQ(movesFrom(p, "A10"), sorted({"A10-A11", "A10-A9", "A10-B11", "A10-C10", "A10-C10-A8",
                                         "A10-C10-E8xG8", "A10-C8", "A10-C8-E10"}));
}

TEST(RulesR10, JumpRoundTheSameCapturesEitherWayIsOneMove) {
  // Round E6 F7 G6 F5 clockwise or anticlockwise, back onto E5: the same move.
  const Position p = board("ME5 mE6 mF7 mG6 mF5");
  EXPECT_EQ(movesOf(p), Moves{"E5xE7xG7xG5xE5"});
  EXPECT_EQ(perft(p, 1), 1u);
  // Black has no pieces left: a finished position has no moves.
  EXPECT_EQ(perft(p, 2), 0u);
}

TEST(RulesR10, SameEndWithOtherCapturesIsAnotherMove) {
  const Position p = board("ME5 mD4 mE6 mF7 mG6 mF5");
  EXPECT_EQ(perft(p, 1), 2u);
}

TEST(RulesR10, CanterPathMayLandOnASquareTwice) {
  // E5 over E6 to E7, back over E6 to E5, over F5 to G5: the move E5-G5.
  const Position p = board("ME5 ME6 MF7 MG6 MF5 mA13 mL13");
  EXPECT_EQ(toNotation(parseMove(p, "E5-E7-E5-G5")), "E5-G5");
  EXPECT_EQ(toNotation(parseMove(p, "E5-G5-G7")), "E5-E7-G7");
}

TEST(RulesR10, FinishedPositionHasNoLeaves) {
  EXPECT_EQ(perft(board("MF16 MG16 mA13 mL13", Color::Black), 1), 0u);
  EXPECT_EQ(perft(board("ME5 mA13"), 1), 0u);
}

TEST(RulesR10, PerftIgnoresRepetitionAndClock) {
  const Position p = withClock(board("MC4 MJ4 mC13 mJ13"), 100);
  EXPECT_EQ(perft(p, 1), 16u);
}

TEST(RulesR10, StartPositionPerft) {
  EXPECT_EQ(perft(Position::start(), 1), 100u);
  EXPECT_EQ(perft(Position::start(), 2), 10026u);
}

}  // namespace
}  // namespace camelot
