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

// The features of `block` at `squares` into `into` (its number returned), with `cells` the view's
// cell table (cellTable): the features gathered in the caller's buffer, so that a vector's size
// is not stored a feature (the tactical blocks' run at every alpha-beta leaf).
int cellFeatures(CellFeature block, const Bitboard& squares, const std::int16_t* cells,
                 std::int32_t* into) {
  const int first = static_cast<int>(block) * kGridCells;
  int n = 0;
  forEachSquare(squares, [&](Square s) { into[n++] = first + cells[s]; });
  return n;
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
  const std::int16_t* cells = cellTable(mover);
  std::array<std::int32_t, kPieceBlocks * kGridCells> features;
  int n = 0;
  for (int block = 0; block < kPieceBlocks; ++block)
    n += cellFeatures(static_cast<CellFeature>(block), pieces[static_cast<std::size_t>(block)],
                      cells, features.data() + n);
  out.insert(out.end(), features.begin(), features.begin() + n);
  nodeFeatures(position, moves, repetitions, out);
}

namespace {

// What the node features read of the legal moves.
struct Tactics {
  Bitboard capturable, captureStart, captureEnd, goalEntryFrom;
  int longestCapture = 0;
};

Tactics tacticsOf(const Position& position, const MoveList& moves) {
  const Color mover = position.sideToMove();
  Tactics t;
  for (const Move& m : moves) {
    if (m.isCapture()) {
      t.capturable |= m.capturedSquares();
      t.captureStart.set(m.from());
      t.captureEnd.set(m.to());
      t.longestCapture = std::max(t.longestCapture, m.jumpSteps());
    }
    if (isGoalOf(mover, m.to()) && !isGoalOf(mover, m.from())) t.goalEntryFrom.set(m.from());
  }
  return t;
}

void addTacticalCells(std::vector<std::int32_t>& out, const Tactics& t, Color mover) {
  const std::int16_t* cells = cellTable(mover);
  std::array<std::int32_t, (kCellFeatureBlocks - kPieceBlocks) * kGridCells> features;
  int n = cellFeatures(CellFeature::Capturable, t.capturable, cells, features.data());
  n += cellFeatures(CellFeature::CaptureStart, t.captureStart, cells, features.data() + n);
  n += cellFeatures(CellFeature::CaptureEnd, t.captureEnd, cells, features.data() + n);
  n += cellFeatures(CellFeature::GoalEntryFrom, t.goalEntryFrom, cells, features.data() + n);
  out.insert(out.end(), features.begin(), features.begin() + n);
}

void addTacticalScalars(std::vector<std::int32_t>& out, const Tactics& t, int repetitions) {
  if (repetitions > 0) out.push_back(kRepetitionFeature);
  if (t.longestCapture > 0)
    out.push_back(kCaptureSizeFeature + std::min(t.longestCapture, kCaptureSizeBuckets) - 1);
}

}  // namespace

StateFeatures stateFeatures(const Position& position, Color view) {
  const Color enemy = opposite(view);
  return {kOwnCastleMovesFeature + position.castleMovesUsed(view),
          kEnemyCastleMovesFeature + position.castleMovesUsed(enemy),
          (position.pieces(view) & castleOf(view)).any() ? kMustLeaveFeature : -1,
          kClockFeature + clockBucket(position.clock())};
}

void tacticalFeatures(const Position& position, const MoveList& moves, int repetitions,
                      std::vector<std::int32_t>& out) {
  const Tactics t = tacticsOf(position, moves);
  addTacticalCells(out, t, position.sideToMove());
  addTacticalScalars(out, t, repetitions);
}

void nodeFeatures(const Position& position, const MoveList& moves, int repetitions,
                  std::vector<std::int32_t>& out) {
  const Tactics t = tacticsOf(position, moves);
  addTacticalCells(out, t, position.sideToMove());
  for (const std::int32_t f : stateFeatures(position, position.sideToMove()))
    if (f >= 0) out.push_back(f);
  addTacticalScalars(out, t, repetitions);
}

}  // namespace camelot
