#pragma once
// How far an mlp's integer inference (nn/mlp/quantized_mlp.hpp) is from its float reference,
// over positions of seeded random games: the figures docs/network.md gives for the shipped
// networks, what the tests bound, and what `camelot net check` prints for any mlp.

#include <cstdint>
#include <vector>

#include "mcts/evaluator.hpp"
#include "nn/mlp/mlp_model.hpp"

namespace camelot {

template <class Rules>
struct PositionWithMoves {
  typename Rules::Position position;
  typename Rules::MoveList moves;
};

// `count` positions of seeded random games of Rules, with their legal moves: each game from the
// start, every position until it ends, then the next game.
template <class Rules>
std::vector<PositionWithMoves<Rules>> randomGamePositions(int count, std::uint64_t seed);

// The largest differences between two evaluations of the same positions: in the expected score
// (win - loss; also its mean), in each of W, D and L, and in any move's prior.
struct QuantizationError {
  double expected = 0.0, meanExpected = 0.0, wdl = 0.0, prior = 0.0;
};

template <class Rules>
QuantizationError quantizationError(BasicEvaluator<Rules>& quantized,
                                    BasicEvaluator<Rules>& reference,
                                    const std::vector<PositionWithMoves<Rules>>& positions);

// `weights` in integers against float on `count` positions of random games of its variant.
QuantizationError quantizationError(const MlpWeights& weights, int count, std::uint64_t seed);

}  // namespace camelot
