#pragma once
// A Grand Camelot position (G3, G14): the pieces, the player to move, the castle moves each
// player has used (G10) and the clock (G12.6), as GFEN text and back.

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>

#include "engine/grand/grand_board.hpp"

namespace camelot::grand {

// A square's content: empty, or a player's man or knight.
struct Piece {
  std::uint8_t code = 0;  // 0: empty; else 1 + 2 * player + (knight ? 1 : 0)

  static constexpr Piece of(Player p, bool knight) {
    return Piece{static_cast<std::uint8_t>(1 + 2 * index(p) + (knight ? 1 : 0))};
  }
  constexpr bool empty() const { return code == 0; }
  constexpr Player owner() const { return playerAt((code - 1) / 2); }
  constexpr bool knight() const { return code != 0 && (code - 1) % 2 == 1; }
  bool operator==(const Piece&) const = default;
};

// Calls fn(i) for each i in [0, n) where bytes[i] is not zero, in increasing order; n is a
// multiple of 8. Eight bytes are tested at once, so that a board of 48 pieces on 256 cells costs
// 32 word tests and a few bit scans instead of 256 byte tests (a tenth of a network search's
// time went into such scans).
template <class Fn>
void forEachNonZeroByte(const void* bytes, int n, Fn fn) {
  static_assert(std::endian::native == std::endian::little, "the lowest byte must come first");
  const auto* data = static_cast<const unsigned char*>(bytes);
  for (int i = 0; i < n; i += 8) {
    std::uint64_t word;
    std::memcpy(&word, data + i, sizeof word);
    while (word != 0) {
      const int byte = std::countr_zero(word) / 8;
      fn(i + byte);
      word &= ~(std::uint64_t{0xff} << (8 * byte));
    }
  }
}

// Each player's pieces at the start (G2); a position never holds more.
inline constexpr int kMenPerPlayer = 8;
inline constexpr int kKnightsPerPlayer = 4;

// A GFEN that cannot be read; what() names the field and the problem.
class GfenError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

struct GrandPosition {
  std::array<Piece, kGridSquares> board{};
  Player toMove = Player::Red;
  std::array<int, kPlayers> castleMovesUsed{};  // by player, 0..2
  int clock = 0;

  static GrandPosition start();

  int piecesOf(Player p) const;
  // The pieces of each partnership (0: Red and Blue, 1: Green and Yellow), in one pass: G12.2
  // and 3 ask at every node of a search.
  std::array<int, 2> partnershipPieces() const;
  bool operator==(const GrandPosition&) const = default;
};
static_assert(sizeof(Piece) == 1);

// Calls fn(square, piece) for each piece on the board, in square order.
template <class Fn>
void forEachPiece(const GrandPosition& position, Fn fn) {
  forEachNonZeroByte(position.board.data(), kGridSquares, [&](int s) {
    fn(static_cast<Square>(s), position.board[static_cast<std::size_t>(s)]);
  });
}

inline constexpr std::string_view kGrandStartGfen =
    "2/8/2GggggG2/4GggG4/6gg6/1B10Y1/1bB8Yy1/2bbb6yyy2/2bbb6yyy2/1bB8Yy1/1B10Y1/6rr6/4RrrR4/"
    "2RrrrrR2/8/2 r 0 0 0 0 0";

// G2's symmetries, for tests and, later, for doubling training data. The transposition swaps
// file and rank indices with Red<->Blue and Green<->Yellow: a symmetry of the whole game. The
// half turn (Red<->Green, Blue<->Yellow) maps moves and outcomes but not the turn order.
GrandPosition transposed(const GrandPosition& position);
GrandPosition halfTurned(const GrandPosition& position);
Square transposedSquare(Square s);
Square halfTurnedSquare(Square s);

// Reads a GFEN (G14); more pieces than a player starts with are refused. Throws GfenError.
GrandPosition parseGfen(std::string_view text);
std::string toGfen(const GrandPosition& position);

// Whether text looks like a GFEN rather than a standard CFEN: seven fields.
bool looksLikeGfen(std::string_view text);

}  // namespace camelot::grand
