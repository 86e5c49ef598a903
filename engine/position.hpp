#pragma once
// A Camelot position as a value: piece placement, side to move, castle moves used by each
// side (R8) and the clock of R9 f. A piece of the side to move standing on its own castle is
// the pending must-leave of R7; it needs no extra state. The Zobrist hash is kept up to date
// by every change.

#include <cstdint>
#include <optional>

#include "engine/bitboard.hpp"
#include "engine/move.hpp"
#include "engine/square.hpp"

namespace camelot {

enum class PieceKind : std::uint8_t { Man, Knight };

struct Piece {
  Color color;
  PieceKind kind;
  bool operator==(const Piece&) const = default;
};

inline constexpr int kMaxCastleMoves = 2;  // R8
inline constexpr int kClockLimit = 100;    // R9 f
inline constexpr int kMaxClock = 65535;    // what a position can store
inline constexpr int kMaxKnightsPerSide = 4;
inline constexpr int kMaxMenPerSide = 10;

class Position {
 public:
  // An empty board, White to move, no castle moves used, clock 0.
  Position() = default;
  // The start position of R1.
  static Position start();

  Bitboard pieces(Color c) const { return pieces_[index(c)]; }
  Bitboard knights(Color c) const { return pieces_[index(c)] & knights_; }
  Bitboard men(Color c) const { return pieces_[index(c)] & ~knights_; }
  Bitboard occupied() const { return pieces_[0] | pieces_[1]; }
  Bitboard emptySquares() const { return kBoard & ~occupied(); }
  std::optional<Piece> pieceAt(Square s) const;
  int pieceCount(Color c) const { return pieces_[index(c)].count(); }

  Color sideToMove() const { return sideToMove_; }
  int castleMovesUsed(Color c) const { return castleMovesUsed_[index(c)]; }
  int clock() const { return clock_; }
  std::uint64_t hash() const { return hash_; }

  // Setters for building positions (CFEN, tests). Preconditions: s is a real square; put()
  // needs it empty, remove() occupied; used in 0..2; clock >= 0.
  void put(Square s, Piece p);
  void remove(Square s);
  void setSideToMove(Color c);
  void setCastleMovesUsed(Color c, int used);
  void setClock(int clock) { clock_ = static_cast<std::uint16_t>(clock); }

  // Plays a legal move of the side to move (copy-make: positions are small values).
  void play(const Move& m);
  Position after(const Move& m) const {
    Position next = *this;
    next.play(m);
    return next;
  }

  // The same position reflected left-right (file A <-> L). Moves mirror with it.
  Position mirrored() const;
  // Colours swapped and the board turned top to bottom: White's moves here are Black's there.
  Position colorFlipped() const;

  // The hash recomputed from scratch; equals hash() in a consistent position.
  std::uint64_t computeHash() const;

  // Same placement, side to move and castle moves: the identity of R9 e (clock ignored).
  bool sameForRepetition(const Position& o) const {
    return pieces_ == o.pieces_ && knights_ == o.knights_ && sideToMove_ == o.sideToMove_ &&
           castleMovesUsed_ == o.castleMovesUsed_;
  }
  bool operator==(const Position& o) const { return sameForRepetition(o) && clock_ == o.clock_; }

 private:
  std::array<Bitboard, 2> pieces_{};
  Bitboard knights_{};
  std::uint64_t hash_ = 0;
  std::array<std::uint8_t, 2> castleMovesUsed_{};
  std::uint16_t clock_ = 0;
  Color sideToMove_ = Color::White;
};

}  // namespace camelot
