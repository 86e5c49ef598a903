#include "nn/mlp/widen.hpp"

#include <algorithm>
#include <cstddef>
#include <initializer_list>
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

// The unit a new unit copies: new units take the old ones in turn.
std::size_t sourceOf(std::size_t unit, std::size_t old) {
  return (unit - old) % old;
}

// The shares of a source's outgoing weights its copies take.
class Shares {
 public:
  explicit Shares(std::uint64_t seed) : rng_(seed) {}

  // Moves a share of the source's weight to each new unit's column, in every row of the
  // [rows][wide] matrices `outgoing` (their new columns 0 so far).
  void split(std::initializer_list<std::vector<float>*> outgoing, std::size_t old,
             std::size_t wide) {
    for (std::size_t unit = old; unit < wide; ++unit)
      for (std::vector<float>* m : outgoing)
        for (std::size_t row = 0; row < m->size() / wide; ++row) {
          float& kept = (*m)[row * wide + sourceOf(unit, old)];
          const float given = kept * share_(rng_);
          (*m)[row * wide + unit] = given;
          kept -= given;
        }
  }

 private:
  std::mt19937_64 rng_;
  std::uniform_real_distribution<float> share_{0.25f, 0.75f};
};

// A [old][columns] matrix (or a bias, one column) as [wide][columns], each new row a copy of its
// source's.
std::vector<float> copiedRows(const std::vector<float>& m, std::size_t old, std::size_t wide) {
  const std::size_t columns = m.size() / old;
  std::vector<float> out = m;
  out.resize(wide * columns);
  for (std::size_t unit = old; unit < wide; ++unit)
    std::copy_n(m.begin() + static_cast<std::ptrdiff_t>(sourceOf(unit, old) * columns), columns,
                out.begin() + static_cast<std::ptrdiff_t>(unit * columns));
  return out;
}

// `weights` with its config's `width` raised to `to` (the tensors still to reshape); throws
// std::invalid_argument for a `to` that is not larger.
MlpWeights withWidth(const MlpWeights& weights, int NetworkConfig::*width, int to,
                     const char* what) {
  const int old = weights.config.*width;
  if (to <= old)
    throw std::invalid_argument("the network has " + std::to_string(old) + " " + what +
                                " already; widen it to more");
  MlpWeights w = weights;
  w.config.*width = to;
  return w;
}

}  // namespace

MlpWeights widenedMlp(const MlpWeights& weights, int accumulator, std::uint64_t seed) {
  MlpWeights w = withWidth(weights, &NetworkConfig::accumulator, accumulator, "accumulator units");
  const auto old = static_cast<std::size_t>(weights.config.accumulator);
  const auto wide = static_cast<std::size_t>(accumulator);
  // The feature table is [features][units]: a new unit's column copies its source's.
  w.features = widenedColumns(weights.features, old, wide);
  const std::size_t features = w.features.size() / wide;
  for (std::size_t unit = old; unit < wide; ++unit)
    for (std::size_t f = 0; f < features; ++f)
      w.features[f * wide + unit] = w.features[f * wide + sourceOf(unit, old)];
  w.featureBias = copiedRows(weights.featureBias, old, wide);
  w.layer1 = widenedColumns(weights.layer1, old, wide);
  w.query = widenedColumns(weights.query, old, wide);
  Shares(seed).split({&w.layer1, &w.query}, old, wide);
  return w;
}

MlpWeights widenedHidden(const MlpWeights& weights, int hidden, std::uint64_t seed) {
  MlpWeights w = withWidth(weights, &NetworkConfig::hidden, hidden, "hidden units");
  const auto old = static_cast<std::size_t>(weights.config.hidden);
  const auto wide = static_cast<std::size_t>(hidden);
  Shares shares(seed);
  // The first layer's units: rows of layer1, columns of layer2.
  w.layer1 = copiedRows(weights.layer1, old, wide);
  w.layer1Bias = copiedRows(weights.layer1Bias, old, wide);
  std::vector<float> layer2 = widenedColumns(weights.layer2, old, wide);
  shares.split({&layer2}, old, wide);
  // The second layer's units: rows of layer2 (already split), columns of the heads.
  w.layer2 = copiedRows(layer2, old, wide);
  w.layer2Bias = copiedRows(weights.layer2Bias, old, wide);
  w.wdl = widenedColumns(weights.wdl, old, wide);
  w.movesLeft = widenedColumns(weights.movesLeft, old, wide);
  shares.split({&w.wdl, &w.movesLeft}, old, wide);
  return w;
}

}  // namespace camelot
