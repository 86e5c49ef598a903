#pragma once
// A game in progress: the positions so far, the moves between them, and the end of the game
// by every case of R9, repetition (e) and the clock (f) included, applied automatically as a
// self-play engine needs.

#include <vector>

#include "engine/movegen.hpp"
#include "engine/position.hpp"
#include "engine/rules_status.hpp"

namespace camelot {

class Game {
 public:
  explicit Game(const Position& start = Position::start());

  const Position& position() const { return positions_.back(); }
  const Position& startPosition() const { return positions_.front(); }
  // Every position of the game so far, the start first and the current one last.
  const std::vector<Position>& positions() const { return positions_; }
  const std::vector<Move>& moves() const { return moves_; }
  // The legal moves now; none once the game is over. Listed on first use after each move (a
  // replay only needs each move's own piece), so a Game is not to be read from two threads.
  const MoveList& legalMoves() const;
  GameStatus status() const { return status_; }
  bool finished() const { return status_.finished(); }

  // Plays a move from legalMoves(). Throws std::logic_error if the game is over.
  void play(const Move& move);
  // Takes back the last move. Throws std::logic_error at the start.
  void undo();

  // How many times the current position (placement, side to move, castle moves) has stood.
  int repetitions() const;

 private:
  void refresh();

  std::vector<Position> positions_;
  std::vector<Move> moves_;
  mutable MoveList legal_;
  mutable bool legalListed_ = false;
  GameStatus status_;
};

}  // namespace camelot
