#pragma once
// Values by random playouts: uniformly random legal moves to the end of the game (R9 a-d and
// f, G12.1-4 and 6; repetition is left out, the clock bounds a playout) or to a ply cap, where
// the material guess stands in. Priors are uniform.
//
// A playout's randomness is a function of the seed and the position evaluated, so a value does
// not depend on which other positions share its batch or in what order they come.

#include <cstdint>

#include "mcts/evaluator.hpp"

namespace camelot {

struct RolloutOptions {
  int playouts = 1;    // averaged per position: more is steadier and proportionally slower
  int maxPlies = 200;  // a random game lasts about 180 plies from the start
  std::uint64_t seed = 0;
};

template <class Rules>
class BasicRolloutEvaluator final : public BasicEvaluator<Rules> {
 public:
  explicit BasicRolloutEvaluator(const RolloutOptions& options = {}) : options_(options) {}

  void evaluate(std::span<const BasicEvaluationRequest<Rules>> requests,
                std::span<Evaluation> results) override;

 private:
  RolloutOptions options_;
  typename Rules::MoveList moves_;
};

using RolloutEvaluator = BasicRolloutEvaluator<StandardRules>;
using GrandRolloutEvaluator = BasicRolloutEvaluator<GrandRules>;

}  // namespace camelot
