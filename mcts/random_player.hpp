#pragma once
// The weakest baseline: a uniformly random legal move.

#include <cstdint>
#include <random>

#include "mcts/player.hpp"

namespace camelot {

class RandomPlayer final : public Player {
 public:
  explicit RandomPlayer(std::uint64_t seed) : rng_(seed) {}

  std::string name() const override { return "random"; }
  Move chooseMove(const Game& game, const ThinkingBudget& budget = {}) override;

 private:
  std::mt19937_64 rng_;
};

}  // namespace camelot
