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

// The networks that come with the program: networks/camelotzero.ckpt and networks/grand.ckpt
// of the source tree the program was built from.
std::filesystem::path shippedNetwork();
std::filesystem::path shippedGrandNetwork();

// The spec of the chosen player of the game Rules plays: --player, or else the network options
// as the `net:` spec they stand for, on the variant's shipped network without --net. Throws
// InputError when the shipped network is wanted and missing, SpecError for a bad spec or limit
// (a network of the other variant is refused when it is made).
template <class Rules>
PlayerSpec chosenSpec(const PlayerChoice& choice);
extern template PlayerSpec chosenSpec<StandardRules>(const PlayerChoice& choice);
extern template PlayerSpec chosenSpec<GrandRules>(const PlayerChoice& choice);

// The chosen player, seeded: makePlayer of chosenSpec. Throws as they do (CheckpointError for a
// bad checkpoint).
template <class Rules>
std::unique_ptr<BasicPlayer<Rules>> chosenPlayer(const PlayerChoice& choice, std::uint64_t seed) {
  return makePlayer<Rules>(chosenSpec<Rules>(choice), seed);
}

}  // namespace camelot::cli
