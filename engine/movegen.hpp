#pragma once
// The move generator: every distinct legal move (R2-R8, deduplicated by outcome as R10 says),
// each with the path its notation writes. It does not look at the end of the game (R9): see
// rules_status.hpp, whose legalMoves() gives a finished position no moves.

#include <cstddef>
#include <vector>

#include "engine/move.hpp"
#include "engine/position.hpp"

namespace camelot {

// A reusable list of moves. Keeping one alive across calls avoids reallocating.
class MoveList {
 public:
  using const_iterator = std::vector<Move>::const_iterator;

  std::size_t size() const { return moves_.size(); }
  bool empty() const { return moves_.empty(); }
  const Move& operator[](std::size_t i) const { return moves_[i]; }
  Move& operator[](std::size_t i) { return moves_[i]; }
  const_iterator begin() const { return moves_.begin(); }
  const_iterator end() const { return moves_.end(); }
  void clear() { moves_.clear(); }
  void push_back(const Move& m) { moves_.push_back(m); }
  // A new move at the end, to be filled in place: writing a move's few bytes into a scratch move
  // and copying all 64 of them would read them back before the writes land (a store-forwarding
  // stall that was a third of the generator's time).
  Move& emplace_back() { return moves_.emplace_back(); }
  template <class Predicate>
  void eraseIf(Predicate predicate) {
    std::erase_if(moves_, predicate);
  }

 private:
  std::vector<Move> moves_;
};

// Fills `out` with the moves of the side to move, in no particular order.
void generateMoves(const Position& position, MoveList& out);

// The same, as a new list.
MoveList generateMoves(const Position& position);

// The number of moves generateMoves lists, without writing the plain moves and canters out
// (perft's last ply). `scratch` holds the captures meanwhile.
std::size_t countMoves(const Position& position, MoveList& scratch);

// The moves generateMoves lists that capture or enter the goal from off it (a castle move within
// the goal does not), in its order: all that a search's horizon and the networks' tactical
// features read of the moves, without the canter trees the rest would cost. Returns whether
// generateMoves lists any other move.
bool generateTacticalMoves(const Position& position, MoveList& out);

// The moves of the pieces on `pieces` alone, as generateMoves lists them: the obligations of
// R4 and R7 still come from the whole position. Reading or checking a move needs only its
// piece's moves.
void generateMovesOf(const Position& position, Bitboard pieces, MoveList& out);

// Whether the side to move has any move (R9 d), found without listing them all.
bool hasMoves(const Position& position);

}  // namespace camelot
