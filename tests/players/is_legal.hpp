#pragma once
// Whether a player's move is among the game's legal moves, for the players' tests.

#include "engine/game.hpp"

namespace camelot::testing_support {

inline bool isLegal(const Game& game, const Move& move) {
  for (const Move& m : game.legalMoves())
    if (m == move) return true;
  return false;
}

}  // namespace camelot::testing_support
