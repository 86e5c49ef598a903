#include "nn/features/sparse_features.hpp"

#include <algorithm>
#include <array>

#include "engine/bitboard.hpp"

namespace camelot {
namespace {

static_assert(kGridCells == 192, "the feature layout assumes the 16x12 grid");
static_assert(static_cast<int>(CellFeature::OwnMan) == 0 &&
                  static_cast<int>(CellFeature::EnemyKnight) == kPieceBlocks - 1,
              "the piece blocks come first");

constexpr std::array<int, kClockBuckets - 1> kClockThresholds = {10, 25, 40, 55, 70, 85, 95};

int cellFeature(CellFeature block, Square s, Color mover) {
  return static_cast<int>(block) * kGridCells + cellOf(s, mover);
}

void addSquares(std::vector<std::int32_t>& out, CellFeature block, Bitboard squares, Color mover) {
  forEachSquare(squares, [&](Square s) { out.push_back(cellFeature(block, s, mover)); });
}

}  // namespace

int clockBucket(int clock) {
  int bucket = 0;
  while (bucket < kClockBuckets - 1 && clock >= kClockThresholds[static_cast<std::size_t>(bucket)])
    ++bucket;
  return bucket;
}

int moveKind(const Move& move) {
  if (move.isCapture()) return 2 + std::min(move.jumpSteps(), kCaptureSizeBuckets) - 1;
  return move.kind == MoveKind::Canter ? 1 : 0;
}

void slotKinds(const LegalPolicy& legal, const MoveList& moves, std::vector<int>& out) {
  out.assign(legal.size(), -1);
  for (std::size_t m = 0; m < moves.size(); ++m) {
    int& kind = out[static_cast<std::size_t>(legal.slotOfMove[m])];
    if (kind < 0) kind = moveKind(moves[m]);
  }
}

std::array<Bitboard, kPieceBlocks> pieceBlocks(const Position& position, Color view) {
  const Color enemy = opposite(view);
  return {position.men(view), position.knights(view), position.men(enemy), position.knights(enemy)};
}

int pieceFeature(int block, Square square, Color view) {
  return cellFeature(static_cast<CellFeature>(block), square, view);
}

void activeFeatures(const Position& position, const MoveList& moves, int repetitions,
                    std::vector<std::int32_t>& out) {
  const Color mover = position.sideToMove();
  const std::array<Bitboard, kPieceBlocks> pieces = pieceBlocks(position, mover);
  for (int block = 0; block < kPieceBlocks; ++block)
    addSquares(out, static_cast<CellFeature>(block), pieces[static_cast<std::size_t>(block)],
               mover);
  nodeFeatures(position, moves, repetitions, out);
}

void nodeFeatures(const Position& position, const MoveList& moves, int repetitions,
                  std::vector<std::int32_t>& out) {
  const Color mover = position.sideToMove();
  const Color enemy = opposite(mover);
  Bitboard capturable, captureStart, captureEnd, goalEntryFrom;
  int longestCapture = 0;
  for (const Move& m : moves) {
    if (m.isCapture()) {
      capturable |= m.capturedSquares();
      captureStart.set(m.from());
      captureEnd.set(m.to());
      longestCapture = std::max(longestCapture, m.jumpSteps());
    }
    if (isGoalOf(mover, m.to()) && !isGoalOf(mover, m.from())) goalEntryFrom.set(m.from());
  }
  addSquares(out, CellFeature::Capturable, capturable, mover);
  addSquares(out, CellFeature::CaptureStart, captureStart, mover);
  addSquares(out, CellFeature::CaptureEnd, captureEnd, mover);
  addSquares(out, CellFeature::GoalEntryFrom, goalEntryFrom, mover);

  out.push_back(kOwnCastleMovesFeature + position.castleMovesUsed(mover));
  out.push_back(kEnemyCastleMovesFeature + position.castleMovesUsed(enemy));
  if ((position.pieces(mover) & castleOf(mover)).any()) out.push_back(kMustLeaveFeature);
  out.push_back(kClockFeature + clockBucket(position.clock()));
  if (repetitions > 0) out.push_back(kRepetitionFeature);
  if (longestCapture > 0)
    out.push_back(kCaptureSizeFeature + std::min(longestCapture, kCaptureSizeBuckets) - 1);
}

}  // namespace camelot
