#pragma once
// Who answers in `play`, `analyze` and `engine`: `--net FILE` (the network's PUCT search with
// `--sims` simulations a move) or `--player SPEC`, any spec of the player registry
// (training/player_factory.hpp); with neither, the shipped network (networks/README.md) as if
// it were --net.

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

#include "mcts/player.hpp"
#include "training/player_factory.hpp"

namespace camelot::cli {

struct PlayerChoice {
  std::string net;     // a network checkpoint, or
  std::string player;  // a player spec
  int simulations;     // a move, for --net
};

// The network that comes with the program: networks/camelotzero.ckpt of the source tree the
// program was built from.
std::filesystem::path shippedNetwork();

// The chosen player, seeded. Throws InputError when neither is given and the shipped network is
// missing, SpecError (or CheckpointError) for a bad spec or checkpoint.
std::unique_ptr<Player> chosenPlayer(const PlayerChoice& choice, std::uint64_t seed);

// The chosen network search, for commands that read the search itself (analyze): --player
// must then be a `net:` spec.
NetPlayerSpec chosenNetwork(const PlayerChoice& choice, const std::string& command);

}  // namespace camelot::cli
