#pragma once
// Wider layers for a trained mlp that compute the same function, so that training can go on
// from it with more units (`camelot net widen`): each new unit is a copy of an old one (its
// incoming weights and bias), and the old unit's weights into the next layer are split between
// the two at random shares that add up to the original, as Net2Net widens a layer. The two
// units then have the same activation and together the old weight, so every output is the
// narrower network's (to float rounding), and the different shares give the copies different
// gradients, so training pulls them apart.

#include <cstdint>

#include "nn/mlp/mlp_layout.hpp"

namespace camelot {

// `weights` with `accumulator` units (more than it has; the config's validity is checked by the
// caller): new unit j copies unit (j - old) mod old, and each copy's share of its source's
// outgoing weight (into the first dense layer and the policy's query) is drawn from [0.25, 0.75]
// with `seed`. Throws std::invalid_argument for an `accumulator` that is not larger.
MlpWeights widenedMlp(const MlpWeights& weights, int accumulator, std::uint64_t seed);

// `weights` with `hidden` units in each of its two dense layers (more than it has), each layer
// widened as above: the first layer's copies share their weights into the second, the second's
// their weights into the heads. Throws std::invalid_argument for a `hidden` that is not larger.
MlpWeights widenedHidden(const MlpWeights& weights, int hidden, std::uint64_t seed);

}  // namespace camelot
