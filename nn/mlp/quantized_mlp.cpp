#include "nn/mlp/quantized_mlp.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <limits>

#include "nn/features/sparse_features.hpp"
#include "nn/mlp/simd.hpp"

namespace camelot {
namespace {

// The accumulator's scale is at most this: a column's rounding error is then under 1/2048.
constexpr int kMostAccumulatorOne = 1024;
// A dense layer's weights are scaled by at most 2^this.
constexpr int kMostShift = 14;

int paddedTo(int n, int multiple) {
  return (n + multiple - 1) / multiple * multiple;
}

std::int16_t rounded16(double x) {
  return static_cast<std::int16_t>(std::clamp<long>(std::lround(x), -32767, 32767));
}

// The sum of the `count` largest of `values`' absolute values.
double largestSum(std::vector<double> values, int count) {
  const auto n = std::min<std::size_t>(values.size(), static_cast<std::size_t>(count));
  std::partial_sort(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(n), values.end(),
                    std::greater<>());
  double sum = 0.0;
  for (std::size_t i = 0; i < n; ++i)
    sum += values[i];
  return sum;
}

// The largest accumulator value (in float) any position can reach in any unit: the bias, the
// largest piece columns and the largest node columns, as many of each as `shape` allows.
double accumulatorBound(const MlpWeights& w, const MlpInputShape& shape) {
  const int a = w.config.accumulator;
  double bound = 0.0;
  for (int u = 0; u < a; ++u) {
    std::vector<double> pieces, nodes;
    for (int f = 0; f < shape.features; ++f)
      (f < shape.pieceFeatures ? pieces : nodes)
          .push_back(std::abs(w.features[static_cast<std::size_t>(f) * a + u]));
    bound = std::max(bound, std::abs(w.featureBias[static_cast<std::size_t>(u)]) +
                                largestSum(std::move(pieces), shape.mostPieces) +
                                largestSum(std::move(nodes), shape.mostNodeFeatures));
  }
  return bound;
}

// The layer's outputs at the activation scale, clipped to [0, one]: its sums divided by 2^shift
// (multiplied by 2^-shift where the next layer reads them at a finer scale than they have).
void requantize(const std::int32_t* sums, int shift, std::int16_t one, std::int16_t* out, int n) {
  if (shift >= 0) {
    for (int o = 0; o < n; ++o)
      out[o] = static_cast<std::int16_t>(std::clamp<std::int32_t>(sums[o] >> shift, 0, one));
    return;
  }
  for (int o = 0; o < n; ++o)
    out[o] = static_cast<std::int16_t>(
        std::clamp<std::int64_t>(std::int64_t{sums[o]} * (std::int64_t{1} << -shift), 0, one));
}

// `layer` on `in`, its sums shifted right by `shift` and clipped to [0, one] into `out`.
void clippedLayer(const QuantizedLayer& layer, const std::int16_t* in, int shift, std::int16_t one,
                  QuantizedScratch& scratch, std::int16_t* out) {
  if (shift >= 0) {
    simd::affineClipped(in, layer.inputs, layer.weights.data(), layer.bias.data(), layer.outputs,
                        shift, one, out);
    return;
  }
  simd::affine(in, layer.inputs, layer.weights.data(), layer.bias.data(), layer.outputs,
               scratch.sums.data());
  requantize(scratch.sums.data(), shift, one, out, layer.outputs);
}

// `layer` reading the whole padded accumulator (`width` units, as reorderUnits moves them): the
// inputs it gains have zero weights, appended (pairedIndex's layout grows at its end).
QuantizedLayer readingAccumulator(QuantizedLayer layer, int width) {
  layer.inputs = width;
  layer.weights.resize(static_cast<std::size_t>(width) * layer.outputs, 0);
  return layer;
}

// The base-2 logarithm of a power of two.
int log2Of(int power) {
  return std::countr_zero(static_cast<unsigned>(power));
}

// 2^e for e within a float's normal range, set in the exponent's bits: std::ldexp's answer
// without its library call, which showed in the leaf's profile.
float powerOfTwo(int e) {
  return std::bit_cast<float>(static_cast<std::uint32_t>(e + 127) << 23);
}

}  // namespace

QuantizedLayer quantizeLayer(const std::vector<float>& weight, const std::vector<float>& bias,
                             int inputs, int outputs, int one) {
  double largest = 0.0, largestRow = 0.0;
  for (int o = 0; o < outputs; ++o) {
    double row = std::abs(bias[static_cast<std::size_t>(o)]);
    for (int i = 0; i < inputs; ++i) {
      const double x = std::abs(weight[static_cast<std::size_t>(o) * inputs + i]);
      largest = std::max(largest, x);
      row += x;
    }
    largestRow = std::max(largestRow, row);
  }
  QuantizedLayer layer;
  // The finest scale at which every weight fits int16 and no sum leaves int32.
  while (layer.shift < kMostShift && largest * std::ldexp(1.0, layer.shift + 1) <= 32767.0 &&
         largestRow * one * std::ldexp(1.0, layer.shift + 1) < 2147483647.0)
    ++layer.shift;
  const double scale = std::ldexp(1.0, layer.shift);
  layer.inputs = simd::paddedInputs(inputs);
  layer.outputs = paddedTo(outputs, simd::kOutputBlock);
  layer.weights.assign(static_cast<std::size_t>(layer.inputs) * layer.outputs, 0);
  layer.bias.assign(static_cast<std::size_t>(layer.outputs), 0);
  for (int o = 0; o < outputs; ++o) {
    layer.bias[static_cast<std::size_t>(o)] =
        static_cast<std::int32_t>(std::lround(bias[static_cast<std::size_t>(o)] * one * scale));
    for (int i = 0; i < inputs; ++i)
      layer.weights[simd::pairedIndex(i, o, layer.outputs)] =
          rounded16(weight[static_cast<std::size_t>(o) * inputs + i] * scale);
  }
  return layer;
}

QuantizedMlp quantize(const MlpWeights& w) {
  const NetworkConfig& c = w.config;
  const MlpInputShape shape = mlpInputShape(c.variant);
  const int features = shape.features;
  QuantizedMlp net;
  const double bound = accumulatorBound(w, shape);
  int one = kMostAccumulatorOne;
  while (one > 1 && bound * one > 32767.0)
    one /= 2;
  net.one = static_cast<std::int16_t>(one);
  net.accumulator = paddedTo(c.accumulator, simd::kLanes);
  net.columns.assign(static_cast<std::size_t>(features) * net.accumulator, 0);
  net.bias.assign(static_cast<std::size_t>(net.accumulator), 0);
  for (int u = 0; u < c.accumulator; ++u) {
    net.bias[static_cast<std::size_t>(u)] =
        rounded16(w.featureBias[static_cast<std::size_t>(u)] * one);
    for (int f = 0; f < features; ++f)
      net.columns[static_cast<std::size_t>(f) * net.accumulator + u] =
          rounded16(w.features[static_cast<std::size_t>(f) * c.accumulator + u] * one);
  }
  net.layer1 = readingAccumulator(
      quantizeLayer(w.layer1, w.layer1Bias, c.accumulator, c.hidden, one), net.accumulator);
  net.layer2 = quantizeLayer(w.layer2, w.layer2Bias, c.hidden, c.hidden, one);
  std::vector<float> heads = w.wdl, headsBias = w.wdlBias;
  heads.insert(heads.end(), w.movesLeft.begin(), w.movesLeft.end());
  headsBias.insert(headsBias.end(), w.movesLeftBias.begin(), w.movesLeftBias.end());
  net.heads = quantizeLayer(heads, headsBias, c.hidden, kHeadOutputs, kHeadInputOne);
  net.query = readingAccumulator(
      quantizeLayer(w.query, w.queryBias, c.accumulator, c.moveEmbedding, one), net.accumulator);
  return net;
}

void updateAccumulator(const QuantizedMlp& net, bool fresh,
                       std::span<const std::int16_t* const> added,
                       std::span<const std::int16_t* const> removed, std::int16_t* sums,
                       std::span<const std::int16_t* const> nodeColumns, std::int16_t* clipped,
                       AccumulatorCounts& counts) {
  simd::accumulate(fresh ? net.bias.data() : sums, added, removed, sums, nodeColumns, net.one,
                   clipped, net.accumulator);
  ++counts.positions;
  counts.columns += added.size() + removed.size();
  counts.refreshes += fresh;
}

void quantizedHeads(const QuantizedMlp& net, const std::int16_t* activations,
                    QuantizedScratch& scratch, float* heads) {
  const QuantizedLayer& l1 = net.layer1;
  const QuantizedLayer& l2 = net.layer2;
  const QuantizedLayer& h = net.heads;
  scratch.sums.resize(static_cast<std::size_t>(std::max({l1.outputs, l2.outputs, h.outputs})));
  // The next layer reads its inputs padded (simd::paddedInputs): the padding stays 0.
  scratch.hidden1.resize(static_cast<std::size_t>(std::max(l1.outputs, l2.inputs)));
  scratch.hidden2.resize(static_cast<std::size_t>(std::max(l2.outputs, h.inputs)));
  clippedLayer(l1, activations, l1.shift, net.one, scratch, scratch.hidden1.data());
  clippedLayer(l2, scratch.hidden1.data(), l2.shift + log2Of(net.one) - log2Of(kHeadInputOne),
               kHeadInputOne, scratch, scratch.hidden2.data());
  simd::affine(scratch.hidden2.data(), h.inputs, h.weights.data(), h.bias.data(), h.outputs,
               scratch.sums.data());
  const float toFloat = powerOfTwo(-log2Of(kHeadInputOne) - h.shift);
  for (int o = 0; o < kHeadOutputs; ++o)
    heads[o] = static_cast<float>(scratch.sums[static_cast<std::size_t>(o)]) * toFloat;
}

void quantizedQuery(const QuantizedMlp& net, const std::int16_t* activations,
                    QuantizedScratch& scratch, float* query, int width) {
  const QuantizedLayer& q = net.query;
  scratch.sums.resize(std::max(scratch.sums.size(), static_cast<std::size_t>(q.outputs)));
  simd::affine(activations, q.inputs, q.weights.data(), q.bias.data(), q.outputs,
               scratch.sums.data());
  const float toFloat = powerOfTwo(-log2Of(net.one) - q.shift);
  for (int k = 0; k < width; ++k)
    query[k] = static_cast<float>(scratch.sums[static_cast<std::size_t>(k)]) * toFloat;
}

}  // namespace camelot
