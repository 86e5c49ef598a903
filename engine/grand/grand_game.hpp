#pragma once
// A Grand Camelot game in progress: the positions so far, the moves between them, and the end
// of the game by every case of G12, repetition (5) and the clock (6) included, applied
// automatically as the standard game's Game applies R9 e and f.

#include <vector>

#include "engine/grand/grand_rules.hpp"

namespace camelot::grand {

// G12.6: the clock that ends a game.
inline constexpr int kClockLimit = 200;

// G12.5's identity: placement, player to move, castle moves used (the clock aside).
bool sameForRepetition(const GrandPosition& a, const GrandPosition& b);
// A hash of that identity (equal positions by sameForRepetition hash equal).
std::uint64_t repetitionHash(const GrandPosition& position);

// G12.1-6 of a position whose legal moves are known (legalMoves: none once 1-4 end the game),
// given whether it stands for the third time (5); 6 reads its clock.
GrandOutcome gameOutcome(const GrandPosition& position, const std::vector<GrandMove>& legal,
                         bool standsForTheThirdTime);

class GrandGame {
 public:
  explicit GrandGame(const GrandPosition& start = GrandPosition::start());

  const GrandPosition& position() const { return positions_.back(); }
  // Every position so far, the start first and the current one last.
  const std::vector<GrandPosition>& positions() const { return positions_; }
  const std::vector<GrandMove>& moves() const { return moves_; }
  // The legal moves now (a forced pass included); none once the game is over.
  const std::vector<GrandMove>& legalMoves() const { return legal_; }
  const GrandOutcome& outcome() const { return outcome_; }
  bool finished() const { return outcome_.finished(); }

  // Plays a move of legalMoves(). Throws std::logic_error if the game is over.
  void play(const GrandMove& move);
  // Takes back the last move. Throws std::logic_error at the start.
  void undo();

  // How many times the current position (G12.5's identity) has stood.
  int repetitions() const;

 private:
  void refresh();

  std::vector<GrandPosition> positions_;
  std::vector<GrandMove> moves_;
  std::vector<GrandMove> legal_;
  GrandOutcome outcome_;
};

}  // namespace camelot::grand
