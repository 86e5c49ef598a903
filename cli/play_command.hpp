#pragma once
// `camelot play`'s options, read by its session (cli/play_command.cpp) and the seats of each
// variant (cli/play_seats.hpp).

#include <cstdint>
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

}  // namespace camelot::cli
