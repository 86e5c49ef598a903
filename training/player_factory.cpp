#include "training/player_factory.hpp"

#include "mcts/greedy_player.hpp"
#include "mcts/random_player.hpp"

namespace camelot {

std::unique_ptr<Player> makePlayer(const PlayerSpec& spec, std::uint64_t seed) {
  if (spec.kind() == "random") {
    spec.expectOnly({});
    return std::make_unique<RandomPlayer>(seed);
  }
  if (spec.kind() == "greedy") {
    spec.expectOnly({});
    return std::make_unique<GreedyPlayer>(seed);
  }
  throw SpecError("player '" + spec.text() + "': unknown kind '" + spec.kind() +
                  "' (players: " + knownPlayerKinds() + ")");
}

void validatePlayerSpec(const PlayerSpec& spec) {
  makePlayer(spec, 0);
}

std::string knownPlayerKinds() {
  return "random, greedy";
}

}  // namespace camelot
