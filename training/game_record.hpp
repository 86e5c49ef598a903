#pragma once
// A finished game as it is saved: the start position, the moves in letter notation, the
// result and its reason, and who played. One JSON object per line of a games file.

#include <string>
#include <vector>

#include "engine/game.hpp"

namespace camelot {

struct GameRecord {
  int game = 0;       // its number within its match or run, from 1
  std::string white;  // player specs
  std::string black;
  Position start;
  std::vector<Move> moves;
  GameStatus status;
  std::string note;  // why the referee ended it (a forfeit's reason); usually empty

  // {"game": N, "white": ..., "black": ..., "start": CFEN, "moves": [...], "result":
  // "white"|"black"|"draw",
  //  "reason": "castle"|..., "plies": N[, "note": ...]} on one line ("note" only when set).
  std::string toJsonLine() const;
};

}  // namespace camelot
