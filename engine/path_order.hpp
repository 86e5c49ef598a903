#pragma once
// The order of R10 among paths of the same move: fewer steps first, then the smaller string
// in byte order. Compared without building strings: every square name gets a rank in the
// byte order of "name + separator that follows it" ('-' before a canter or plain step, 'x'
// before a jump step; engine/grand/square_name_key.hpp). Paths of one move have the same steps and
// separators, so comparing ranks square by square gives exactly the byte order of the written paths
// ("C10-" < "C8-", "F1-" < "F10-" but "F10x" < "F1x").

#include <array>
#include <cstdint>

#include "engine/bitboard.hpp"
#include "engine/grand/square_name_key.hpp"
#include "engine/move.hpp"

namespace camelot {

namespace detail {
constexpr std::array<std::uint8_t, kGridSquares> makeRanks(char separator) {
  const auto key = [separator](int s) {
    return squareNameKey(fileOf(static_cast<Square>(s)), rankOf(static_cast<Square>(s)), separator);
  };
  std::array<std::uint8_t, kGridSquares> ranks{};
  for (int a = 0; a < kGridSquares; ++a) {
    if (!isRealSquare(static_cast<Square>(a))) continue;
    int smaller = 0;
    for (int b = 0; b < kGridSquares; ++b)
      if (isRealSquare(static_cast<Square>(b)) && key(b) < key(a)) ++smaller;
    ranks[a] = static_cast<std::uint8_t>(smaller);
  }
  return ranks;
}
}  // namespace detail

inline constexpr std::array<std::uint8_t, kGridSquares> kRankBeforeDash = detail::makeRanks('-');
inline constexpr std::array<std::uint8_t, kGridSquares> kRankBeforeJump = detail::makeRanks('x');

// True when a is written before b: fewer steps, or as many and a smaller string. Meaningful
// for two paths of the same move (same start, end and kind).
inline bool writtenBefore(const Move& a, const Move& b) {
  if (a.steps != b.steps) return a.steps < b.steps;
  for (int i = 1; i < a.steps; ++i) {
    const auto& ranks = i < a.quietSteps ? kRankBeforeDash : kRankBeforeJump;
    if (a.path[i] != b.path[i]) return ranks[a.path[i]] < ranks[b.path[i]];
  }
  return false;
}

}  // namespace camelot
