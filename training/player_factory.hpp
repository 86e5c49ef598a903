#pragma once
// Players by name: turns a PlayerSpec (`random`, `greedy`, ...) into a fresh, seeded player.

#include <cstdint>
#include <memory>
#include <string>

#include "mcts/player.hpp"
#include "mcts/player_spec.hpp"

namespace camelot {

// Throws SpecError for an unknown kind or a bad option.
std::unique_ptr<Player> makePlayer(const PlayerSpec& spec, std::uint64_t seed);

// Checks a spec without keeping the player (for errors before any game starts).
void validatePlayerSpec(const PlayerSpec& spec);

// "random, greedy, ...": the kinds makePlayer knows.
std::string knownPlayerKinds();

}  // namespace camelot
