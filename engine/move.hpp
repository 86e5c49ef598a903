#pragma once
// A move as a value: its kind (R2) and the path of squares it takes. The path is the one the
// notation writes (R10: fewest steps, then the smallest string in byte order); the captured
// pieces are the squares jumped over by the jump steps.

#include <array>
#include <cstdint>

#include "engine/bitboard.hpp"
#include "engine/square.hpp"

namespace camelot {

enum class MoveKind : std::uint8_t { Plain, Canter, Jump, Charge };

struct Move {
  // A whole move fits one cache line. No position of Camelot needs more steps: a jump takes at
  // most 14 pieces and a shortest canter path crosses far fewer squares than this.
  static constexpr int kMaxPathSquares = 61;

  std::array<Square, kMaxPathSquares> path;  // path[0] .. path[steps] are meaningful
  std::uint8_t steps = 0;
  // The leading steps that capture nothing: the plain step, every canter leap, the canter part
  // of a charge. The remaining steps are jump leaps, each capturing the piece it passes.
  std::uint8_t quietSteps = 0;
  MoveKind kind = MoveKind::Plain;

  constexpr Square from() const { return path[0]; }
  constexpr Square to() const { return path[steps]; }
  constexpr int jumpSteps() const { return steps - quietSteps; }
  constexpr bool isCapture() const { return kind == MoveKind::Jump || kind == MoveKind::Charge; }

  // Square jumped over by step i (a jump step: i >= quietSteps).
  constexpr Square jumpedSquare(int i) const {
    return static_cast<Square>((path[i] + path[i + 1]) / 2);
  }
  Bitboard capturedSquares() const {
    Bitboard b;
    for (int i = quietSteps; i < steps; ++i)
      b.set(jumpedSquare(i));
    return b;
  }

  bool operator==(const Move& o) const {
    if (kind != o.kind || steps != o.steps || quietSteps != o.quietSteps) return false;
    for (int i = 0; i <= steps; ++i)
      if (path[i] != o.path[i]) return false;
    return true;
  }
};

static_assert(sizeof(Move) == 64);

// R10: two moves are the same move when they lead to the same position.
inline bool sameOutcome(const Move& a, const Move& b) {
  return a.from() == b.from() && a.to() == b.to() && a.isCapture() == b.isCapture() &&
         (!a.isCapture() || a.capturedSquares() == b.capturedSquares());
}

}  // namespace camelot
