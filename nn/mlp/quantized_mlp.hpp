#pragma once
// The mlp's value path and policy query in integers, the way Stockfish's NNUE runs: the feature
// columns and the accumulator in int16, the clipped ReLU's output in int16, the two dense layers'
// weights in int16 with int32 sums (nn/mlp/simd.hpp), and the heads (the value's three logits
// and the moves left) likewise from the second layer's outputs at a finer scale. Training stays in
// float; a checkpoint is quantized when it is loaded (nn/mlp/mlp_model.cpp), and docs/network.md
// gives the scales and the measured difference from the float outputs.
//
// Scales are powers of two chosen per network: the accumulator's so that no sum a position can
// reach leaves int16 (an activation of 1.0 is `one`), each dense layer's so that its weights
// and its sums fit.

#include <cstdint>
#include <span>
#include <vector>

#include "nn/mlp/mlp_model.hpp"
#include "nn/mlp/simd.hpp"

namespace camelot {

// A dense layer W x + b in integers: inputs at the activation scale, weights times 2^shift,
// sums at the activation scale times 2^shift.
struct QuantizedLayer {
  int inputs = 0;   // padded with zero weights as simd::paddedInputs says
  int outputs = 0;  // padded to simd::kOutputBlock likewise
  int shift = 0;
  simd::AlignedVector<std::int16_t> weights;  // in pairs of inputs, as simd::affine reads them
  simd::AlignedVector<std::int32_t> bias;
};

// The heads read the second layer's outputs at this scale (1.0 is 2^14) instead of `one`: they
// are few (32), so the finer scale costs nothing, and the value keeps float's precision there.
inline constexpr int kHeadInputOne = 1 << 14;

// The heads' outputs in this order: the value's win, draw and loss logits, then the moves left.
inline constexpr int kHeadOutputs = 4;

struct QuantizedMlp {
  std::int16_t one = 0;                       // the activation 1.0, the clipped ReLU's ceiling
  int accumulator = 0;                        // the accumulator's width padded to simd::kLanes
  simd::AlignedVector<std::int16_t> columns;  // [feature][accumulator], times `one`
  simd::AlignedVector<std::int16_t> bias;     // [accumulator]
  QuantizedLayer layer1, layer2;
  QuantizedLayer heads;  // kHeadOutputs, from the second layer's outputs at kHeadInputOne
  QuantizedLayer query;  // the policy's query, from the clipped accumulator
};

// The integer form of the layer `weight` x + `bias` (`weight` [outputs][inputs] row-major) for
// inputs at the scale `one` (an input of 1.0 is `one`, and none is larger): the finest power of
// two at which every weight fits int16 and no sum leaves int32.
QuantizedLayer quantizeLayer(const std::vector<float>& weight, const std::vector<float>& bias,
                             int inputs, int outputs, int one);

// The integer form of `weights` (in the checkpoint's layout, MlpWeights).
QuantizedMlp quantize(const MlpWeights& weights);

// The feature's column in `net.columns`.
inline const std::int16_t* column(const QuantizedMlp& net, int feature) {
  return net.columns.data() + static_cast<std::size_t>(feature) * net.accumulator;
}

// What an incremental accumulator's updates cost so far: positions summed, columns added or
// subtracted, and the positions summed afresh.
struct AccumulatorCounts {
  std::uint64_t positions = 0, columns = 0, refreshes = 0;
};

// One update of an accumulator view's `sums` (net.accumulator int16): from the bias when
// `fresh`, else from the sums themselves, plus the `added` columns and less the `removed` ones;
// then, unless `clipped` is null, the sums plus `nodeColumns` through the clipped ReLU into
// `clipped` (simd::accumulate, one pass). Counted in `counts`.
void updateAccumulator(const QuantizedMlp& net, bool fresh,
                       std::span<const std::int16_t* const> added,
                       std::span<const std::int16_t* const> removed, std::int16_t* sums,
                       std::span<const std::int16_t* const> nodeColumns, std::int16_t* clipped,
                       AccumulatorCounts& counts);

// The heads' kHeadOutputs outputs (float) from the clipped accumulator `activations`
// (net.accumulator int16 in [0, one], simd::accumulate): first layer, clipped ReLU, second
// layer, clipped ReLU, heads. `scratch` is working space.
struct QuantizedScratch {
  simd::AlignedVector<std::int16_t> hidden1, hidden2;
  simd::AlignedVector<std::int32_t> sums;
};
void quantizedHeads(const QuantizedMlp& net, const std::int16_t* activations,
                    QuantizedScratch& scratch, float* heads);

// The policy's query (float, `width` of them) from the clipped accumulator `activations`.
void quantizedQuery(const QuantizedMlp& net, const std::int16_t* activations,
                    QuantizedScratch& scratch, float* query, int width);

}  // namespace camelot
