#pragma once
// The network-free stand-in: equal priors over the legal moves and a value that is zero or a
// material guess. It makes search testable and measurable without a network.

#include <cstdint>

#include "mcts/evaluator.hpp"

namespace camelot {

enum class UniformValue : std::uint8_t {
  Zero,      // every position looks drawn
  Material,  // materialValue(): the material balance for the side to move
};

class UniformEvaluator final : public Evaluator {
 public:
  explicit UniformEvaluator(UniformValue value = UniformValue::Material) : value_(value) {}

  void evaluate(std::span<const EvaluationRequest> requests,
                std::span<Evaluation> results) override;

 private:
  UniformValue value_;
};

}  // namespace camelot
