#include "mcts/rollout_evaluator.hpp"

#include <algorithm>
#include <random>

#include "engine/random/splitmix64.hpp"
#include "mcts/material_value.hpp"

namespace camelot {
namespace {

// One random game from `start`, scored for start's side to move (the sides alternate at every
// ply, so a value `ply` plies on is flipped when ply is odd).
template <class Rules>
Wdl playout(typename Rules::Position p, int maxPlies, std::mt19937_64& rng,
            typename Rules::MoveList& moves) {
  for (int ply = 0;; ++ply) {
    Rules::legalMoves(p, moves);
    const bool ours = ply % 2 == 0;
    if (const std::optional<int> value = Rules::finalValue(p, moves, false)) {
      if (*value == 0) return Wdl{};
      return (*value > 0) == ours ? Wdl{1.0f, 0.0f, 0.0f} : Wdl{0.0f, 0.0f, 1.0f};
    }
    if (ply >= maxPlies) {
      const Wdl guess = wdlFromExpected(materialValue(p));
      return ours ? guess : guess.flipped();
    }
    p = Rules::after(p,
                     moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
  }
}

}  // namespace

template <class Rules>
void BasicRolloutEvaluator<Rules>::evaluate(std::span<const BasicEvaluationRequest<Rules>> requests,
                                            std::span<Evaluation> results) {
  for (std::size_t i = 0; i < requests.size(); ++i) {
    const typename Rules::Position& position = *requests[i].position;
    const std::size_t count = requests[i].moves->size();
    results[i].priors.assign(count, count > 0 ? 1.0f / static_cast<float>(count) : 0.0f);

    // The position alone (with the seed) decides its playouts, whatever the batch order.
    const std::uint64_t key =
        Rules::hash(position) + static_cast<std::uint64_t>(Rules::clock(position));
    std::mt19937_64 rng(mixSeed(options_.seed ^ mixSeed(key, 0), 0));
    Wdl sum{0.0f, 0.0f, 0.0f};
    const int playouts = std::max(1, options_.playouts);
    for (int k = 0; k < playouts; ++k) {
      const Wdl w = playout<Rules>(position, options_.maxPlies, rng, moves_);
      sum.win += w.win;
      sum.draw += w.draw;
      sum.loss += w.loss;
    }
    const auto n = static_cast<float>(playouts);
    results[i].value = {sum.win / n, sum.draw / n, sum.loss / n};
  }
}

template class BasicRolloutEvaluator<StandardRules>;
template class BasicRolloutEvaluator<GrandRules>;

}  // namespace camelot
