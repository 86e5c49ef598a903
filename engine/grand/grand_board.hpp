#pragma once
// Grand Camelot's board and players (docs/rules.md G1, G2): 180 real squares in a
// 16x16 grid, four players in turn order Red, Green, Blue, Yellow, two partnerships (Red+Blue
// against Green+Yellow) and four two-square castles on the edges. The standard game's
// geometry (engine/square.hpp) is untouched: the variant has its own.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace camelot::grand {

using Square = std::uint8_t;  // (rank - 1) * 16 + file, file 0..15 = A..P, rank 1..16

inline constexpr int kSide = 16;
inline constexpr int kGridSquares = kSide * kSide;
inline constexpr int kRealSquares = 180;
inline constexpr Square kNoSquare = 255;

constexpr Square makeSquare(int file, int rank) {
  return static_cast<Square>((rank - 1) * kSide + file);
}
constexpr int fileOf(Square s) {
  return s % kSide;
}
constexpr int rankOf(Square s) {
  return s / kSide + 1;
}

// G1: the real squares of each rank, as [first file, last file].
constexpr std::array<int, 2> realFilesOfRank(int rank) {
  const int fromEdge = rank <= 8 ? rank : 17 - rank;
  switch (fromEdge) {
    case 1:
      return {7, 8};  // H-I
    case 2:
      return {4, 11};  // E-L
    case 3:
      return {3, 12};  // D-M
    case 4:
      return {2, 13};  // C-N
    case 8:
      return {0, 15};  // A-P
    default:
      return {1, 14};  // B-O
  }
}

constexpr bool isReal(int file, int rank) {
  if (rank < 1 || rank > kSide || file < 0 || file >= kSide) return false;
  const auto [first, last] = realFilesOfRank(rank);
  return file >= first && file <= last;
}

// The 8 directions as (file, rank) steps.
inline constexpr std::array<std::array<int, 2>, 8> kDirections = {
    {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}};

// The square `steps` steps from s in direction d, if it is real.
constexpr Square stepFrom(Square s, int d, int steps = 1) {
  const int file = fileOf(s) + kDirections[static_cast<std::size_t>(d)][0] * steps;
  const int rank = rankOf(s) + kDirections[static_cast<std::size_t>(d)][1] * steps;
  return isReal(file, rank) ? makeSquare(file, rank) : kNoSquare;
}

// "A8", "P16"; parseSquare reads it back (nullopt for anything else).
std::string squareName(Square s);
std::optional<Square> parseSquare(std::string_view text);

// G2, in turn order.
enum class Player : std::uint8_t { Red = 0, Green = 1, Blue = 2, Yellow = 3 };
inline constexpr int kPlayers = 4;

constexpr int index(Player p) {
  return static_cast<int>(p);
}
constexpr Player playerAt(int i) {
  return static_cast<Player>(i & 3);
}
constexpr Player nextPlayer(Player p) {
  return playerAt(index(p) + 1);
}
constexpr Player partnerOf(Player p) {
  return playerAt(index(p) ^ 2);
}
// The opposite opponent, whose castle is p's goal.
constexpr Player oppositeOf(Player p) {
  return playerAt(index(p) ^ 1);
}
// 0: Red and Blue ("rb"), 1: Green and Yellow ("gy").
constexpr int partnershipOf(Player p) {
  return index(p) & 1;
}
constexpr char playerLetter(Player p) {
  constexpr std::array<char, 4> kLetters = {'r', 'g', 'b', 'y'};
  return kLetters[static_cast<std::size_t>(index(p))];
}
// "Red", "Green", "Blue", "Yellow".
constexpr const char* playerName(Player p) {
  constexpr std::array<const char*, 4> kNames = {"Red", "Green", "Blue", "Yellow"};
  return kNames[static_cast<std::size_t>(index(p))];
}
constexpr const char* partnershipName(int partnership) {
  return partnership == 0 ? "rb" : "gy";
}

// A player's own castle (G1, G2).
constexpr std::array<Square, 2> castleOf(Player p) {
  switch (p) {
    case Player::Red:
      return {makeSquare(7, 1), makeSquare(8, 1)};  // H1 I1
    case Player::Green:
      return {makeSquare(7, 16), makeSquare(8, 16)};  // H16 I16
    case Player::Blue:
      return {makeSquare(0, 8), makeSquare(0, 9)};  // A8 A9
    default:
      return {makeSquare(15, 8), makeSquare(15, 9)};  // P8 P9
  }
}

constexpr bool inCastle(Square s, Player owner) {
  const auto castle = castleOf(owner);
  return s == castle[0] || s == castle[1];
}
constexpr bool onGoal(Square s, Player mover) {
  return inCastle(s, oppositeOf(mover));
}
// G9: the mover's own, partner's and non-opposite opponent's castles.
constexpr bool onNonGoalCastle(Square s, Player mover) {
  return inCastle(s, mover) || inCastle(s, partnerOf(mover)) ||
         inCastle(s, playerAt(index(mover) ^ 3));
}

}  // namespace camelot::grand
