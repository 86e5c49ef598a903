// Malformed input: every class of bad CFEN makes parseCfen throw CfenError, and every class of
// bad move text makes parseMove throw MoveError, each with a one-line message that names what
// is wrong and where. Also the move texts parseMove must accept: full or short paths, other
// legal paths of the same move, and the numeric notation of R1.

#include <gtest/gtest.h>

#include <algorithm>
#include <initializer_list>
#include <string>

#include "engine/cfen.hpp"
#include "engine/notation.hpp"
#include "tests/engine/hand_built.hpp"

namespace camelot {
namespace {

using hand_built::board;

// The start CFEN with rank field `rank` (1..16) replaced.
std::string startWithRank(int rank, std::string_view field) {
  std::string ranks(kStartCfen.substr(0, kStartCfen.find(' ')));
  std::size_t begin = 0;
  for (int r = kRanks; r > rank; --r)
    begin = ranks.find('/', begin) + 1;
  const std::size_t end = std::min(ranks.find('/', begin), ranks.size());
  return ranks.replace(begin, end - begin, field) + " w 0 0 0";
}

// The start board with other trailing fields.
std::string startWithFields(std::string_view fields) {
  return std::string(kStartCfen.substr(0, kStartCfen.find(' ') + 1)) + std::string(fields);
}

// Checks that the message is one line and contains every part.
void expectMessage(const std::string& message, std::initializer_list<std::string_view> parts) {
  EXPECT_FALSE(message.empty());
  EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  for (const std::string_view part : parts)
    EXPECT_NE(message.find(part), std::string::npos) << "'" << part << "' not in: " << message;
}

void expectCfenError(std::string_view text, std::initializer_list<std::string_view> parts) {
  SCOPED_TRACE(std::string(text));
  try {
    parseCfen(text);
    ADD_FAILURE() << "no CfenError";
  } catch (const CfenError& e) {
    expectMessage(e.what(), parts);
  }
}

void expectMoveError(const Position& p, std::string_view text,
                     std::initializer_list<std::string_view> parts) {
  SCOPED_TRACE(std::string(text));
  try {
    parseMove(p, text);
    ADD_FAILURE() << "no MoveError";
  } catch (const MoveError& e) {
    expectMessage(e.what(), parts);
  }
}

// ---- CFEN ----

TEST(BadInputCfen, HelpersBuildValidText) {
  EXPECT_EQ(startWithRank(5, "12"), kStartCfen);
  EXPECT_EQ(startWithFields("w 0 0 0"), kStartCfen);
}

TEST(BadInputCfen, WrongNumberOfFields) {
  expectCfenError(startWithFields("w 0 0"), {"5", "fields", "found 4"});
  expectCfenError(startWithFields("w 0 0 0 0"), {"5", "fields", "found 6"});
  expectCfenError("", {"fields", "found 0"});
  expectCfenError("startposition", {"fields", "found 1"});
}

TEST(BadInputCfen, WrongNumberOfRanks) {
  expectCfenError("2/8/10/12/12/12/12/12/12/12/12/12/12/10/8 w 0 0 0", {"15 rank fields", "16"});
  expectCfenError("2/8/10/12/12/12/12/12/12/12/12/12/12/10/8/2/2 w 0 0 0",
                  {"17 rank fields", "16"});
}

TEST(BadInputCfen, RankDescribesTooManySquares) {
  expectCfenError(startWithRank(14, "11"), {"rank 14", "11 squares", "10"});
  expectCfenError(startWithRank(6, "2KMMMMMMK3"), {"rank 6", "13 squares", "12"});
  expectCfenError(startWithRank(1, "MMM"), {"rank 1", "3 squares", "2"});
}

TEST(BadInputCfen, RankDescribesTooFewSquares) {
  expectCfenError(startWithRank(5, "11"), {"rank 5", "11 squares", "12"});
  expectCfenError(startWithRank(15, "7"), {"rank 15", "7 squares", "8"});
  expectCfenError(startWithRank(9, ""), {"rank 9", "empty"});
}

TEST(BadInputCfen, UnknownLetter) {
  expectCfenError(startWithRank(9, "5x6"), {"rank 9", "'x'"});
  expectCfenError(startWithRank(4, "Q11"), {"rank 4", "'Q'"});
}

TEST(BadInputCfen, RunStartingWithZero) {
  expectCfenError(startWithRank(8, "012"), {"rank 8", "0"});
}

TEST(BadInputCfen, TooManyMenOrKnights) {
  expectCfenError(startWithRank(4, "M11"), {"White", "11 men", "10"});
  expectCfenError(startWithRank(13, "k11"), {"Black", "5 knights", "4"});
  expectCfenError(startWithRank(13, "m11"), {"Black", "11 men"});
  expectCfenError(startWithRank(4, "K11"), {"White", "5 knights"});
}

TEST(BadInputCfen, BadSideToMove) {
  expectCfenError(startWithFields("x 0 0 0"), {"side to move", "'x'"});
  expectCfenError(startWithFields("white 0 0 0"), {"side to move", "'white'"});
}

TEST(BadInputCfen, CastleMovesCounterNotZeroToTwo) {
  expectCfenError(startWithFields("w 3 0 0"), {"White's castle moves", "'3'", "0..2"});
  expectCfenError(startWithFields("w -1 0 0"), {"White's castle moves", "'-1'"});
  expectCfenError(startWithFields("w 0 a 0"), {"Black's castle moves", "'a'"});
  expectCfenError(startWithFields("w 0 1.5 0"), {"Black's castle moves", "'1.5'"});
}

TEST(BadInputCfen, ClockNegativeOrNotANumber) {
  expectCfenError(startWithFields("w 0 0 -1"), {"clock", "'-1'"});
  expectCfenError(startWithFields("w 0 0 abc"), {"clock", "'abc'"});
  expectCfenError(startWithFields("w 0 0 7x"), {"clock", "'7x'"});
}

TEST(BadInputCfen, ClockAboveTheLimitIsStillAPosition) {
  // R9 f ends the game at 100, but a finished position is still a position.
  const Position p = parseCfen(startWithFields("b 2 1 113"));
  EXPECT_EQ(p.clock(), 113);
  EXPECT_EQ(p.sideToMove(), Color::Black);
  EXPECT_EQ(p.castleMovesUsed(Color::White), 2);
  EXPECT_EQ(p.castleMovesUsed(Color::Black), 1);
  EXPECT_EQ(toCfen(p), startWithFields("b 2 1 113"));
}

// ---- Moves: what is refused ----

TEST(BadInputMove, UnreadableText) {
  const Position p = Position::start();
  for (const char* text : {"", "hello", "E5", "C6--C8", "C6-", "C6_C8", "M5-M6", "KC", "105-"})
    expectMoveError(p, text, {"unreadable"});
}

TEST(BadInputMove, NoOwnPieceOnTheStartSquare) {
  const Position p = Position::start();
  expectMoveError(p, "E5-E6", {"no White piece on E5"});
  expectMoveError(p, "C11-C12", {"no White piece on C11"});
}

TEST(BadInputMove, StepThatIsNeitherAStepNorALeap) {
  const Position p = board("ME5 mA13 mL13");
  expectMoveError(p, "E5-E8", {"E8", "neither", "E5"});
  expectMoveError(p, "E5-F7", {"F7", "neither", "E5"});
}

TEST(BadInputMove, OccupiedLanding) {
  const Position p = board("ME5 ME6 ME7 mA13 mL13");
  expectMoveError(p, "E5-E6", {"E6 is occupied"});
  expectMoveError(p, "E5-E7", {"E7 is occupied"});
}

TEST(BadInputMove, LeapOverAnEmptySquare) {
  const Position p = board("ME5 mA13 mL13");
  expectMoveError(p, "E5-E7", {"no piece on E6"});
}

TEST(BadInputMove, PlainMoveOntoTheOwnCastle) {
  const Position p = board("MF2 mA13 mL13");
  expectMoveError(p, "F2-F1", {"own castle", "F1", "R7"});
}

TEST(BadInputMove, CanterEndingOnItsStartSquare) {
  const Position p = board("ME5 ME6 mA13 mL13");
  expectMoveError(p, "E5-E7-E5", {"start square", "R3"});
}

TEST(BadInputMove, ChargeWhoseCanterPartEndsOnItsStartSquare) {
  // E5-E7-E5xC3 would canter back onto E5 and jump from there; R3 forbids the canter part
  // ending on the start square, so this is no path of the move E5xC3.
  const Position p = board("KE5 ME6 mD4 mA13");
  expectMoveError(p, "E5-E7-E5xC3", {"R3"});
}

TEST(BadInputMove, MoveIgnoringACompulsoryCapture) {
  const Position p = board("ME5 MJ5 mE6 mA13");
  expectMoveError(p, "J5-J6", {"compulsory", "R4"});
}

TEST(BadInputMove, JumpThatStopsEarly) {
  const Position p = board("ME5 mE6 mE8");
  expectMoveError(p, "E5xE7", {"E7", "R5"});
}

TEST(BadInputMove, KnightCanterThroughACaptureSquare) {
  // C4-E6-G8 lands on E6 next to D7 (R6); the move C4 to G8 exists only along C4-E4-G6-G8.
  const Position p = board("KC4 MD4 MD5 MF5 MF7 MG7 mD7 mA13");
  expectMoveError(p, "C4-E6-G8", {"E6", "R6"});
  EXPECT_EQ(toNotation(parseMove(p, "C4-E4-G6-G8")), "C4-E4-G6-G8");
}

TEST(BadInputMove, ManJumpingAfterACanter) {
  const Position p = board("ME5 ME6 mE8 mA13");
  expectMoveError(p, "E5-E7xE9", {"knight", "R2"});
}

TEST(BadInputMove, WrongSeparator) {
  const Position p = board("ME5 mE6 mA13");
  expectMoveError(p, "E5-E7", {"'x'"});
  const Position canter = board("ME5 ME6 mA13 mL13");
  expectMoveError(canter, "E5xE7", {"'-'"});
}

TEST(BadInputMove, AmbiguousShortForm) {
  // From E5 to C5: over D4 and C4 only, or first round E6 F7 G6 F5 and back through E5.
  const Position p = board("ME5 mD4 mC4 mE6 mF7 mG6 mF5");
  EXPECT_EQ(hand_built::movesOf(p), hand_built::sorted({"E5xC3xC5", "E5xE7xG7xG5xE5xC3xC5"}));
  expectMoveError(p, "E5xC5", {"ambiguous", "E5xC5"});
  EXPECT_EQ(toNotation(parseMove(p, "E5xG5xG7xE7xE5xC3xC5")), "E5xE7xG7xG5xE5xC3xC5");
}

TEST(BadInputMove, GameIsOver) {
  expectMoveError(board("MF16 MG16 mA13 mL13", Color::Black), "A13-A12", {"over"});
}

// ---- Moves: what is accepted ----

TEST(BadInputMove, AcceptsTheFullPath) {
  const Position p = parseCfen("2/8/10/12/12/8m3/12/7m4/6M5/5M6/5K6/12/12/10/8/2 w 0 0 0");
  EXPECT_EQ(toNotation(parseMove(p, "F6-F8-H8xH10xJ12")), "F6-F8-H8xH10xJ12");
  // File letters in either case (square.hpp).
  EXPECT_EQ(toNotation(parseMove(p, "f6-f8-h8xh10xj12")), "F6-F8-H8xH10xJ12");
}

TEST(BadInputMove, AcceptsShortFormsOfLongMoves) {
  const Position canter = board("MA10 MB10 MB9 MD9 MD8 mL13 mL12");
  EXPECT_EQ(toNotation(parseMove(canter, "A10-E8")), "A10-C10-E8");
  EXPECT_EQ(toNotation(parseMove(canter, "A10-E10")), "A10-C8-E10");
  const Position jump = board("ME5 mE6 mE8");
  EXPECT_EQ(toNotation(parseMove(jump, "E5xE9")), "E5xE7xE9");
}

TEST(BadInputMove, AnotherPathOfTheSameMoveGivesTheWrittenPath) {
  const Position p = board("MA10 MB10 MB9 MD9 MD8 mL13 mL12");
  const Move m = parseMove(p, "A10-C8-E8");
  EXPECT_EQ(toNotation(m), "A10-C10-E8");
  EXPECT_EQ(m, hand_built::legalMove(p, "A10-C10-E8"));
}

TEST(BadInputMove, AcceptsNumericNotation) {
  // 94 = D7, 82 = D8 (R1).
  EXPECT_EQ(toNotation(parseMove(Position::start(), "94-82")), "D7-D8");
  // The WCF charge: F6=108, F8=84, H8=86, H10=62, J12=40.
  const Position p = parseCfen("2/8/10/12/12/8m3/12/7m4/6M5/5M6/5K6/12/12/10/8/2 w 0 0 0");
  EXPECT_EQ(toNotation(parseMove(p, "KC108C84C86J62J40")), "F6-F8-H8xH10xJ12");
  EXPECT_EQ(toNotation(parseMove(p, "KC108C84C86J62J40 (2M)")), "F6-F8-H8xH10xJ12");
  // E5 = 119, E7 = 95; F3 = 143, F1 = Y.
  EXPECT_EQ(toNotation(parseMove(board("ME5 mE6 mA13"), "119J95 (1M)")), "E5xE7");
  EXPECT_EQ(toNotation(parseMove(board("MF3 mF2 mA13"), "143JY")), "F3xF1");
  EXPECT_EQ(toNotation(parseMove(board("MF16 MA4 mL13 mL12"), "A-B")), "F16-G16");
}

}  // namespace
}  // namespace camelot
