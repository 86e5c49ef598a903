#pragma once
// perft divided by the root's moves, in either variant (engine/game_rules.hpp): each distinct
// legal move with the perft of the position after it, `depth` - 1 plies (R10, G13), in the
// order Rules::legalMoves lists them; a finished position has none. Depth >= 1.

#include <cstdint>
#include <utility>
#include <vector>

#include "engine/game_rules.hpp"

namespace camelot {

template <class Rules>
std::vector<std::pair<typename Rules::Move, std::uint64_t>> perftDivide(
    const typename Rules::Position& position, int depth) {
  typename Rules::MoveList moves;
  Rules::legalMoves(position, moves);
  std::vector<std::pair<typename Rules::Move, std::uint64_t>> divided;
  for (const typename Rules::Move& move : moves)
    divided.emplace_back(move, Rules::perft(Rules::after(position, move), depth - 1));
  return divided;
}

}  // namespace camelot
