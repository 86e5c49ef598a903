#pragma once
// Fewer accumulator or hidden units for a trained mlp (`camelot net narrow`), to train on from: a
// dense layer of 16 outputs costs the integer inference half one of 32 (nn/mlp/simd.hpp), and
// the accumulator's width sets the cost of its pass and of the first dense layer, the largest
// parts of a leaf's cost in alpha-beta (docs/network.md). The accumulator and each of the two
// dense layers keep the units whose output varies most in weight where the next layers read it
// (the spread of the unit's activation over sampled positions times the size of its outgoing
// weights: the accumulator's go to the first layer and the policy's query), and each unit they
// drop is replaced by its mean activation, folded into the reading layers' biases. So the narrower
// network starts close to the wider one's outputs, not equal to them; training closes the rest.
// Widening (nn/mlp/widen.hpp) is exact, narrowing is not.

#include <cstdint>
#include <vector>

#include "nn/mlp/mlp_layout.hpp"

namespace camelot {

// The widths a narrowed mlp has: its accumulator's units and each dense layer's.
struct MlpWidths {
  int accumulator = 0, hidden = 0;
};

// `weights` with `widths` (neither more than it has, not both the same; the config's validity is
// checked by the caller), the units kept chosen by their activations in `samples` (each the active
// features of one position). Throws std::invalid_argument for widths that are not narrower.
MlpWeights narrowedMlp(const MlpWeights& weights, const MlpWidths& widths,
                       const std::vector<std::vector<std::int32_t>>& samples);

}  // namespace camelot
