#pragma once
// The quantized mlp's accumulator over the piece and state features (pieceBlocks and
// stateFeatures, nn/features/sparse_features.hpp), kept up to date from one evaluated position to
// the next, as NNUE's is along a search line: for each side's view it holds the last position it
// summed and that position's sums (bias included); a new position from the same view adds the
// columns of the pieces that arrived and subtracts those of the pieces that left, found by
// comparing the two positions' bitboards, and swaps the state features that changed (the clock's
// bucket, a castle move, the must-leave). Nothing has to tell it the moves: a search that
// evaluates a node's children one after another (alpha-beta's leaves, a tree search's batch)
// pays a move's two to four columns per position instead of one per piece, and a position far
// from the last one is summed afresh.

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "engine/bitboard.hpp"
#include "engine/position.hpp"
#include "nn/features/sparse_features.hpp"
#include "nn/mlp/quantized_mlp.hpp"

namespace camelot {

class PieceAccumulator {
 public:
  explicit PieceAccumulator(const QuantizedMlp& net);

  // The bias plus the piece and state columns of `position` seen from `view`'s side
  // (net.accumulator int16), valid until the next call for the same view.
  const std::int16_t* sums(const Position& position, Color view);

  // The mlp's first activations in the same pass: sums(position, view) plus the `nodeColumns`
  // (tacticalFeatures', recomputed at every position), clamped to [0, net.one], into `clipped`
  // (net.accumulator int16).
  void clippedSums(const Position& position, Color view,
                   std::span<const std::int16_t* const> nodeColumns, std::int16_t* clipped);

  // The piece blocks' bitboards, word after word (the comparison reads them as one run).
  static constexpr std::size_t kBlockWords = 4;
  using PieceWords = std::array<std::uint64_t, kPieceBlocks * kBlockWords>;

  using Counts = AccumulatorCounts;
  const Counts& counts() const { return counts_; }

 private:
  struct View {
    bool summed = false;
    PieceWords pieces{};
    StateFeatures state{};
    simd::AlignedVector<std::int16_t> sums;
  };

  // Brings `view`'s sums to `position` (and writes the clipped activations where asked).
  View& update(const Position& position, Color view,
               std::span<const std::int16_t* const> nodeColumns, std::int16_t* clipped);

  const QuantizedMlp& net_;
  std::array<View, 2> views_;
  Counts counts_;
};

}  // namespace camelot
