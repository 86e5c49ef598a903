#pragma once
// The weakest baseline: a uniformly random legal move, in either variant.

#include <cstdint>
#include <random>

#include "players/player.hpp"

namespace camelot {

template <class Rules>
class BasicRandomPlayer final : public BasicPlayer<Rules> {
 public:
  using Game = typename Rules::Game;
  using Move = typename Rules::Move;

  explicit BasicRandomPlayer(std::uint64_t seed) : rng_(seed) {}

  std::string name() const override { return "random"; }
  Move chooseMove(const Game& game, const ThinkingBudget& = {}) override {
    const auto& moves = game.legalMoves();
    return moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng_)];
  }

 private:
  std::mt19937_64 rng_;
};

using RandomPlayer = BasicRandomPlayer<StandardRules>;
using GrandRandomPlayer = BasicRandomPlayer<GrandRules>;

}  // namespace camelot
