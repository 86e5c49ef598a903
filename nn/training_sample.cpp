#include "nn/training_sample.hpp"

#include <algorithm>
#include <cmath>

#include "nn/encoding.hpp"

namespace camelot {

TrainingSample TrainingSample::mirrored() const {
  TrainingSample m = *this;
  m.position = position.mirrored();
  for (Position& p : m.history)
    p = p.mirrored();
  for (std::int32_t& index : m.policyIndices)
    index = mirroredPolicyIndex(index);
  return m;
}

std::array<float, 3> valueTarget(const TrainingSample& sample, double rootValueWeight) {
  const auto w = static_cast<float>(rootValueWeight);
  const float v = std::clamp(sample.rootValue, -1.0f, 1.0f);
  std::array<float, 3> target{w * std::max(v, 0.0f), w * (1.0f - std::abs(v)),
                              w * std::max(-v, 0.0f)};
  target[static_cast<std::size_t>(1 - sample.result)] += 1.0f - w;  // +1 win, 0 draw, -1 loss
  return target;
}

}  // namespace camelot
