#pragma once
// A Grand Camelot position (G3, G14): the pieces, the player to move, the castle moves each
// player has used (G10) and the clock (G12.6), as GFEN text and back.

#include <array>
#include <cstdint>
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
  bool operator==(const GrandPosition&) const = default;
};

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
