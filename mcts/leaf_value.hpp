#pragma once
// What alpha-beta stands on where it stops searching: a static value of a position in
// centipawn-like units (a man is about 100) from the side to move's view. The hand-written
// evaluation (mcts/evaluation.hpp) unless a player is given another, such as a network's value
// (`netab:` players, nn/network_leaf_value.hpp).

#include "engine/movegen.hpp"
#include "engine/position.hpp"

namespace camelot {

class LeafValue {
 public:
  virtual ~LeafValue() = default;
  // `moves` are the position's legal moves (there is at least one: the game goes on).
  virtual int score(const Position& position, const MoveList& moves) = 0;
};

}  // namespace camelot
