#pragma once
// `camelot play`'s options, read by its standard session (cli/play_command.cpp) and its Grand
// Camelot one (cli/grand_play_session.cpp).

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>

#include "cli/player_choice.hpp"
#include "engine/variant.hpp"

namespace camelot::cli {

struct PlayOptions {
  PlayerChoice choice;
  std::string color = "white";  // the human's side: "white" or "black"
  std::string fen = "startpos";
  std::optional<Variant> variant;  // --variant; none: the position's
  std::string seat = "red";        // Grand Camelot: the human's seat
  std::uint64_t seed = 1;
  std::string out;  // a games file the game is added to when the session ends ("": none)
};

// The Grand Camelot session: the person in one seat, programs in the other three, reading moves
// and commands from `in` until the game ends, the person quits, or `in` ends.
void runGrandPlay(const PlayOptions& options, std::istream& in, std::ostream& out);

}  // namespace camelot::cli
