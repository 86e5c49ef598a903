#include "nn/mlp/widen.hpp"

#include <cstddef>
#include <initializer_list>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "nn/mlp/unit_selection.hpp"

namespace camelot {
namespace {

// The unit each of a widened layer's `wide` units copies: the `old` units themselves, then new
// units taking the old ones in turn.
std::vector<std::size_t> sourceUnits(std::size_t old, std::size_t wide) {
  std::vector<std::size_t> sources(wide);
  for (std::size_t unit = 0; unit < wide; ++unit)
    sources[unit] = unit < old ? unit : (unit - old) % old;
  return sources;
}

// The shares of a source's outgoing weights its copies take.
class Shares {
 public:
  explicit Shares(std::uint64_t seed) : rng_(seed) {}

  // In every row of the [rows][wide] matrices `outgoing`, whose columns are `sources`' copies,
  // moves a share of each source's weight to each of its new copies.
  void split(std::initializer_list<std::vector<float>*> outgoing,
             const std::vector<std::size_t>& sources, std::size_t old) {
    const std::size_t wide = sources.size();
    for (std::size_t unit = old; unit < wide; ++unit)
      for (std::vector<float>* m : outgoing)
        for (std::size_t row = 0; row < m->size() / wide; ++row) {
          float& kept = (*m)[row * wide + sources[unit]];
          const float given = kept * share_(rng_);
          (*m)[row * wide + unit] = given;
          kept -= given;
        }
  }

 private:
  std::mt19937_64 rng_;
  std::uniform_real_distribution<float> share_{0.25f, 0.75f};
};

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
  const std::vector<std::size_t> sources = sourceUnits(old, static_cast<std::size_t>(accumulator));
  // The feature table is [features][units]: a new unit's column copies its source's.
  w.features = selectedColumns(weights.features, old, sources);
  w.featureBias = selectedRows(weights.featureBias, 1, sources);
  w.layer1 = selectedColumns(weights.layer1, old, sources);
  w.query = selectedColumns(weights.query, old, sources);
  Shares(seed).split({&w.layer1, &w.query}, sources, old);
  return w;
}

MlpWeights widenedHidden(const MlpWeights& weights, int hidden, std::uint64_t seed) {
  MlpWeights w = withWidth(weights, &NetworkConfig::hidden, hidden, "hidden units");
  const auto old = static_cast<std::size_t>(weights.config.hidden);
  const std::vector<std::size_t> sources = sourceUnits(old, static_cast<std::size_t>(hidden));
  Shares shares(seed);
  // The first layer's units: rows of layer1, columns of layer2.
  w.layer1 =
      selectedRows(weights.layer1, static_cast<std::size_t>(weights.config.accumulator), sources);
  w.layer1Bias = selectedRows(weights.layer1Bias, 1, sources);
  std::vector<float> layer2 = selectedColumns(weights.layer2, old, sources);
  shares.split({&layer2}, sources, old);
  // The second layer's units: rows of layer2 (already split), columns of the heads.
  w.layer2 = selectedRows(layer2, sources.size(), sources);
  w.layer2Bias = selectedRows(weights.layer2Bias, 1, sources);
  w.wdl = selectedColumns(weights.wdl, old, sources);
  w.movesLeft = selectedColumns(weights.movesLeft, old, sources);
  shares.split({&w.wdl, &w.movesLeft}, sources, old);
  return w;
}

}  // namespace camelot
