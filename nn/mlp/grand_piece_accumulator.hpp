#pragma once
// Grand Camelot's counterpart of nn/mlp/piece_accumulator.hpp: the quantized mlp's sum over the
// piece features (grandPieceFeature, nn/features/grand_features.hpp), kept up to date from one
// evaluated position to the next. The view turns with the player to move, so it keeps one sum
// for each of the four players' views: the last position it summed from that view (its board)
// and that position's sums, bias included. A new position from the same view subtracts the
// columns of the pieces that left a square and adds those of the pieces that arrived, found by
// comparing the two boards eight squares at a time; alpha-beta's leaves and a tree search's
// batch (a node's children, the same player to move) are a move or two apart, and a position
// far from the last one is summed afresh.

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "engine/grand/grand_position.hpp"
#include "nn/mlp/quantized_mlp.hpp"

namespace camelot {

class GrandPieceAccumulator {
 public:
  explicit GrandPieceAccumulator(const QuantizedMlp& net);

  // The bias plus the piece columns of `position` in `view`'s view (net.accumulator int16),
  // valid until the next call for the same view.
  const std::int16_t* sums(const grand::GrandPosition& position, grand::Player view);

  // The mlp's first activations in the same pass: sums(position, view) plus the `nodeColumns`
  // (nodeFeatures'), clamped to [0, net.one], into `clipped` (net.accumulator int16).
  void clippedSums(const grand::GrandPosition& position, grand::Player view,
                   std::span<const std::int16_t* const> nodeColumns, std::int16_t* clipped);

  using Counts = AccumulatorCounts;
  const Counts& counts() const { return counts_; }

 private:
  using Board = std::array<grand::Piece, grand::kGridSquares>;
  struct View {
    bool summed = false;
    Board board{};
    simd::AlignedVector<std::int16_t> sums;
  };

  View& update(const grand::GrandPosition& position, grand::Player view,
               std::span<const std::int16_t* const> nodeColumns, std::int16_t* clipped);

  const QuantizedMlp& net_;
  std::array<View, grand::kPlayers> views_;
  std::vector<const std::int16_t*> added_, removed_;
  Counts counts_;
};

}  // namespace camelot
