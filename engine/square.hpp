#pragma once
// Board geometry (R1): 160 real squares laid out in a 16x16 padded grid so that every step
// and leap is a plain index offset and never wraps onto another real square.
//
// Index = (rank - 1) * 16 + (file + 2), file 0..11 = A..L, rank 1..16. Columns 0, 1, 14 and
// 15 are padding, as are the squares of ranks 1-3 and 14-16 outside the board's outline.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace camelot {

using Square = std::uint8_t;

inline constexpr int kGridWidth = 16;
inline constexpr int kGridSquares = 256;
inline constexpr int kRealSquares = 160;
inline constexpr int kFiles = 12;
inline constexpr int kRanks = 16;

enum class Color : std::uint8_t { White = 0, Black = 1 };

constexpr Color opposite(Color c) {
  return c == Color::White ? Color::Black : Color::White;
}
constexpr int index(Color c) {
  return static_cast<int>(c);
}

constexpr Square makeSquare(int file, int rank) {
  return static_cast<Square>((rank - 1) * kGridWidth + file + 2);
}
constexpr int fileOf(Square s) {
  return (s % kGridWidth) - 2;
}
constexpr int rankOf(Square s) {
  return s / kGridWidth + 1;
}

// First and last file (0-based) of the real squares on a rank (R1).
constexpr int firstFile(int rank) {
  if (rank == 1 || rank == 16) return 5;
  if (rank == 2 || rank == 15) return 2;
  if (rank == 3 || rank == 14) return 1;
  return 0;
}
constexpr int lastFile(int rank) {
  return kFiles - 1 - firstFile(rank);
}
constexpr int rankWidth(int rank) {
  return lastFile(rank) - firstFile(rank) + 1;
}

constexpr bool isOnBoard(int file, int rank) {
  return rank >= 1 && rank <= kRanks && file >= firstFile(rank) && file <= lastFile(rank);
}

// The eight step directions as index offsets.
inline constexpr std::array<int, 8> kDirections = {
    +kGridWidth,     -kGridWidth,    +1, -1, kGridWidth + 1, kGridWidth - 1,
    -kGridWidth + 1, -kGridWidth - 1};

inline constexpr Square kF1 = makeSquare(5, 1);
inline constexpr Square kG1 = makeSquare(6, 1);
inline constexpr Square kF16 = makeSquare(5, 16);
inline constexpr Square kG16 = makeSquare(6, 16);

// A side's own castle (R1): White F1 G1, Black F16 G16. Its goal is the other side's castle.
constexpr bool isCastleOf(Color owner, Square s) {
  return owner == Color::White ? (s == kF1 || s == kG1) : (s == kF16 || s == kG16);
}
constexpr bool isGoalOf(Color mover, Square s) {
  return isCastleOf(opposite(mover), s);
}
// The other square of the castle that holds s.
constexpr Square otherCastleSquare(Square s) {
  return s == kF1 ? kG1 : s == kG1 ? kF1 : s == kF16 ? kG16 : kF16;
}

// Left-right mirror (file A <-> L) and top-bottom flip (rank 1 <-> 16). Both map real squares
// to real squares because the outline is symmetric.
constexpr Square mirrorSquare(Square s) {
  return makeSquare(kFiles - 1 - fileOf(s), rankOf(s));
}
constexpr Square flipSquare(Square s) {
  return makeSquare(fileOf(s), kRanks + 1 - rankOf(s));
}

// Letter notation name, e.g. "C8" (R1).
std::string squareName(Square s);
// Parses "C8" (file letter in either case). Returns nullopt for anything else.
std::optional<Square> parseSquareName(std::string_view text);

// Numeric notation of the 1999 WCF text (R1): 1..156 from C15 down to J2, castles A B
// (= F16 G16) and Y Z (= F1 G1).
std::string numericSquareName(Square s);
std::optional<Square> parseNumericSquareName(std::string_view text);

// Dense index 0..159 of a real square, in the WCF order (F1, G1, C2, ... , F16, G16).
int denseIndex(Square s);
Square squareFromDense(int dense);

// All real squares in dense order.
const std::array<Square, kRealSquares>& allSquares();

}  // namespace camelot
