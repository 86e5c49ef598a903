#pragma once
// Zobrist keys: one per (colour, piece kind, square), the side to move, and each side's count
// of castle moves used (0..2). The clock is not hashed: R9 e compares placement, side to move
// and castle moves only. Keys are fixed (a seeded generator at compile time) so hashes are
// the same in every run and on every machine.

#include <array>
#include <cstdint>

#include "engine/random/splitmix64.hpp"
#include "engine/square.hpp"

namespace camelot::zobrist {

namespace detail {
struct Keys {
  std::array<std::array<std::uint64_t, kGridSquares>, 4> piece{};  // [colour * 2 + knight]
  std::uint64_t blackToMove = 0;
  std::array<std::array<std::uint64_t, 3>, 2> castleMovesUsed{};  // [colour][count]
};

constexpr Keys makeKeys() {
  Keys k;
  std::uint64_t state = 0xCA3E107;
  for (auto& table : k.piece)
    for (auto& key : table)
      key = splitMix64(state);
  k.blackToMove = splitMix64(state);
  for (auto& side : k.castleMovesUsed)
    for (auto& key : side)
      key = splitMix64(state);
  // Zero castle moves used hashes as nothing, so a fresh position's hash is its placement's.
  k.castleMovesUsed[0][0] = k.castleMovesUsed[1][0] = 0;
  return k;
}
}  // namespace detail

inline constexpr detail::Keys kKeys = detail::makeKeys();

constexpr std::uint64_t pieceKey(Color c, bool knight, Square s) {
  return kKeys.piece[index(c) * 2 + (knight ? 1 : 0)][s];
}
constexpr std::uint64_t sideKey() {
  return kKeys.blackToMove;
}
constexpr std::uint64_t castleMovesKey(Color c, int used) {
  return kKeys.castleMovesUsed[index(c)][used];
}

}  // namespace camelot::zobrist
