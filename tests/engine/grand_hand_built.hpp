#pragma once
// Hand-built Grand Camelot positions the tests of several layers share, and a legality check
// for a move a player chose.

#include <algorithm>

#include "engine/game.hpp"

namespace camelot::grand_hand_built {

// Red holds H16 of his goal castle and can step I15-I16 to hold both (G12.1); H16-I16 is a
// castle move that does not win.
inline constexpr const char* kRedWinsAtOnce =
    "R1/4r3/10/12/14/14/14/16/3g4y7/14/14/1b12/12/10/8/2 r 0 0 0 0 0";
// Red must capture (G5): E5xE7 takes a man, J5xJ7 a knight.
inline constexpr const char* kTwoCaptures =
    "2/8/10/12/12y1/14/1b12/16/16/14/3g4G5/3r4r5/12/10/8/2 r 0 0 0 0 0";

// Whether `move` is one of the game's legal moves (G13: the same key).
inline bool isLegal(const grand::GrandGame& game, const grand::GrandMove& move) {
  return std::ranges::any_of(game.legalMoves(), [&](const grand::GrandMove& m) {
    return grand::moveKey(m) == grand::moveKey(move);
  });
}

}  // namespace camelot::grand_hand_built
