#include "players/rollout_mcts_player.hpp"

#include <string>

namespace camelot {
namespace {

MctsPlayerOptions uctOptions(const RolloutMctsOptions& options) {
  MctsPlayerOptions o;
  o.search = SearchKind::Puct;
  o.evaluator = EvaluatorKind::Rollout;
  o.simulations = options.simulations;
  o.time = options.time;
  o.params.selection = SelectionRule::Ucb1;
  o.params.ucbConstant = options.exploration;
  o.rollout = options.rollout;
  o.seed = options.seed;
  return o;
}

}  // namespace

RolloutMctsPlayer::RolloutMctsPlayer(const RolloutMctsOptions& options)
    : options_(options), player_(uctOptions(options)) {}

std::string RolloutMctsPlayer::name() const {
  std::string text = "rollout:";
  if (options_.simulations) text += "sims=" + std::to_string(*options_.simulations);
  if (options_.simulations && options_.time) text += ",";
  if (options_.time) text += "time=" + std::to_string(options_.time->count()) + "ms";
  return text;
}

}  // namespace camelot
