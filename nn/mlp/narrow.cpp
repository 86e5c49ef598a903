#include "nn/mlp/narrow.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <numeric>
#include <stdexcept>
#include <string>

#include "nn/mlp/unit_selection.hpp"

namespace camelot {
namespace {

// The clipped outputs of the layer `weight` [outputs][inputs] x + `bias`.
std::vector<float> clippedLayer(const std::vector<float>& weight, const std::vector<float>& bias,
                                const std::vector<float>& x) {
  std::vector<float> out(bias.size());
  for (std::size_t o = 0; o < out.size(); ++o) {
    float sum = bias[o];
    for (std::size_t i = 0; i < x.size(); ++i)
      sum += weight[o * x.size() + i] * x[i];
    out[o] = clipped(sum);
  }
  return out;
}

// Each unit's mean activation over the samples and its spread (standard deviation), summed by
// Welford's method: a unit that is the same in every sample has a spread of exactly 0.
class Moments {
 public:
  explicit Moments(std::size_t units) : mean_(units), squares_(units) {}
  void add(const std::vector<float>& x) {
    ++count_;
    for (std::size_t u = 0; u < x.size(); ++u) {
      const double before = mean_[u];
      mean_[u] += (x[u] - before) / static_cast<double>(count_);
      squares_[u] += (x[u] - before) * (x[u] - mean_[u]);
    }
  }
  double mean(std::size_t u) const { return mean_[u]; }
  double spread(std::size_t u) const {
    return count_ == 0 ? 0.0 : std::sqrt(squares_[u] / static_cast<double>(count_));
  }

 private:
  std::size_t count_ = 0;
  std::vector<double> mean_, squares_;
};

// The `keep` units of `moments` whose spread times the size of their outgoing weights (the
// columns of `next`, [rows][units]) is largest, in increasing order.
std::vector<std::size_t> strongest(const Moments& moments,
                                   const std::vector<const std::vector<float>*>& next,
                                   std::size_t units, std::size_t keep) {
  std::vector<double> weight(units);
  for (std::size_t u = 0; u < units; ++u) {
    double outgoing = 0.0;
    for (const std::vector<float>* m : next)
      for (std::size_t r = 0; r < m->size() / units; ++r)
        outgoing += std::abs((*m)[r * units + u]);
    weight[u] = moments.spread(u) * outgoing;
  }
  std::vector<std::size_t> order(units);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return weight[a] > weight[b]; });
  order.resize(keep);
  std::sort(order.begin(), order.end());
  return order;
}

// The matrix `m` ([rows][units]) with the columns `kept` alone; with a `bias` (one a row), each
// dropped column's weight times its unit's mean activation is added to its row's bias.
std::vector<float> keptColumns(const std::vector<float>& m, std::size_t units,
                               const std::vector<std::size_t>& kept, const Moments& moments,
                               std::vector<float>* bias) {
  const std::size_t rows = m.size() / units;
  std::vector<float> out;
  out.reserve(rows * kept.size());
  for (std::size_t r = 0; r < rows; ++r) {
    std::size_t next = 0;
    for (std::size_t u = 0; u < units; ++u) {
      const float w = m[r * units + u];
      if (next < kept.size() && kept[next] == u) {
        out.push_back(w);
        ++next;
      } else if (bias != nullptr) {
        (*bias)[r] += static_cast<float>(w * moments.mean(u));
      }
    }
  }
  return out;
}

}  // namespace

MlpWeights narrowedMlp(const MlpWeights& weights, const MlpWidths& widths,
                       const std::vector<std::vector<std::int32_t>>& samples) {
  const auto wideA = static_cast<std::size_t>(weights.config.accumulator);
  const auto wideH = static_cast<std::size_t>(weights.config.hidden);
  const auto keepA = static_cast<std::size_t>(widths.accumulator);
  const auto keepH = static_cast<std::size_t>(widths.hidden);
  if (keepA > wideA || keepH > wideH || (keepA == wideA && keepH == wideH))
    throw std::invalid_argument("the network has " + std::to_string(wideA) +
                                " accumulator units and " + std::to_string(wideH) +
                                " hidden units; narrow one to fewer and neither to more");
  Moments accumulator(wideA), first(wideH), second(wideH);
  for (const std::vector<std::int32_t>& features : samples) {
    std::vector<float> acc(weights.featureBias);
    for (const std::int32_t f : features)
      for (std::size_t u = 0; u < wideA; ++u)
        acc[u] += weights.features[static_cast<std::size_t>(f) * wideA + u];
    for (float& x : acc)
      x = clipped(x);
    accumulator.add(acc);
    const std::vector<float> h1 = clippedLayer(weights.layer1, weights.layer1Bias, acc);
    first.add(h1);
    second.add(clippedLayer(weights.layer2, weights.layer2Bias, h1));
  }
  MlpWeights w = weights;
  w.config.accumulator = widths.accumulator;
  w.config.hidden = widths.hidden;
  // The accumulator: its kept units' columns of every feature, and their inputs to the first
  // layer and the policy's query (which read it).
  const std::vector<std::size_t> keptUnits =
      strongest(accumulator, {&weights.layer1, &weights.query}, wideA, keepA);
  w.features = keptColumns(weights.features, wideA, keptUnits, accumulator, nullptr);
  w.featureBias = selectedRows(weights.featureBias, 1, keptUnits);
  w.query = keptColumns(weights.query, wideA, keptUnits, accumulator, &w.queryBias);
  const std::vector<float> firstColumns =
      keptColumns(weights.layer1, wideA, keptUnits, accumulator, &w.layer1Bias);
  // The first layer: its kept outputs' rows.
  const std::vector<std::size_t> keptFirst = strongest(first, {&weights.layer2}, wideH, keepH);
  w.layer1 = selectedRows(firstColumns, keepA, keptFirst);
  w.layer1Bias = selectedRows(w.layer1Bias, 1, keptFirst);
  // The second layer: its kept outputs' rows first, then their kept inputs.
  const std::vector<std::size_t> keptSecond =
      strongest(second, {&weights.wdl, &weights.movesLeft}, wideH, keepH);
  const std::vector<float> secondRows = selectedRows(weights.layer2, wideH, keptSecond);
  w.layer2Bias = selectedRows(weights.layer2Bias, 1, keptSecond);
  w.layer2 = keptColumns(secondRows, wideH, keptFirst, first, &w.layer2Bias);
  w.wdl = keptColumns(weights.wdl, wideH, keptSecond, second, &w.wdlBias);
  w.movesLeft = keptColumns(weights.movesLeft, wideH, keptSecond, second, &w.movesLeftBias);
  return w;
}

}  // namespace camelot
