#include "nn/mlp/grand_piece_accumulator.hpp"

#include <bit>
#include <cstring>

#include "nn/features/grand_features.hpp"

namespace camelot {
namespace {

// A position this many squares away from the last one of its view is summed afresh: the
// changes would cost about as many columns as its pieces (48 at the start).
constexpr int kMostChangedSquares = 24;

}  // namespace

GrandPieceAccumulator::GrandPieceAccumulator(const QuantizedMlp& net) : net_(net) {
  for (View& v : views_)
    v.sums.resize(static_cast<std::size_t>(net.accumulator));
}

const std::int16_t* GrandPieceAccumulator::sums(const grand::GrandPosition& position,
                                                grand::Player view) {
  return update(position, view, {}, nullptr).sums.data();
}

void GrandPieceAccumulator::clippedSums(const grand::GrandPosition& position, grand::Player view,
                                        std::span<const std::int16_t* const> nodeColumns,
                                        std::int16_t* clipped) {
  update(position, view, nodeColumns, clipped);
}

GrandPieceAccumulator::View& GrandPieceAccumulator::update(
    const grand::GrandPosition& position, grand::Player view,
    std::span<const std::int16_t* const> nodeColumns, std::int16_t* clipped) {
  View& v = views_[static_cast<std::size_t>(grand::index(view))];
  const Board& board = position.board;
  const auto columnOf = [&](grand::Square s, grand::Piece piece) {
    return column(net_, grandPieceFeature(piece, s, view));
  };
  added_.clear();
  removed_.clear();
  bool fresh = !v.summed;
  if (!fresh) {
    // The squares whose piece changed, eight at a time (a square's byte is its piece's code).
    int changed = 0;
    static_assert(sizeof(grand::Piece) == 1);
    for (int i = 0; i < grand::kGridSquares && !fresh; i += 8) {
      std::uint64_t now, before;
      std::memcpy(&now, board.data() + i, sizeof now);
      std::memcpy(&before, v.board.data() + i, sizeof before);
      for (std::uint64_t diff = now ^ before; diff != 0;) {
        const int byte = std::countr_zero(diff) / 8;
        diff &= ~(std::uint64_t{0xff} << (8 * byte));
        const auto s = static_cast<grand::Square>(i + byte);
        const grand::Piece arrived = board[static_cast<std::size_t>(s)];
        const grand::Piece left = v.board[static_cast<std::size_t>(s)];
        if (!left.empty()) removed_.push_back(columnOf(s, left));
        if (!arrived.empty()) added_.push_back(columnOf(s, arrived));
        fresh = ++changed > kMostChangedSquares;
      }
    }
  }
  if (fresh) {
    added_.clear();
    removed_.clear();
    grand::forEachPiece(position, [&](grand::Square s, grand::Piece piece) {
      added_.push_back(columnOf(s, piece));
    });
  }
  updateAccumulator(net_, fresh, added_, removed_, v.sums.data(), nodeColumns, clipped, counts_);
  v.summed = true;
  v.board = board;
  return v;
}

}  // namespace camelot
