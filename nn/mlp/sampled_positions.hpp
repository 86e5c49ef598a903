#pragma once
// Positions of seeded random play from a variant's start, as the active features the mlp reads
// (no repetitions): what a network's units do in typical positions, read where a network is
// loaded or reshaped (nn/mlp/unit_order.hpp, nn/mlp/narrow.hpp) without a file of positions.

#include <cstdint>
#include <functional>
#include <vector>

namespace camelot {

// Calls `visit` with the active features of each of up to 4,096 positions: 64 games from the
// start, the first 64 plies of each, every move drawn uniformly with a fixed seed.
template <class Rules>
void forEachSampledPosition(const std::function<void(const std::vector<std::int32_t>&)>& visit);

}  // namespace camelot
