#pragma once
// A game in progress, of either variant (engine/game_rules.hpp): the positions so far, the moves
// between them, and the end of the game by every case of the rules, repetition and the clock
// included (R9, G12), applied automatically as a self-play engine needs. One class for both:
// history, undo and the repetition count are the same code, the rules struct says how a
// position ends the game and which moves a game lists.

#include <vector>

#include "engine/game_rules.hpp"

namespace camelot {

template <class Rules>
class BasicGame {
 public:
  using Position = typename Rules::Position;
  using Move = typename Rules::Move;
  using MoveList = typename Rules::MoveList;
  using Status = typename Rules::Status;

  explicit BasicGame(const Position& start = Position::start());

  const Position& position() const { return positions_.back(); }
  const Position& startPosition() const { return positions_.front(); }
  // Every position of the game so far, the start first and the current one last.
  const std::vector<Position>& positions() const { return positions_; }
  const std::vector<Move>& moves() const { return moves_; }
  // The legal moves now (Grand Camelot's sorted by notation, a forced pass included); none once
  // the game is over. Listed on first use after each move (a replay only needs each move's own
  // piece), so a game is not to be read from two threads.
  const MoveList& legalMoves() const;
  // How the game stands: GameStatus (R9) or GrandOutcome (G12).
  const Status& status() const { return status_; }
  bool finished() const { return status_.finished(); }

  // Plays a move from legalMoves(). Throws std::logic_error if the game is over.
  void play(const Move& move);
  // Takes back the last move. Throws std::logic_error at the start.
  void undo();
  // How many times the current position (the identity Rules::sameForRepetition compares) has
  // stood.
  int repetitions() const;

 private:
  void refresh();

  std::vector<Position> positions_;
  std::vector<Move> moves_;
  mutable MoveList legal_;
  mutable bool legalListed_ = false;
  Status status_;
};

// The standard game in progress, and Grand Camelot's (its status a GrandOutcome).
using Game = BasicGame<StandardRules>;
namespace grand {
using GrandGame = BasicGame<GrandRules>;
}

}  // namespace camelot
