#pragma once
// The mean of several trained mlps of one shape, weight by weight (`camelot net average`): the
// networks a few runs continued from one parent learn in the same basin, so their mean is a
// network too, and its errors are the mean of theirs (a "model soup", or stochastic weight
// averaging over one run's last generations), at the cost of one network.

#include <span>

#include "nn/mlp/mlp_layout.hpp"

namespace camelot {

// Every tensor of the mlp layout the mean of `networks`' (at least one, all of one config).
// Throws std::invalid_argument for none or for configs that differ.
MlpWeights averagedMlp(std::span<const MlpWeights> networks);

}  // namespace camelot
