#pragma once
// A set of squares of the 16x16 padded grid (see square.hpp): 256 bits in four words.
// Shifting by a direction offset moves every square one step; padding columns and the
// ends of the word absorb what falls off the board, so no edge masks are needed as long as
// results are intersected with a set of real squares.

#include <array>
#include <bit>
#include <cstdint>

#include "engine/square.hpp"

namespace camelot {

class Bitboard {
 public:
  constexpr Bitboard() = default;
  constexpr Bitboard(std::uint64_t w0, std::uint64_t w1, std::uint64_t w2, std::uint64_t w3)
      : words_{w0, w1, w2, w3} {}

  // Built word by word without indexing: a one-word store into a bitboard that the next
  // whole-board operation reads back as one vector stalls the load until the store lands
  // (measured: a tenth of the move generator's time).
  static constexpr Bitboard of(Square s) {
    const std::uint64_t bit = std::uint64_t{1} << (s & 63);
    const int word = s >> 6;
    return {word == 0 ? bit : 0, word == 1 ? bit : 0, word == 2 ? bit : 0, word == 3 ? bit : 0};
  }

  constexpr bool test(Square s) const { return (words_[s >> 6] >> (s & 63)) & 1u; }
  constexpr void set(Square s) { words_[s >> 6] |= std::uint64_t{1} << (s & 63); }
  constexpr void reset(Square s) { words_[s >> 6] &= ~(std::uint64_t{1} << (s & 63)); }
  constexpr void flip(Square s) { words_[s >> 6] ^= std::uint64_t{1} << (s & 63); }

  constexpr bool any() const { return (words_[0] | words_[1] | words_[2] | words_[3]) != 0; }
  constexpr bool none() const { return !any(); }
  constexpr int count() const {
    return std::popcount(words_[0]) + std::popcount(words_[1]) + std::popcount(words_[2]) +
           std::popcount(words_[3]);
  }

  // Removes and returns the lowest square. Precondition: any().
  constexpr Square popLowest() {
    for (int i = 0; i < 4; ++i) {
      if (words_[i] != 0) {
        const int bit = std::countr_zero(words_[i]);
        words_[i] &= words_[i] - 1;
        return static_cast<Square>(i * 64 + bit);
      }
    }
    return 0;
  }

  // Every square moved by `Offset` grid indices (positive: towards higher indices).
  template <int Offset>
  constexpr Bitboard shifted() const {
    static_assert(Offset > -64 && Offset < 64);
    if constexpr (Offset == 0) {
      return *this;
    } else if constexpr (Offset > 0) {
      constexpr int n = Offset;
      return Bitboard(words_[0] << n, (words_[1] << n) | (words_[0] >> (64 - n)),
                      (words_[2] << n) | (words_[1] >> (64 - n)),
                      (words_[3] << n) | (words_[2] >> (64 - n)));
    } else {
      constexpr int n = -Offset;
      return Bitboard((words_[0] >> n) | (words_[1] << (64 - n)),
                      (words_[1] >> n) | (words_[2] << (64 - n)),
                      (words_[2] >> n) | (words_[3] << (64 - n)), words_[3] >> n);
    }
  }

  constexpr Bitboard operator&(const Bitboard& o) const {
    return {words_[0] & o.words_[0], words_[1] & o.words_[1], words_[2] & o.words_[2],
            words_[3] & o.words_[3]};
  }
  constexpr Bitboard operator|(const Bitboard& o) const {
    return {words_[0] | o.words_[0], words_[1] | o.words_[1], words_[2] | o.words_[2],
            words_[3] | o.words_[3]};
  }
  constexpr Bitboard operator^(const Bitboard& o) const {
    return {words_[0] ^ o.words_[0], words_[1] ^ o.words_[1], words_[2] ^ o.words_[2],
            words_[3] ^ o.words_[3]};
  }
  // Complement within the whole grid; intersect with kBoard to stay on real squares.
  constexpr Bitboard operator~() const { return {~words_[0], ~words_[1], ~words_[2], ~words_[3]}; }
  constexpr Bitboard& operator&=(const Bitboard& o) { return *this = *this & o; }
  constexpr Bitboard& operator|=(const Bitboard& o) { return *this = *this | o; }
  constexpr Bitboard& operator^=(const Bitboard& o) { return *this = *this ^ o; }
  constexpr bool operator==(const Bitboard&) const = default;

  constexpr const std::array<std::uint64_t, 4>& words() const { return words_; }

 private:
  std::array<std::uint64_t, 4> words_{};
};

namespace detail {
constexpr Bitboard boardMask() {
  Bitboard b;
  for (int rank = 1; rank <= kRanks; ++rank)
    for (int file = firstFile(rank); file <= lastFile(rank); ++file)
      b.set(makeSquare(file, rank));
  return b;
}
}  // namespace detail

// The 160 real squares.
inline constexpr Bitboard kBoard = detail::boardMask();

constexpr bool isRealSquare(Square s) {
  return kBoard.test(s);
}

constexpr Bitboard castleOf(Color owner) {
  return owner == Color::White ? Bitboard::of(kF1) | Bitboard::of(kG1)
                               : Bitboard::of(kF16) | Bitboard::of(kG16);
}
constexpr Bitboard goalOf(Color mover) {
  return castleOf(opposite(mover));
}

// Calls f(square) for every square of b, lowest first.
template <typename F>
constexpr void forEachSquare(Bitboard b, F&& f) {
  for (int i = 0; i < 4; ++i) {
    for (std::uint64_t word = b.words()[i]; word != 0; word &= word - 1)
      f(static_cast<Square>(i * 64 + std::countr_zero(word)));
  }
}

// Applies `f.template operator()<Offset>()` for each of the eight directions; lets bit-parallel
// code loop over directions with compile-time shift amounts.
template <typename F>
constexpr void forEachDirection(F&& f) {
  f.template operator()<+kGridWidth>();
  f.template operator()<-kGridWidth>();
  f.template operator()<+1>();
  f.template operator()<-1>();
  f.template operator()<kGridWidth + 1>();
  f.template operator()<kGridWidth - 1>();
  f.template operator()<-kGridWidth + 1>();
  f.template operator()<-kGridWidth - 1>();
}

}  // namespace camelot
