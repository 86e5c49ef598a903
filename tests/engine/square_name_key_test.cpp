// The keys that order written paths without writing them (engine/grand/square_name_key.hpp) against
// the written text itself: R10 and G13 break ties between paths of equal length by the smaller
// string in byte order.

#include "engine/grand/square_name_key.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/grand/grand_board.hpp"

namespace camelot {
namespace {

// The name followed by its separator as the notation writes it ('\0': the move ends there).
std::string written(grand::Square s, char separator) {
  std::string text = grand::squareName(s);
  if (separator != '\0') text += separator;
  return text;
}

TEST(SquareNameKey, R10_G13_KeysOrderNamesAsTheirWrittenTextDoes) {
  // Grand Camelot's 180 squares hold every name of the standard board's 160 (files A-L, ranks
  // 1-16) and more, each written the same way.
  std::vector<grand::Square> squares;
  for (int s = 0; s < grand::kGridSquares; ++s)
    if (grand::isReal(grand::fileOf(static_cast<grand::Square>(s)),
                      grand::rankOf(static_cast<grand::Square>(s))))
      squares.push_back(static_cast<grand::Square>(s));
  ASSERT_EQ(squares.size(), 180u);
  const auto key = [](grand::Square s, char separator) {
    return squareNameKey(grand::fileOf(s), grand::rankOf(s), separator);
  };
  int compared = 0;
  for (const char sa : {'-', 'x', '\0'})
    for (const char sb : {'-', 'x', '\0'})
      for (const grand::Square a : squares)
        for (const grand::Square b : squares) {
          ASSERT_EQ(key(a, sa) < key(b, sb), written(a, sa) < written(b, sb))
              << written(a, sa) << " against " << written(b, sb);
          ++compared;
        }
  EXPECT_EQ(compared, 9 * 180 * 180);
  // The cases a plain comparison of names gets wrong.
  const grand::Square f1 = grand::makeSquare(5, 1);
  const grand::Square f10 = grand::makeSquare(5, 10);
  EXPECT_LT(key(f1, '-'), key(f10, '-'));   // "F1-" < "F10-"
  EXPECT_LT(key(f10, 'x'), key(f1, 'x'));   // "F10x" < "F1x"
  EXPECT_LT(key(f1, '\0'), key(f10, '-'));  // "F1" ends before "F10-"
}

}  // namespace
}  // namespace camelot
