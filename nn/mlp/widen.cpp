#include "nn/mlp/widen.hpp"

#include <cstddef>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

namespace camelot {
namespace {

// A [rows][old] matrix as [rows][wide], the old columns in place and the new ones 0.
std::vector<float> widenedColumns(const std::vector<float>& m, std::size_t old, std::size_t wide) {
  const std::size_t rows = m.size() / old;
  std::vector<float> out(rows * wide, 0.0f);
  for (std::size_t r = 0; r < rows; ++r)
    for (std::size_t u = 0; u < old; ++u)
      out[r * wide + u] = m[r * old + u];
  return out;
}

}  // namespace

MlpWeights widenedMlp(const MlpWeights& weights, int accumulator, std::uint64_t seed) {
  const auto old = static_cast<std::size_t>(weights.config.accumulator);
  const auto wide = static_cast<std::size_t>(accumulator);
  if (wide <= old)
    throw std::invalid_argument("the network has " + std::to_string(old) +
                                " accumulator units already; widen it to more");
  MlpWeights w = weights;
  w.config.accumulator = accumulator;
  w.features = widenedColumns(weights.features, old, wide);
  w.featureBias = widenedColumns(weights.featureBias, old, wide);
  w.layer1 = widenedColumns(weights.layer1, old, wide);
  w.query = widenedColumns(weights.query, old, wide);

  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<float> share(0.25f, 0.75f);
  const std::size_t features = w.features.size() / wide;
  for (std::size_t unit = old; unit < wide; ++unit) {
    const std::size_t source = (unit - old) % old;
    for (std::size_t f = 0; f < features; ++f)
      w.features[f * wide + unit] = w.features[f * wide + source];
    w.featureBias[unit] = w.featureBias[source];
    for (std::vector<float>* outgoing : {&w.layer1, &w.query})
      for (std::size_t row = 0; row < outgoing->size() / wide; ++row) {
        float& kept = (*outgoing)[row * wide + source];
        const float given = kept * share(rng);
        (*outgoing)[row * wide + unit] = given;
        kept -= given;
      }
  }
  return w;
}

}  // namespace camelot
