#include "nn/mlp/piece_accumulator.hpp"

#include "nn/mlp/simd.hpp"

namespace camelot {

PieceAccumulator::PieceAccumulator(const QuantizedMlp& net) : net_(net) {
  for (View& v : views_)
    v.sums.resize(static_cast<std::size_t>(net.accumulator));
}

const std::int16_t* PieceAccumulator::sums(const Position& position, Color view) {
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
  added_.clear();
  removed_.clear();
  for (int block = 0; block < kPieceBlocks; ++block) {
    const auto b = static_cast<std::size_t>(block);
    const auto columnOf = [&](Square s) { return column(net_, pieceFeature(block, s, view)); };
    forEachSquare(fresh ? pieces[b] : delta[b] & pieces[b],
                  [&](Square s) { added_.push_back(columnOf(s)); });
    if (!fresh)
      forEachSquare(delta[b] & v.pieces[b], [&](Square s) { removed_.push_back(columnOf(s)); });
  }
  simd::applyRows(fresh ? net_.bias.data() : v.sums.data(), added_, removed_, v.sums.data(),
                  net_.accumulator);
  v.summed = true;
  v.pieces = pieces;
  ++counts_.positions;
  counts_.columns += added_.size() + removed_.size();
  counts_.refreshes += fresh;
  return v.sums.data();
}

}  // namespace camelot
