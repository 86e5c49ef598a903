#pragma once
// One ply of lookahead: the move that wins at once if there is one, else the one that captures
// the most material (a knight counts as two men), ties broken by advancement toward the goal,
// then at random.

#include <cstdint>
#include <random>

#include "players/player.hpp"

namespace camelot {

class GreedyPlayer final : public Player {
 public:
  explicit GreedyPlayer(std::uint64_t seed) : rng_(seed) {}

  std::string name() const override { return "greedy"; }
  Move chooseMove(const Game& game, const ThinkingBudget& budget = {}) override;

 private:
  std::mt19937_64 rng_;
};

}  // namespace camelot
