#pragma once
// A network's value as alpha-beta's leaf value (mcts/leaf_value.hpp): the model's expected
// score (win - loss) for the side to move, scaled to centipawn-like units, one position at a
// time (the fast network answers a single position in a few microseconds). Alpha-beta keeps no
// game history at its leaves, so a model that reads earlier positions sees none.

#include <memory>

#include "mcts/leaf_value.hpp"
#include "nn/model.hpp"

namespace camelot {

// An expected score of 1 (a sure win) is worth this many units: ten men of the hand-written
// evaluation, still far below the search's proven wins (kWinThreshold).
inline constexpr int kNetworkValueScale = 1000;

std::unique_ptr<LeafValue> makeNetworkLeafValue(const Model& model);

}  // namespace camelot
