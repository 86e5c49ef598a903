#pragma once
// The opening database's key of the position after `moves` (notation, spaces between) from the
// start: the position's hash.

#include <cstdint>
#include <sstream>
#include <string>

#include "engine/game.hpp"
#include "engine/notation.hpp"

namespace camelot::testing_support {

inline std::uint64_t keyAfter(const std::string& moves) {
  Game game;
  std::istringstream in(moves);
  for (std::string move; in >> move;)
    game.play(parseMove(game.position(), move));
  return game.position().hash();
}

}  // namespace camelot::testing_support
