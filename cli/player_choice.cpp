#include "cli/player_choice.hpp"

#include "cli/input_error.hpp"
#include "cli/variant.hpp"
#include "players/player_spec.hpp"

namespace camelot::cli {
namespace {

// Grand Camelot's network options play alpha-beta with half of each leaf's value from the
// hand-written evaluation (`hand=50`): at 100 ms a move that scored 57-0-43 against the
// hand-written alpha-beta, where the network alone scored 44-0-56 (docs/learning.md).
constexpr int kGrandHandPercent = 50;

// The network options as the spec they stand for: net:FILE,search=S[,depth=D][,sims=N][,time=MS]
// [,hand=P] (FILE the shipped network of the variant without --net; P `handPercent` where the
// search is alpha-beta), so that the registry checks them as it checks any spec.
std::string networkSpecText(const PlayerChoice& choice, const std::filesystem::path& shipped,
                            int handPercent = 0) {
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
  if (search == "alphabeta" && handPercent > 0) add("hand", handPercent);
  return spec;
}

}  // namespace

std::filesystem::path shippedNetwork() {
  return CAMELOT_SHIPPED_NETWORK;
}

std::filesystem::path shippedGrandNetwork() {
  return CAMELOT_SHIPPED_GRAND_NETWORK;
}

template <>
PlayerSpec chosenSpec<StandardRules>(const PlayerChoice& choice) {
  return PlayerSpec::parse(choice.player.empty() ? networkSpecText(choice, shippedNetwork())
                                                 : choice.player);
}

// Grand Camelot's shipped network became its programs' default by beating the tree search that
// was, `mcts:sims=400`, 14-6-0 at 100 ms a move (networks/README.md).
template <>
PlayerSpec chosenSpec<GrandRules>(const PlayerChoice& choice) {
  return PlayerSpec::parse(choice.player.empty()
                               ? networkSpecText(choice, shippedGrandNetwork(), kGrandHandPercent)
                               : choice.player);
}

}  // namespace camelot::cli
