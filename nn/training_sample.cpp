#include "nn/training_sample.hpp"

#include "mcts/evaluator.hpp"
#include "nn/features/encoding.hpp"

namespace camelot {

TrainingSample mirrored(const TrainingSample& sample) {
  TrainingSample m = sample;
  m.position = sample.position.mirrored();
  for (Position& p : m.history)
    p = p.mirrored();
  for (std::int32_t& index : m.policyIndices)
    index = mirroredPolicyIndex(index);
  return m;
}

std::array<float, 3> valueTarget(std::int8_t result, float rootValue, double rootValueWeight) {
  const auto w = static_cast<float>(rootValueWeight);
  const Wdl root = wdlFromExpected(rootValue);
  std::array<float, 3> target{w * root.win, w * root.draw, w * root.loss};
  target[static_cast<std::size_t>(1 - result)] += 1.0f - w;  // +1 win, 0 draw, -1 loss
  return target;
}

}  // namespace camelot
