#include "nn/features/grand_features.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>

#include "engine/game.hpp"
#include "nn/features/sparse_features.hpp"

namespace camelot {
namespace {

using grand::GrandMove;
using grand::GrandPosition;
using grand::Player;
using grand::Square;

using ViewTable = std::array<std::int16_t, kGrandCells>;

// Each player's view: the square every cell of the grid is seen as.
const std::array<ViewTable, grand::kPlayers> kViews = [] {
  std::array<ViewTable, grand::kPlayers> views{};
  for (int s = 0; s < kGrandCells; ++s) {
    const auto square = static_cast<Square>(s);
    const Square transposed = grand::transposedSquare(square);
    views[0][static_cast<std::size_t>(s)] = square;
    views[1][static_cast<std::size_t>(s)] = grand::halfTurnedSquare(square);
    views[2][static_cast<std::size_t>(s)] = transposed;
    views[3][static_cast<std::size_t>(s)] = grand::halfTurnedSquare(transposed);
  }
  return views;
}();

// G12.6's 200 plies in eight buckets, finer toward the end.
constexpr std::array<int, kGrandClockBuckets - 1> kClockThresholds = {20,  50,  80, 110,
                                                                      140, 170, 190};

// 0 own, 1 partner, 2 opposite opponent, 3 side opponent.
int roleOf(Player owner, Player mover) {
  if (owner == mover) return 0;
  if (owner == grand::partnerOf(mover)) return 1;
  return owner == grand::oppositeOf(mover) ? 2 : 3;
}

std::int32_t cellFeature(GrandCellFeature block, Square s, Player mover) {
  return static_cast<std::int32_t>(block) * kGrandCells + grandViewCell(s, mover);
}

// Appends each square of `squares` (a grid-sized set) as a feature of `block`.
void addSquares(std::vector<std::int32_t>& out, GrandCellFeature block,
                const std::array<bool, kGrandCells>& squares, Player mover) {
  grand::forEachNonZeroByte(squares.data(), kGrandCells, [&](int s) {
    out.push_back(cellFeature(block, static_cast<Square>(s), mover));
  });
}

}  // namespace

int grandViewCell(Square s, Player mover) {
  return kViews[static_cast<std::size_t>(grand::index(mover))][s];
}

std::int32_t grandPieceFeature(grand::Piece piece, Square s, Player view) {
  const int role = roleOf(piece.owner(), view);
  return cellFeature(static_cast<GrandCellFeature>(2 * role + (piece.knight() ? 1 : 0)), s, view);
}

void activeFeatures(const GrandPosition& position, const std::vector<GrandMove>& moves,
                    int repetitions, std::vector<std::int32_t>& out) {
  grand::forEachPiece(position, [&](Square square, grand::Piece piece) {
    out.push_back(grandPieceFeature(piece, square, position.toMove));
  });
  nodeFeatures(position, moves, repetitions, out);
}

void nodeFeatures(const GrandPosition& position, const std::vector<GrandMove>& moves,
                  int repetitions, std::vector<std::int32_t>& out) {
  const Player mover = position.toMove;
  // G9 c: a piece of the mover's on one of his non-goal castles (of the eight castle squares).
  bool mustLeave = false;
  for (int p = 0; p < grand::kPlayers; ++p)
    for (const Square s : grand::castleOf(grand::playerAt(p))) {
      const grand::Piece piece = position.board[static_cast<std::size_t>(s)];
      mustLeave = mustLeave ||
                  (!piece.empty() && piece.owner() == mover && grand::onNonGoalCastle(s, mover));
    }

  std::array<bool, kGrandCells> capturable{}, captureStart{}, captureEnd{}, goalEntryFrom{};
  int longestCapture = 0;
  for (const GrandMove& m : moves) {
    if (m.pass()) continue;
    if (!m.captured.empty()) {
      for (const Square s : m.captured)
        capturable[s] = true;
      captureStart[m.path.front()] = true;
      captureEnd[m.path.back()] = true;
      longestCapture = std::max(longestCapture, static_cast<int>(m.captured.size()));
    }
    if (grand::onGoal(m.path.back(), mover) && !grand::onGoal(m.path.front(), mover))
      goalEntryFrom[m.path.front()] = true;
  }
  addSquares(out, GrandCellFeature::Capturable, capturable, mover);
  addSquares(out, GrandCellFeature::CaptureStart, captureStart, mover);
  addSquares(out, GrandCellFeature::CaptureEnd, captureEnd, mover);
  addSquares(out, GrandCellFeature::GoalEntryFrom, goalEntryFrom, mover);

  for (int p = 0; p < grand::kPlayers; ++p) {
    const Player player = grand::playerAt(p);
    out.push_back(kGrandCastleMovesFeature + 3 * roleOf(player, mover) +
                  position.castleMovesUsed[static_cast<std::size_t>(p)]);
  }
  if (mustLeave) out.push_back(kGrandMustLeaveFeature);
  int bucket = 0;
  while (bucket < kGrandClockBuckets - 1 &&
         position.clock >= kClockThresholds[static_cast<std::size_t>(bucket)])
    ++bucket;
  out.push_back(kGrandClockFeature + bucket);
  if (repetitions > 0) out.push_back(kGrandRepetitionFeature);
  if (longestCapture > 0)
    out.push_back(kGrandCaptureSizeFeature + std::min(longestCapture, kGrandCaptureBuckets) - 1);
  if (grand::nextPlayer(mover) == grand::oppositeOf(mover))
    out.push_back(kGrandOppositeNextFeature);
  if (moves.size() == 1 && moves.front().pass()) out.push_back(kGrandPassFeature);
}

std::int32_t grandPolicyIndex(const GrandMove& move, Player mover) {
  if (move.pass()) return 0;
  return grandViewCell(move.path.front(), mover) * kGrandCells +
         grandViewCell(move.path.back(), mover);
}

int moveKind(const GrandMove& move) {
  if (!move.captured.empty())
    return 2 + std::min(static_cast<int>(move.captured.size()), kCaptureSizeBuckets) - 1;
  if (move.pass()) return 0;
  const Square from = move.path.front();
  const Square to = move.path[1];
  const bool step = std::abs(grand::fileOf(from) - grand::fileOf(to)) <= 1 &&
                    std::abs(grand::rankOf(from) - grand::rankOf(to)) <= 1;
  return move.steps() == 1 && step ? 0 : 1;
}

void assignLegalPolicy(LegalPolicy& legal, const GrandPosition& position,
                       const std::vector<GrandMove>& moves) {
  thread_local std::vector<std::int32_t> indices;
  indices.clear();
  for (const GrandMove& m : moves)
    indices.push_back(grandPolicyIndex(m, position.toMove));
  legal.assign(indices);
}

void slotKinds(const LegalPolicy& legal, const std::vector<GrandMove>& moves,
               std::vector<int>& out) {
  out.assign(legal.size(), -1);
  for (std::size_t m = 0; m < moves.size(); ++m) {
    int& kind = out[static_cast<std::size_t>(legal.slotOfMove[m])];
    if (kind < 0) kind = moveKind(moves[m]);
  }
}

}  // namespace camelot
