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

// Checks a spec without keeping the player (for errors before any game starts); an
// `engine:CMD` is not started, so a command that fails shows only in its games.
void validatePlayerSpec(const PlayerSpec& spec);

// "random, greedy, ...": every kind makePlayer knows.
std::string knownPlayerKinds();

}  // namespace camelot
