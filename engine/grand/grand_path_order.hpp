#pragma once
// G13's order among the paths of one Grand move, as engine/path_order.hpp is R10's: fewer steps
// first, then the smaller written string, compared square by square through the names' keys
// (square_name_key.hpp) without writing either path.

#include <array>
#include <cstddef>
#include <cstdint>

#include "engine/grand/grand_rules.hpp"
#include "engine/grand/square_name_key.hpp"

namespace camelot::grand {

namespace detail {
// Each square's name as written before a plain or canter step ('-'), before a jump ('x') and at
// the end of a move (engine/grand/square_name_key.hpp).
struct NameKeys {
  std::array<std::uint32_t, kGridSquares> dash{}, jump{}, end{};
};
constexpr NameKeys makeNameKeys() {
  NameKeys keys;
  for (int s = 0; s < kGridSquares; ++s) {
    const int file = fileOf(static_cast<Square>(s));
    const int rank = rankOf(static_cast<Square>(s));
    keys.dash[s] = squareNameKey(file, rank, '-');
    keys.jump[s] = squareNameKey(file, rank, 'x');
    keys.end[s] = squareNameKey(file, rank, '\0');
  }
  return keys;
}
}  // namespace detail

inline constexpr detail::NameKeys kNameKeys = detail::makeNameKeys();

// The key of a move's i-th square as its notation writes it.
inline std::uint32_t writtenKey(const GrandMove& move, std::size_t i) {
  const Square s = move.path[i];
  if (i + 1 == move.path.size()) return kNameKeys.end[s];
  return static_cast<int>(i) < move.quietSteps ? kNameKeys.dash[s] : kNameKeys.jump[s];
}

// G13's order among paths of one move: fewer steps, then the smaller string (compared square by
// square, without writing it).
inline bool writtenBefore(const GrandMove& a, const GrandMove& b) {
  if (a.steps() != b.steps()) return a.steps() < b.steps();
  for (std::size_t i = 0; i < a.path.size(); ++i) {
    const std::uint32_t keyA = writtenKey(a, i);
    const std::uint32_t keyB = writtenKey(b, i);
    if (keyA != keyB) return keyA < keyB;
  }
  return false;
}

}  // namespace camelot::grand
