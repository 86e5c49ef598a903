#pragma once
// The network-free stand-in: equal priors over the legal moves and a value that is zero or a
// material guess. It makes search testable and measurable without a network.

#include <cstdint>

#include "mcts/evaluator.hpp"
#include "mcts/material_value.hpp"

namespace camelot {

enum class UniformValue : std::uint8_t {
  Zero,      // every position looks drawn
  Material,  // materialValue(): the material balance for the side to move
};

template <class Rules>
class BasicUniformEvaluator final : public BasicEvaluator<Rules> {
 public:
  explicit BasicUniformEvaluator(UniformValue value = UniformValue::Material) : value_(value) {}

  void evaluate(std::span<const BasicEvaluationRequest<Rules>> requests,
                std::span<Evaluation> results) override {
    for (std::size_t i = 0; i < requests.size(); ++i) {
      const std::size_t count = requests[i].moves->size();
      results[i].priors.assign(count, count > 0 ? 1.0f / static_cast<float>(count) : 0.0f);
      results[i].value = value_ == UniformValue::Material
                             ? wdlFromExpected(materialValue(*requests[i].position))
                             : Wdl{};
    }
  }

 private:
  UniformValue value_;
};

using UniformEvaluator = BasicUniformEvaluator<StandardRules>;
using GrandUniformEvaluator = BasicUniformEvaluator<GrandRules>;

}  // namespace camelot
