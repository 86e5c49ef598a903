#pragma once
// Grand Camelot's one-ply baseline, as GreedyPlayer is the standard game's: the move that wins
// at once for the mover's partnership if there is one, else the one that captures the most
// material (a knight counts as two men), ties broken by the steps it gains toward the mover's
// goal castle, then at random.

#include <cstdint>
#include <random>

#include "players/player.hpp"

namespace camelot {

class GrandGreedyPlayer final : public GrandPlayer {
 public:
  explicit GrandGreedyPlayer(std::uint64_t seed) : rng_(seed) {}

  std::string name() const override { return "greedy"; }
  grand::GrandMove chooseMove(const grand::GrandGame& game,
                              const ThinkingBudget& budget = {}) override;

 private:
  std::mt19937_64 rng_;
};

}  // namespace camelot
