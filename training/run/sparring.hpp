#pragma once
// Sparring partners ([selfplay] sparring_partners, sparring_fraction): players that take one side
// of a share of a run's self-play games, so that the network meets play its own does not show
// it (Grand Camelot's hand-written alpha-beta races a piece to a castle, which the network's
// games with itself rarely do). Which games, which side and which partner follow from the run's
// seed, the generation and the game's number alone, as a game's start does.

#include <cstdint>
#include <optional>
#include <string>

#include "training/run/train_config.hpp"

namespace camelot {

// A sparring game's partner: the side it plays (0 or 1) and its player spec.
struct SparringSide {
  int side = 1;
  std::string spec;
  bool operator==(const SparringSide&) const = default;
};

// Game `number` of `generation`'s partner: sparring_fraction of the games, the side in turn by
// the number and the partner every second game; none for a game the network plays itself.
std::optional<SparringSide> sparringSideOf(const TrainConfig& config, std::int64_t generation,
                                           int number);

}  // namespace camelot
