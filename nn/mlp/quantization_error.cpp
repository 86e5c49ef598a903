#include "nn/mlp/quantization_error.hpp"

#include <algorithm>
#include <cmath>
#include <random>
#include <span>

#include "engine/game.hpp"

namespace camelot {

template <class Rules>
std::vector<PositionWithMoves<Rules>> randomGamePositions(int count, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<PositionWithMoves<Rules>> positions;
  while (static_cast<int>(positions.size()) < count) {
    BasicGame<Rules> game;
    while (!game.finished() && static_cast<int>(positions.size()) < count) {
      positions.push_back({game.position(), game.legalMoves()});
      const auto& moves = game.legalMoves();
      game.play(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
    }
  }
  return positions;
}

template <class Rules>
QuantizationError quantizationError(BasicEvaluator<Rules>& quantized,
                                    BasicEvaluator<Rules>& reference,
                                    const std::vector<PositionWithMoves<Rules>>& positions) {
  QuantizationError e;
  for (const PositionWithMoves<Rules>& p : positions) {
    const BasicEvaluationRequest<Rules> request{&p.position, &p.moves, {}, 0};
    Evaluation q, f;
    quantized.evaluate(std::span(&request, 1), std::span(&q, 1));
    reference.evaluate(std::span(&request, 1), std::span(&f, 1));
    const double difference = std::abs(q.value.expected() - f.value.expected());
    e.expected = std::max(e.expected, difference);
    e.meanExpected += difference / static_cast<double>(positions.size());
    e.wdl = std::max<double>({e.wdl, std::abs(q.value.win - f.value.win),
                              std::abs(q.value.draw - f.value.draw),
                              std::abs(q.value.loss - f.value.loss)});
    for (std::size_t m = 0; m < p.moves.size(); ++m)
      e.prior = std::max<double>(e.prior, std::abs(q.priors[m] - f.priors[m]));
  }
  return e;
}

namespace {

template <class Rules>
QuantizationError quantizationErrorOf(const MlpWeights& weights, int count, std::uint64_t seed) {
  return quantizationError(*makeMlpModel(weights, MlpInference::Quantized)->evaluatorFor<Rules>(1),
                           *makeMlpModel(weights, MlpInference::Float)->evaluatorFor<Rules>(1),
                           randomGamePositions<Rules>(count, seed));
}

}  // namespace

QuantizationError quantizationError(const MlpWeights& weights, int count, std::uint64_t seed) {
  return weights.config.variant == Variant::Grand
             ? quantizationErrorOf<GrandRules>(weights, count, seed)
             : quantizationErrorOf<StandardRules>(weights, count, seed);
}

template std::vector<PositionWithMoves<StandardRules>> randomGamePositions(int, std::uint64_t);
template std::vector<PositionWithMoves<GrandRules>> randomGamePositions(int, std::uint64_t);
template QuantizationError quantizationError(BasicEvaluator<StandardRules>&,
                                             BasicEvaluator<StandardRules>&,
                                             const std::vector<PositionWithMoves<StandardRules>>&);
template QuantizationError quantizationError(BasicEvaluator<GrandRules>&,
                                             BasicEvaluator<GrandRules>&,
                                             const std::vector<PositionWithMoves<GrandRules>>&);

}  // namespace camelot
