#pragma once
// Move notation (R1, R10): letter notation ("F6-F8-H8xH10xJ12", '-' before plain and canter
// steps, 'x' before jump steps) and the numeric notation of the 1999 WCF text ("26-27",
// "26C28C30", "26J28J30", "KC26C28J30", optionally followed by a capture count "(3M, 2K)").

#include <stdexcept>
#include <string>
#include <string_view>

#include "engine/move.hpp"
#include "engine/movegen.hpp"
#include "engine/position.hpp"

namespace camelot {

std::string toNotation(const Move& move);
std::string toNumericNotation(const Move& move);
// With the capture count of the 1999 text, e.g. "KC26C28J30 (1M)"; `before` is the position
// the move is played from.
std::string toNumericNotation(const Move& move, const Position& before);

// A move text that cannot be read, or is not legal, or matches several moves. what() is one
// line saying which and why.
class MoveError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// Reads a move of the side to move in either notation: a whole path (any legal path of the
// move, not only the written one) or, where unambiguous, just FROM-TO / FROMxTO ('x' for a
// capture). Returns the legal move with its written path. Throws MoveError.
Move parseMove(const Position& position, std::string_view text);

}  // namespace camelot
