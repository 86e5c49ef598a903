#include "mcts/uniform_evaluator.hpp"

#include "mcts/material_value.hpp"

namespace camelot {

void UniformEvaluator::evaluate(std::span<const EvaluationRequest> requests,
                                std::span<Evaluation> results) {
  for (std::size_t i = 0; i < requests.size(); ++i) {
    const std::size_t count = requests[i].moves->size();
    results[i].priors.assign(count, count > 0 ? 1.0f / static_cast<float>(count) : 0.0f);
    results[i].value = value_ == UniformValue::Material
                           ? wdlFromExpected(materialValue(*requests[i].position))
                           : Wdl{};
  }
}

}  // namespace camelot
