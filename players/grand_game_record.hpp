#pragma once
// A finished Grand Camelot game as it is saved: one JSON object a line, as GameRecord is for
// the standard game, with the partnerships' players in place of White's and Black's.

#include <string>
#include <vector>

#include "engine/game.hpp"

namespace camelot {

struct GrandGameRecord {
  int game = 0;    // its number within its match, from 1
  std::string rb;  // the player specs of the partnerships: Red and Blue, Green and Yellow
  std::string gy;
  grand::GrandPosition start;
  std::vector<grand::GrandMove> moves;
  grand::GrandOutcome outcome;  // reason "adjudicated" for a game stopped by a length cap

  // {"game": N, "variant": "grand", "rb": ..., "gy": ..., "start": GFEN, "moves": [...],
  //  "result": "rb"|"gy"|"draw", "reason": "castle"|..., "plies": N} on one line.
  std::string toJsonLine() const;
};

// "rb", "gy" or "draw".
std::string grandResultName(const grand::GrandOutcome& outcome);

}  // namespace camelot
