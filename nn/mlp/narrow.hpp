#pragma once
// Fewer hidden units for a trained mlp (`camelot net narrow`), to train on from: a dense layer of
// 16 outputs costs the integer inference half one of 32 (nn/mlp/simd.hpp), and the first dense
// layer is the largest part of a leaf's cost in alpha-beta (docs/network.md). Each of the two
// dense layers keeps the units whose output varies most in weight where the next layer reads it
// (the spread of the unit's activation over sampled positions times the size of its outgoing
// weights), and each unit it drops is replaced by its mean activation, folded into the next
// layer's bias. So the narrower network starts close to the wider one's outputs, not equal to
// them; training closes the rest. Widening (nn/mlp/widen.hpp) is exact, narrowing is not.

#include <cstdint>
#include <vector>

#include "nn/mlp/mlp_layout.hpp"

namespace camelot {

// `weights` with `hidden` units in each dense layer (fewer than it has; the config's validity is
// checked by the caller), chosen by their activations in `samples` (each the active features of
// one position). Throws std::invalid_argument for a `hidden` that is not smaller.
MlpWeights narrowedMlp(const MlpWeights& weights, int hidden,
                       const std::vector<std::vector<std::int32_t>>& samples);

}  // namespace camelot
