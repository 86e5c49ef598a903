#pragma once
// The position a command works on: a CFEN (or "startpos") and moves played from it, with
// errors that name the bad move by its number.

#include <string>

#include "engine/game.hpp"

namespace camelot::cli {

// Throws InputError for an illegal move or one after the end of the game, CfenError for a bad
// CFEN.
Game gameFromMoves(const std::string& fen, const std::string& moves);

// "in progress", "White wins (goal)", "draw (repetition)".
std::string statusText(const GameStatus& status);

// The same for Grand Camelot: a GFEN (or "startpos") and moves in its notation (or key, or
// FROM-TO where that names one move), played in a GrandGame.
grand::GrandGame grandGameFromMoves(const std::string& fen, const std::string& moves);

// "in progress", "rb wins (castle)", "draw (material)".
std::string outcomeText(const grand::GrandOutcome& outcome);

}  // namespace camelot::cli
