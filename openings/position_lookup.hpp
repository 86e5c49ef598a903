#pragma once
// What the opening database says about one position: each move played from it with its games,
// results and score for the side to move, and the line most often played after it.

#include <cstdint>
#include <string>
#include <vector>

#include "engine/position.hpp"
#include "openings/game_database.hpp"

namespace camelot {

struct OpeningMove {
  MoveStats stats;
  // The side to move's score over the games with a result (a win 1, a draw ½); -1 when none
  // has a result.
  double score = -1.0;
  // The most played move after it, then the most played after that, and so on.
  std::vector<std::string> continuation;
};

struct OpeningPosition {
  std::int64_t games = 0;          // games through the position (the sum over its moves)
  std::vector<OpeningMove> moves;  // most played first
};

// Follows the most played move up to `continuationPlies` plies after each move.
OpeningPosition lookUpPosition(GameDatabase& database, const Position& position,
                               int continuationPlies = 4);

}  // namespace camelot
