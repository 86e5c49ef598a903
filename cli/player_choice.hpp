#pragma once
// Who answers in `play`, `analyze` and `engine`: a network (`--net FILE`, by default the
// shipped one, networks/README.md) searched as `--search` and its limits say, or `--player
// SPEC`, any spec of the player registry (players/player_factory.hpp).

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "players/player.hpp"
#include "players/player_factory.hpp"
#include "players/player_spec.hpp"

namespace camelot::cli {

struct PlayerChoice {
  std::string net;           // a checkpoint; empty: the shipped network
  std::string search;        // alphabeta, puct or gumbel; empty: puct with --sims, else alphabeta
  std::optional<int> depth;  // alpha-beta's plies
  std::optional<int> simulations;   // a tree search's simulations
  std::optional<int> milliseconds;  // a move
  std::string player;               // a player spec instead of all the above
};

// The network that comes with the program: networks/camelotzero.ckpt of the source tree the
// program was built from.
std::filesystem::path shippedNetwork();

// The chosen player of the game Rules plays, seeded: in the standard game the network options
// or --player; in Grand Camelot --player (chosenGrandSpec). Throws InputError when the shipped
// network is wanted and missing, UsageError for network options in Grand Camelot, SpecError (or
// CheckpointError) for a bad spec, limit or checkpoint.
template <class Rules>
std::unique_ptr<BasicPlayer<Rules>> chosenPlayer(const PlayerChoice& choice, std::uint64_t seed);
template <>
std::unique_ptr<Player> chosenPlayer<StandardRules>(const PlayerChoice& choice, std::uint64_t seed);
template <>
std::unique_ptr<GrandPlayer> chosenPlayer<GrandRules>(const PlayerChoice& choice,
                                                      std::uint64_t seed);

// The chosen network and its search, for commands that read the search itself (analyze):
// --player must then be a `net:` spec.
NetPlayerSpec chosenNetwork(const PlayerChoice& choice, const std::string& command);

// Grand Camelot's chosen player: --player SPEC, kDefaultGrandPlayer (cli/variant.hpp) without
// one. Throws UsageError when a network option is given (they name a standard network).
PlayerSpec chosenGrandSpec(const PlayerChoice& choice);

}  // namespace camelot::cli
