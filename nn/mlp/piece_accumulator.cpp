#include "nn/mlp/piece_accumulator.hpp"

#include <algorithm>
#include <bit>

namespace camelot {

namespace {

static_assert(sizeof(Bitboard) == PieceAccumulator::kBlockWords * sizeof(std::uint64_t));

// pieceBlocks' bitboards as one run of words.
PieceAccumulator::PieceWords pieceWords(const Position& position, Color view) {
  const std::array<Bitboard, kPieceBlocks> blocks = pieceBlocks(position, view);
  PieceAccumulator::PieceWords words;
  for (std::size_t b = 0; b < blocks.size(); ++b)
    std::copy(blocks[b].words().begin(), blocks[b].words().end(),
              words.begin() + static_cast<std::ptrdiff_t>(b * PieceAccumulator::kBlockWords));
  return words;
}

}  // namespace

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
  const PieceWords pieces = pieceWords(position, view);
  // The words that hold a piece and those that changed, a bit each, found without a branch: a
  // move changes one or two of the sixteen, in no order a predictor learns.
  unsigned occupiedWords = 0, changedWords = 0;
  int changed = 0, present = 0;
  for (std::size_t w = 0; w < pieces.size(); ++w) {
    const std::uint64_t delta = pieces[w] ^ v.pieces[w];
    occupiedWords |= static_cast<unsigned>(pieces[w] != 0) << w;
    changedWords |= static_cast<unsigned>(delta != 0) << w;
    changed += std::popcount(delta);
    present += std::popcount(pieces[w]);
  }
  const bool fresh = !v.summed || changed >= present;
  // A fresh sum adds every piece and the state, an update changes fewer columns than that.
  std::array<const std::int16_t*, kMostPieces + kStateFeatures> added, removed;
  std::size_t addedCount = 0, removedCount = 0;
  const StateFeatures state = stateFeatures(position, view);
  for (std::size_t k = 0; k < kStateFeatures; ++k) {
    // Mostly unchanged: the clock's bucket moves every 10-15 plies, the rest more rarely.
    if (!fresh && state[k] == v.state[k]) continue;
    if (state[k] >= 0) added[addedCount++] = column(net_, state[k]);
    if (!fresh && v.state[k] >= 0) removed[removedCount++] = column(net_, v.state[k]);
  }
  // pieceFeature's arithmetic with the view's cell table read once: this runs at every leaf.
  const std::int16_t* cells = cellTable(view);
  for (unsigned left = fresh ? occupiedWords : changedWords; left != 0; left &= left - 1) {
    const auto w = static_cast<std::size_t>(std::countr_zero(left));
    const auto block = static_cast<int>(w / kBlockWords);
    const std::int16_t* blockColumns = column(net_, block * kGridCells);
    const std::int16_t* wordCells = cells + (w % kBlockWords) * 64;
    const auto columnOf = [&](std::uint64_t bits) {
      return blockColumns +
             static_cast<std::ptrdiff_t>(wordCells[std::countr_zero(bits)]) * net_.accumulator;
    };
    const std::uint64_t delta = pieces[w] ^ v.pieces[w];
    for (std::uint64_t a = fresh ? pieces[w] : delta & pieces[w]; a != 0; a &= a - 1)
      added[addedCount++] = columnOf(a);
    if (!fresh)
      for (std::uint64_t r = delta & v.pieces[w]; r != 0; r &= r - 1)
        removed[removedCount++] = columnOf(r);
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
