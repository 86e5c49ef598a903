#include "nn/mlp/piece_accumulator.hpp"

namespace camelot {

PieceAccumulator::PieceAccumulator(const QuantizedMlp& net) : net_(net) {
  for (View& v : views_)
    v.sums.resize(static_cast<std::size_t>(net.accumulator));
}

const std::int16_t* PieceAccumulator::sums(const Position& position, Color view) {
  return update(position, view, {}, nullptr).sums.data();
}

void PieceAccumulator::clippedSums(const Position& position, Color view,
                                   std::span<const std::int16_t* const> nodeColumns,
                                   std::int16_t* clipped) {
  update(position, view, nodeColumns, clipped);
}

PieceAccumulator::View& PieceAccumulator::update(const Position& position, Color view,
                                                 std::span<const std::int16_t* const> nodeColumns,
                                                 std::int16_t* clipped) {
  View& v = views_[static_cast<std::size_t>(index(view))];
  const std::array<Bitboard, kPieceBlocks> pieces = pieceBlocks(position, view);
  std::array<Bitboard, kPieceBlocks> delta;
  int changed = 0, present = 0;
  for (std::size_t block = 0; block < kPieceBlocks; ++block) {
    delta[block] = pieces[block] ^ v.pieces[block];
    changed += delta[block].count();
    present += pieces[block].count();
  }
  const bool fresh = !v.summed || changed >= present;
  // A fresh sum adds every piece and the state, an update changes fewer columns than that.
  std::array<const std::int16_t*, kMostPieces + kStateFeatures> added, removed;
  std::size_t addedCount = 0, removedCount = 0;
  const StateFeatures state = stateFeatures(position, view);
  for (std::size_t k = 0; k < kStateFeatures; ++k) {
    if (!fresh && state[k] == v.state[k]) continue;  // mostly: the clock's bucket is 10-15 plies
    if (state[k] >= 0) added[addedCount++] = column(net_, state[k]);
    if (!fresh && v.state[k] >= 0) removed[removedCount++] = column(net_, v.state[k]);
  }
  // pieceFeature's arithmetic with the view's cell table read once: this runs at every leaf.
  const std::int16_t* cells = cellTable(view);
  for (int block = 0; block < kPieceBlocks; ++block) {
    const auto b = static_cast<std::size_t>(block);
    if (!fresh && delta[b].none()) continue;  // most blocks: a move changes one or two
    const std::int16_t* blockColumns = column(net_, block * kGridCells);
    const auto columnOf = [&](Square s) {
      return blockColumns + static_cast<std::ptrdiff_t>(cells[s]) * net_.accumulator;
    };
    forEachSquare(fresh ? pieces[b] : delta[b] & pieces[b],
                  [&](Square s) { added[addedCount++] = columnOf(s); });
    if (!fresh)
      forEachSquare(delta[b] & v.pieces[b],
                    [&](Square s) { removed[removedCount++] = columnOf(s); });
  }
  updateAccumulator(net_, fresh, std::span(added.data(), addedCount),
                    std::span(removed.data(), removedCount), v.sums.data(), nodeColumns, clipped,
                    counts_);
  v.summed = true;
  v.pieces = pieces;
  v.state = state;
  return v;
}

}  // namespace camelot
