#pragma once
// The position a command works on, in either variant: a CFEN or GFEN (or "startpos") and moves
// played from it, with errors that name the bad move by its number; and how a game stands, in
// words.

#include <string>

#include "engine/game.hpp"

namespace camelot::cli {

// Throws InputError for an illegal move or one after the end of the game, CfenError (GfenError)
// for a bad position. Grand Camelot's moves are read in its notation, or key, or FROM-TO where
// that names one move.
template <class Rules = StandardRules>
BasicGame<Rules> gameFromMoves(const std::string& fen, const std::string& moves);
template <>
Game gameFromMoves<StandardRules>(const std::string& fen, const std::string& moves);
template <>
grand::GrandGame gameFromMoves<GrandRules>(const std::string& fen, const std::string& moves);

// "in progress", "White wins (goal)", "draw (repetition)".
std::string statusText(const GameStatus& status);
// "in progress", "rb wins (castle)", "draw (material)".
std::string statusText(const grand::GrandOutcome& outcome);

}  // namespace camelot::cli
