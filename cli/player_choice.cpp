#include "cli/player_choice.hpp"

#include "cli/commands.hpp"
#include "mcts/player_spec.hpp"

namespace camelot::cli {
namespace {

// --net FILE, or the shipped network when --player is not given either.
NetPlayerSpec networkOf(const PlayerChoice& choice) {
  NetPlayerSpec net;
  net.file = choice.net;
  if (net.file.empty()) {
    const std::filesystem::path shipped = shippedNetwork();
    if (!std::filesystem::exists(shipped))
      throw InputError("no --net FILE or --player SPEC given, and the shipped network " +
                       shipped.string() + " is missing");
    net.file = shipped.string();
  }
  net.simulations = choice.simulations;
  return net;
}

}  // namespace

std::filesystem::path shippedNetwork() {
  return CAMELOT_SHIPPED_NETWORK;
}

std::unique_ptr<Player> chosenPlayer(const PlayerChoice& choice, std::uint64_t seed) {
  if (choice.player.empty()) return makeNetPlayer(networkOf(choice), seed);
  return makePlayer(PlayerSpec::parse(choice.player), seed);
}

NetPlayerSpec chosenNetwork(const PlayerChoice& choice, const std::string& command) {
  if (choice.player.empty()) return networkOf(choice);
  const PlayerSpec spec = PlayerSpec::parse(choice.player);
  if (auto net = netPlayerSpec(spec)) return *net;
  throw InputError(command + " reads a network's search: --player must be net:FILE[,sims=N]" +
                   "[,time=MS][,search=gumbel|puct], not '" + spec.text() + "'");
}

}  // namespace camelot::cli
