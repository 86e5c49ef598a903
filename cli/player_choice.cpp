#include "cli/player_choice.hpp"

#include <type_traits>

#include "cli/input_error.hpp"
#include "cli/variant.hpp"
#include "players/player_spec.hpp"

namespace camelot::cli {
namespace {

// The network options as the spec they stand for: net:FILE,search=S[,depth=D][,sims=N][,time=MS]
// (FILE the shipped network of the variant without --net), so that the registry checks them as
// it checks any spec.
std::string networkSpecText(const PlayerChoice& choice, const std::filesystem::path& shipped) {
  std::string file = choice.net;
  if (file.empty()) {
    if (!std::filesystem::exists(shipped))
      throw InputError("no --net FILE or --player SPEC given, and the shipped network " +
                       shipped.string() + " is missing");
    file = shipped.string();
  }
  const std::string search = !choice.search.empty() ? choice.search
                             : choice.simulations   ? "puct"
                                                    : "alphabeta";
  std::string spec = "net:" + file + ",search=" + search;
  const auto add = [&](const char* key, const std::optional<int>& value) {
    if (value) spec += std::string(",") + key + "=" + std::to_string(*value);
  };
  add("depth", choice.depth);
  add("sims", choice.simulations);
  add("time", choice.milliseconds);
  return spec;
}

}  // namespace

std::filesystem::path shippedNetwork() {
  return CAMELOT_SHIPPED_NETWORK;
}

std::filesystem::path shippedGrandNetwork() {
  return CAMELOT_SHIPPED_GRAND_NETWORK;
}

// Both games' programs play the variant's shipped network alone by default: Grand Camelot's, the
// wider network shipped on 2026-12-05, scores more alone (0.735 against the hand-written
// alpha-beta) than with half of each leaf's value from the hand-written evaluation (0.650;
// networks/README.md).
template <class Rules>
PlayerSpec chosenSpec(const PlayerChoice& choice) {
  const std::filesystem::path shipped =
      std::is_same_v<Rules, GrandRules> ? shippedGrandNetwork() : shippedNetwork();
  return PlayerSpec::parse(choice.player.empty() ? networkSpecText(choice, shipped)
                                                 : choice.player);
}

template PlayerSpec chosenSpec<StandardRules>(const PlayerChoice& choice);
template PlayerSpec chosenSpec<GrandRules>(const PlayerChoice& choice);

}  // namespace camelot::cli
