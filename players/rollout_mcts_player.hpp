#pragma once
// The classic Monte Carlo tree search baseline: UCT (UCB1 selection, no priors) over random
// playouts, for a number of simulations or a time. Named "rollout:sims=1000" (or
// "rollout:time=500ms").

#include <chrono>
#include <cstdint>
#include <optional>

#include "players/mcts_player.hpp"

namespace camelot {

struct RolloutMctsOptions {
  std::optional<int> simulations = 1000;  // a move; unset: only the time limit
  std::optional<std::chrono::milliseconds> time;
  float exploration = 1.0f;  // UCB1's constant for values in [-1, 1]
  RolloutOptions rollout;
  std::uint64_t seed = 0;
};

class RolloutMctsPlayer final : public Player {
 public:
  explicit RolloutMctsPlayer(const RolloutMctsOptions& options);

  std::string name() const override;
  Move chooseMove(const Game& game, const ThinkingBudget& budget = {}) override {
    return player_.chooseMove(game, budget);
  }
  void newGame() override { player_.newGame(); }

  const SearchResult& lastResult() const { return player_.lastResult(); }

 private:
  RolloutMctsOptions options_;
  MctsPlayer player_;
};

}  // namespace camelot
