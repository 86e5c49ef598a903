// Move notation output (R1, R10): the letter notation of the later WCF text ('-' before plain
// and canter steps, 'x' before jump steps) and the numeric notation of the 1999 text ('-',
// 'C', 'J', a 'KC' prefix for a charge, an optional capture count), on positions built for
// the WCF examples of each move kind.

#include "engine/notation.hpp"

#include <gtest/gtest.h>

#include "engine/cfen.hpp"
#include "tests/engine/hand_built.hpp"

namespace camelot {
namespace {

using hand_built::board;
using hand_built::moveBetween;

struct Written {
  std::string letters;
  std::string numbers;
  std::string numbersWithCount;
};

Written written(const Position& p, std::string_view from, std::string_view to) {
  const Move m = moveBetween(p, from, to);
  return {toNotation(m), toNumericNotation(m), toNumericNotation(m, p)};
}

void expectWritten(const Position& p, std::string_view from, std::string_view to,
                   const Written& expected) {
  SCOPED_TRACE(std::string(from) + " to " + std::string(to));
  const Written actual = written(p, from, to);
  EXPECT_EQ(actual.letters, expected.letters);
  EXPECT_EQ(actual.numbers, expected.numbers);
  EXPECT_EQ(actual.numbersWithCount, expected.numbersWithCount);
}

// ---- The letter examples of the WCF text; C8=81 D9=70 E6=107 A8=79 H4=134 J4=136 L6=114
// F6=108 F8=84 H8=86 H10=62 J12=40 ----

TEST(NotationR1, PlainMove) {
  expectWritten(board("MC8 mA13 mL13"), "C8", "D9", {"C8-D9", "81-70", "81-70"});
}

TEST(NotationR1, Canter) {
  // E6 over D7 to C8, over B8 to A8. A canter captures nothing: no count.
  expectWritten(board("ME6 MD7 MB8 mL13 mL12"), "E6", "A8", {"E6-C8-A8", "107C81C79", "107C81C79"});
}

TEST(NotationR1, Jump) {
  expectWritten(parseCfen("2/8/10/12/12/12/12/12/12/12/12/10m1/7Mm3/10/8/2 w 0 0 0"), "H4", "L6",
                {"H4xJ4xL6", "134J136J114", "134J136J114 (2M)"});
}

TEST(NotationR1, KnightsCharge) {
  expectWritten(parseCfen("2/8/10/12/12/8m3/12/7m4/6M5/5M6/5K6/12/12/10/8/2 w 0 0 0"), "F6", "J12",
                {"F6-F8-H8xH10xJ12", "KC108C84C86J62J40", "KC108C84C86J62J40 (2M)"});
}

// A charge written as a plain FROM-TO (the squares are right, the separator is not): the
// error lists what the piece can do, so the reader sees the charge at once (R1, R4).
TEST(NotationR1, AMoveNotLegalListsTheLegalMovesFromItsSquare) {
  const Position p = parseCfen("2/8/10/12/12/8m3/12/7m4/6M5/5M6/5K6/12/12/10/8/2 w 0 0 0");
  try {
    parseMove(p, "F6-J12");
    FAIL() << "F6-J12 was read";
  } catch (const MoveError& e) {
    const std::string message = e.what();
    EXPECT_EQ(message.find("illegal move 'F6-J12': "), 0u) << message;
    EXPECT_TRUE(message.ends_with("; the legal moves from F6 are F6-F8-H8xH10xJ12")) << message;
  }
  EXPECT_EQ(parseMove(p, "F6xJ12"), parseMove(p, "F6-F8-H8xH10xJ12"));
}

// ---- The numeric examples of the 1999 text, on rank 13: H13=26 I13=27 J13=28 L13=30 ----

TEST(NotationR1, NumericPlainMove) {
  expectWritten(board("MH13 mA4 mC4"), "H13", "I13", {"H13-I13", "26-27", "26-27"});
}

TEST(NotationR1, NumericCanter) {
  expectWritten(board("MH13 MI13 MK13 mA4 mC4"), "H13", "L13",
                {"H13-J13-L13", "26C28C30", "26C28C30"});
}

TEST(NotationR1, NumericJump) {
  expectWritten(board("MH13 mI13 mK13"), "H13", "L13",
                {"H13xJ13xL13", "26J28J30", "26J28J30 (2M)"});
}

TEST(NotationR1, NumericKnightsCharge) {
  expectWritten(board("KH13 MI13 mK13 mA4"), "H13", "L13",
                {"H13-J13xL13", "KC26C28J30", "KC26C28J30 (1M)"});
}

TEST(NotationR1, NumericCaptureCountOfMenAndKnights) {
  // KC19C21J23J25J27J29J53 (3M, 2K): A13 over B13 to C13, then jumps D13 F13 H13 J13 along
  // rank 13 and K12 down to K11; D13 and K12 are knights.
  expectWritten(
      board("KA13 MB13 kD13 mF13 mH13 mJ13 kK12"), "A13", "K11",
      {"A13-C13xE13xG13xI13xK13xK11", "KC19C21J23J25J27J29J53", "KC19C21J23J25J27J29J53 (3M, 2K)"});
}

TEST(NotationR1, NumericCaptureCountOfKnightsOnly) {
  // E5=119, E7=95.
  expectWritten(board("ME5 kE6 mA13"), "E5", "E7", {"E5xE7", "119J95", "119J95 (1K)"});
}

TEST(NotationR1, NumericCastleSquares) {
  // F16 G16 are A B; F1 G1 are Y Z; F3=143.
  expectWritten(board("MF16 MA4 mL13 mL12"), "F16", "G16", {"F16-G16", "A-B", "A-B"});
  expectWritten(board("mF1 MA4 ML4", Color::Black), "F1", "G1", {"F1-G1", "Y-Z", "Y-Z"});
  expectWritten(board("MF3 mF2 mA13"), "F3", "F1", {"F3xF1", "143JY", "143JY (1M)"});
}

TEST(NotationR1, NumericOutputReadsBack) {
  // Each numeric text names the same move as the letters.
  const Position p = parseCfen("2/8/10/12/12/8m3/12/7m4/6M5/5M6/5K6/12/12/10/8/2 w 0 0 0");
  for (const Move& m : legalMoves(p)) {
    EXPECT_EQ(parseMove(p, toNumericNotation(m)), m) << toNotation(m);
    EXPECT_EQ(parseMove(p, toNumericNotation(m, p)), m) << toNotation(m);
    EXPECT_EQ(parseMove(p, toNotation(m)), m) << toNotation(m);
  }
}

}  // namespace
}  // namespace camelot
