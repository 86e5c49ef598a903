#pragma once
// The accumulator's units reordered so that units which are 0 together share an input pair of
// the first layer: simd::affine skips a pair only when both its inputs are 0, and at a search's
// leaves only about a third of the units are above the clipped ReLU's floor, so which units
// share a pair sets how many pairs it multiplies (Stockfish's trainer permutes its feature
// transformer for the same reason). The order is the network's own, read from the activations of
// positions of seeded random play when the network is quantized, so it is the same at every
// load; reordering the units changes no output (every layer reads them by the same order).

#include <cstdint>
#include <vector>

#include "nn/mlp/quantized_mlp.hpp"

namespace camelot {

// Which units are above 0 in each of several sampled positions: `live[s * units + u]`.
struct UnitActivity {
  int units = 0;
  std::vector<bool> live;
};

// An order of the `activity.units` units (new unit k is old unit order[k]) in which the pairs
// (2k, 2k + 1) are live in as few samples as a greedy pairing improved by pair swaps finds: the
// pairs that are live least often are taken first, then two pairs trade partners while that
// makes them live less often. Deterministic: ties go to the lower units. The number of units is
// even (an accumulator is padded to simd::kLanes).
std::vector<int> pairedUnitOrder(const UnitActivity& activity);

// `net` with its accumulator's units in `order` (new unit k is old unit order[k]): the feature
// columns, the accumulator's bias and the inputs of the first layer and the policy's query.
void reorderUnits(QuantizedMlp& net, const std::vector<int>& order);

// The activity of `net`'s units in positions of random play from Rules' start (a fixed seed).
template <class Rules>
UnitActivity sampledUnitActivity(const QuantizedMlp& net);

// How many of the first layer's input pairs are live, summed over `activity`'s samples.
std::uint64_t livePairs(const UnitActivity& activity, const std::vector<int>& order);

}  // namespace camelot
