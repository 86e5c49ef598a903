#include "nn/training_sample.hpp"

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

}  // namespace camelot
