#pragma once
// Values by random playouts: uniformly random legal moves to the end of the game (R9 a-d and
// f; repetition is left out, the clock bounds a playout) or to a ply cap, where the material
// guess stands in. Priors are uniform.
//
// A playout's randomness is a function of the seed and the position evaluated, so a value does
// not depend on which other positions share its batch or in what order they come.

#include <cstdint>

#include "engine/movegen.hpp"
#include "mcts/evaluator.hpp"

namespace camelot {

struct RolloutOptions {
  int playouts = 1;    // averaged per position: more is steadier and proportionally slower
  int maxPlies = 200;  // a random game lasts about 180 plies from the start
  std::uint64_t seed = 0;
};

class RolloutEvaluator final : public Evaluator {
 public:
  explicit RolloutEvaluator(const RolloutOptions& options = {}) : options_(options) {}

  void evaluate(std::span<const EvaluationRequest> requests,
                std::span<Evaluation> results) override;

 private:
  RolloutOptions options_;
  MoveList moves_;
};

}  // namespace camelot
