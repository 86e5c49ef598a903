#pragma once
// CFEN, the position text format (README "Position format"):
// <16 rank fields, rank 16 first, '/'-separated> <side w|b> <castle moves used by White>
// <castle moves used by Black> <clock>. A rank field lists the rank's real squares from the A
// side: M/K a White man/knight, m/k a Black man/knight, a number a run of empty squares.

#include <stdexcept>
#include <string>
#include <string_view>

#include "engine/position.hpp"

namespace camelot {

inline constexpr std::string_view kStartCfen =
    "2/8/10/12/12/2kmmmmmmk2/3kmmmmk3/12/12/3KMMMMK3/2KMMMMMMK2/12/12/10/8/2 w 0 0 0";

// A malformed position text. what() is one line naming the problem and where it is.
class CfenError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// Parses a CFEN, or the word "startpos". Throws CfenError.
Position parseCfen(std::string_view text);

std::string toCfen(const Position& position);

}  // namespace camelot
