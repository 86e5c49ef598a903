#include "nn/training_sample.hpp"

#include "mcts/evaluator.hpp"
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
  const Wdl root = wdlFromExpected(sample.rootValue);
  std::array<float, 3> target{w * root.win, w * root.draw, w * root.loss};
  target[static_cast<std::size_t>(1 - sample.result)] += 1.0f - w;  // +1 win, 0 draw, -1 loss
  return target;
}

}  // namespace camelot
