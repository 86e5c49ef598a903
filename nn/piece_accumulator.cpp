#include "nn/piece_accumulator.hpp"

#include "nn/simd.hpp"

namespace camelot {

PieceAccumulator::PieceAccumulator(const QuantizedMlp& net) : net_(net) {
  for (View& v : views_)
    v.sums.resize(static_cast<std::size_t>(net.accumulator));
}

const std::int16_t* PieceAccumulator::sums(const Position& position, Color view) {
  View& v = views_[static_cast<std::size_t>(index(view))];
  const std::array<Bitboard, kPieceBlocks> pieces = pieceBlocks(position, view);
  added_.clear();
  removed_.clear();
  int changed = 0, present = 0;
  for (int block = 0; block < kPieceBlocks; ++block) {
    const Bitboard now = pieces[static_cast<std::size_t>(block)];
    const Bitboard delta = now ^ v.pieces[static_cast<std::size_t>(block)];
    changed += delta.count();
    present += now.count();
  }
  const bool fresh = !v.summed || changed >= present;
  for (int block = 0; block < kPieceBlocks; ++block) {
    const Bitboard now = pieces[static_cast<std::size_t>(block)];
    const Bitboard delta = now ^ v.pieces[static_cast<std::size_t>(block)];
    forEachSquare(fresh ? now : delta & now,
                  [&](Square s) { added_.push_back(column(net_, pieceFeature(block, s, view))); });
    if (!fresh)
      forEachSquare(delta & v.pieces[static_cast<std::size_t>(block)], [&](Square s) {
        removed_.push_back(column(net_, pieceFeature(block, s, view)));
      });
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
