#pragma once
// Precomputed neighbourhoods: for each square and direction, the square one step away and the
// square one leap (two steps) away, or kNoSquare where that is off the board. kNoSquare is a
// padding square, never in any set of real squares, so membership tests on it are false and
// no bounds check is needed in the move generator's loops.

#include <array>

#include "engine/bitboard.hpp"
#include "engine/square.hpp"

namespace camelot {

inline constexpr Square kNoSquare = 0;
static_assert(!isRealSquare(kNoSquare));

struct Neighbourhoods {
  std::array<std::array<Square, 8>, kGridSquares> step{};
  std::array<std::array<Square, 8>, kGridSquares> leap{};
};

namespace detail {
constexpr Neighbourhoods makeNeighbourhoods() {
  Neighbourhoods n;
  for (int s = 0; s < kGridSquares; ++s) {
    for (int d = 0; d < 8; ++d) {
      n.step[s][d] = n.leap[s][d] = kNoSquare;
      if (!isRealSquare(static_cast<Square>(s))) continue;
      const int one = s + kDirections[d];
      const int two = s + 2 * kDirections[d];
      if (one >= 0 && one < kGridSquares && isRealSquare(static_cast<Square>(one)))
        n.step[s][d] = static_cast<Square>(one);
      if (n.step[s][d] != kNoSquare && two >= 0 && two < kGridSquares &&
          isRealSquare(static_cast<Square>(two)))
        n.leap[s][d] = static_cast<Square>(two);
    }
  }
  return n;
}
}  // namespace detail

inline constexpr Neighbourhoods kNeighbourhoods = detail::makeNeighbourhoods();

constexpr Square stepFrom(Square s, int direction) {
  return kNeighbourhoods.step[s][direction];
}
constexpr Square leapFrom(Square s, int direction) {
  return kNeighbourhoods.leap[s][direction];
}

// The direction index d with to == leapFrom(from, d) (or stepFrom for a step), or -1.
constexpr int directionBetween(Square from, Square to) {
  if (to == kNoSquare) return -1;
  for (int d = 0; d < 8; ++d)
    if (kNeighbourhoods.step[from][d] == to || kNeighbourhoods.leap[from][d] == to) return d;
  return -1;
}

}  // namespace camelot
