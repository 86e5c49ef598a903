#include "nn/features/encoding.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <stdexcept>
#include <string>

namespace camelot {
namespace {

// Planes per position (own men, own knights, enemy men, enemy knights) and the planes after
// the positions: real squares, own castle, enemy castle, own castle moves left, enemy castle
// moves left, pending must-leave, clock, repetitions (docs/network.md).
constexpr int kPiecePlanes = 4;
constexpr int kExtraPlanes = 8;
// Enemy pieces the mover can capture, own pieces the opponent could capture, own pieces that
// can enter the goal, enemy pieces that could enter the own castle; closeness to the own castle
// and to the goal; where the mover's captures start and where they end.
constexpr int kTacticalPlanes = 8;
// A capture's size on the start and end planes: pieces taken / 8, at most 1.
constexpr int kCaptureScale = 8;
constexpr std::size_t kCells = kGridCells;

// The cell of every grid square seen by each perspective; -1 off the board.
using CellTable = std::array<std::int16_t, kGridSquares>;

constexpr CellTable makeCellTable(Color perspective) {
  CellTable table{};
  for (int s = 0; s < kGridSquares; ++s) {
    const auto sq = static_cast<Square>(s);
    if (!isRealSquare(sq)) {
      table[s] = -1;
      continue;
    }
    const int row = perspective == Color::White ? rankOf(sq) - 1 : kRanks - rankOf(sq);
    table[s] = static_cast<std::int16_t>(row * kGridColumns + fileOf(sq));
  }
  return table;
}

constexpr std::array<CellTable, 2> kCellTables = {makeCellTable(Color::White),
                                                  makeCellTable(Color::Black)};

// 1 on the cells of real squares. The outline is symmetric top to bottom, so both perspectives
// share it.
constexpr std::array<float, kGridCells> makeRealMask() {
  std::array<float, kGridCells> mask{};
  for (int s = 0; s < kGridSquares; ++s)
    if (kCellTables[0][s] >= 0) mask[kCellTables[0][s]] = 1.0f;
  return mask;
}

constexpr std::array<float, kGridCells> kRealMask = makeRealMask();

// (15 - d) / 15 on real cells, d the king steps (Chebyshev distance) to the nearer castle
// square of `row` (0: the mover's own castle, 15: its goal), columns 5 and 6 in both.
constexpr std::array<float, kGridCells> makeCastleCloseness(int castleRow) {
  constexpr int kCastleLeft = 5;
  constexpr int kCastleRight = 6;
  std::array<float, kGridCells> plane{};
  for (int cell = 0; cell < kGridCells; ++cell) {
    const int row = cell / kGridColumns;
    const int column = cell % kGridColumns;
    const int rows = std::max(row - castleRow, castleRow - row);
    const int columns = std::max({kCastleLeft - column, column - kCastleRight, 0});
    const int steps = std::max(rows, columns);
    plane[cell] = kRealMask[cell] * static_cast<float>(kGridRows - 1 - steps) /
                  static_cast<float>(kGridRows - 1);
  }
  return plane;
}

constexpr std::array<float, kGridCells> kOwnCastleCloseness = makeCastleCloseness(0);
constexpr std::array<float, kGridCells> kGoalCloseness = makeCastleCloseness(kGridRows - 1);

// Sets out[cell(s)] = 1 for every square of b.
inline void setCells(Bitboard b, const std::int16_t* cell, float* out) {
  const auto& words = b.words();
  for (int i = 0; i < 4; ++i) {
    std::uint64_t w = words[i];
    while (w != 0) {
      const int s = i * 64 + std::countr_zero(w);
      w &= w - 1;
      out[cell[s]] = 1.0f;
    }
  }
}

// The four piece planes of `p` with `us` as own side.
inline void writePieces(const Position& p, Color us, const std::int16_t* cell, float* out) {
  const Color them = opposite(us);
  setCells(p.men(us), cell, out);
  setCells(p.knights(us), cell, out + kCells);
  setCells(p.men(them), cell, out + 2 * kCells);
  setCells(p.knights(them), cell, out + 3 * kCells);
}

// value on every real square (the plane is already zero elsewhere).
inline void writeConstant(float value, float* out) {
  for (std::size_t i = 0; i < kCells; ++i)
    out[i] = kRealMask[i] * value;
}

// The pieces of `p`'s side to move that one legal move could capture (to `captures`) and the
// own pieces with a legal move onto the goal (to `entries`, castle moves within it excluded).
// With `starts` and `ends`, also the squares where its captures start and end, each valued by
// the most pieces one capture starting or ending there takes.
void writeMoveReach(const Position& p, const std::int16_t* cell, float* captures, float* entries,
                    float* starts = nullptr, float* ends = nullptr) {
  thread_local MoveList moves;
  generateTacticalMoves(p, moves);  // captures and goal entries: all that is read here
  const Bitboard goal = goalOf(p.sideToMove());
  Bitboard captured;
  Bitboard entering;
  for (const Move& m : moves) {
    if (m.isCapture()) {
      captured |= m.capturedSquares();
      if (starts != nullptr) {
        const float size = static_cast<float>(std::min(m.jumpSteps(), kCaptureScale)) /
                           static_cast<float>(kCaptureScale);
        float& start = starts[cell[m.from()]];
        float& end = ends[cell[m.to()]];
        start = std::max(start, size);
        end = std::max(end, size);
      }
    }
    if (goal.test(m.to()) && !goal.test(m.from())) entering.set(m.from());
  }
  setCells(captured, cell, captures);
  setCells(entering, cell, entries);
}

// The tactical planes: what the rules let each side do next, read from the move generator so
// that a small net need not learn to see jumps (R2, R4, R5) and goal entries (R8) in the piece
// planes first (KataGo feeds its net liberties and ladders for the same reason), and how far
// each square is from the two castles, which a race to the goal (R9 a) is counted in. The
// opponent's half is what it could do if it were to move now. The capture start and end
// planes let the policy head, whose logit for a move is a product of its start and end
// squares' features, see a long capture (a knight's charge takes up to a dozen pieces, R5).
void writeTactics(const Position& p, const std::int16_t* cell, float* out) {
  Position passed = p;
  passed.setSideToMove(opposite(p.sideToMove()));
  writeMoveReach(p, cell, out, out + 2 * kCells, out + 6 * kCells, out + 7 * kCells);
  writeMoveReach(passed, cell, out + kCells, out + 3 * kCells);
  std::copy(kOwnCastleCloseness.begin(), kOwnCastleCloseness.end(), out + 4 * kCells);
  std::copy(kGoalCloseness.begin(), kGoalCloseness.end(), out + 5 * kCells);
}

void checkHistoryPlies(int historyPlies) {
  if (historyPlies < 0 || historyPlies > kMaxHistoryPlies)
    throw std::invalid_argument("historyPlies must be in 0.." + std::to_string(kMaxHistoryPlies) +
                                " (got " + std::to_string(historyPlies) + ")");
}

}  // namespace

int inputPlaneCount(int historyPlies, bool tacticalPlanes) {
  checkHistoryPlies(historyPlies);
  return kPiecePlanes * (historyPlies + 1) + kExtraPlanes + (tacticalPlanes ? kTacticalPlanes : 0);
}

int cellOf(Square s, Color perspective) {
  return kCellTables[index(perspective)][s];
}

const std::int16_t* cellTable(Color perspective) {
  return kCellTables[index(perspective)].data();
}

int mirroredCell(int cell) {
  const int row = cell / kGridColumns;
  const int column = cell % kGridColumns;
  return row * kGridColumns + (kGridColumns - 1 - column);
}

void encodePosition(const Position& position, std::span<const Position> history, int repetitions,
                    int historyPlies, bool tacticalPlanes, std::span<float> out) {
  const int planes = inputPlaneCount(historyPlies, tacticalPlanes);
  const std::size_t expected = static_cast<std::size_t>(planes) * kCells;
  if (out.size() != expected)
    throw std::invalid_argument("encodePosition: output holds " + std::to_string(out.size()) +
                                " floats, expected " + std::to_string(expected) + " (" +
                                std::to_string(planes) + " planes of " +
                                std::to_string(kGridCells) + " cells)");

  float* o = out.data();
  std::fill(out.begin(), out.end(), 0.0f);

  const Color us = position.sideToMove();
  const Color them = opposite(us);
  const std::int16_t* cell = kCellTables[index(us)].data();

  writePieces(position, us, cell, o);
  const std::size_t available = history.size();
  for (int h = 1; h <= historyPlies; ++h) {
    if (static_cast<std::size_t>(h) > available) break;  // the rest stay empty boards
    writePieces(history[available - static_cast<std::size_t>(h)], us, cell,
                o + static_cast<std::size_t>(kPiecePlanes * h) * kCells);
  }

  float* extra = o + static_cast<std::size_t>(kPiecePlanes * (historyPlies + 1)) * kCells;
  std::copy(kRealMask.begin(), kRealMask.end(), extra);
  setCells(castleOf(us), cell, extra + kCells);
  setCells(castleOf(them), cell, extra + 2 * kCells);
  constexpr float kCastleScale = 1.0f / static_cast<float>(kMaxCastleMoves);
  writeConstant(static_cast<float>(kMaxCastleMoves - position.castleMovesUsed(us)) * kCastleScale,
                extra + 3 * kCells);
  writeConstant(static_cast<float>(kMaxCastleMoves - position.castleMovesUsed(them)) * kCastleScale,
                extra + 4 * kCells);
  setCells(position.pieces(us) & castleOf(us), cell, extra + 5 * kCells);  // R7 must-leave
  writeConstant(
      static_cast<float>(std::min(position.clock(), kClockLimit)) / static_cast<float>(kClockLimit),
      extra + 6 * kCells);
  writeConstant(static_cast<float>(std::clamp(repetitions, 0, 2)) / 2.0f, extra + 7 * kCells);
  if (tacticalPlanes) writeTactics(position, cell, extra + kExtraPlanes * kCells);
}

int policyIndex(const Move& move, Color mover) {
  const CellTable& cell = kCellTables[index(mover)];
  return cell[move.from()] * kGridCells + cell[move.to()];
}

int mirroredPolicyIndex(int index) {
  return mirroredCell(index / kGridCells) * kGridCells + mirroredCell(index % kGridCells);
}

template <class IndexOf>
void LegalPolicy::group(std::size_t n, IndexOf indexOf) {
  // Sized for n up front and trimmed at the end: no capacity check per move.
  indices.resize(n);
  slotOfMove.resize(n);
  movesInSlot.resize(n);
  if (n == 0) return;

  // A power of two at least twice the moves: probe chains stay short.
  const std::size_t tableSize = std::max<std::size_t>(64, std::bit_ceil(2 * n));
  if (slotTable_.size() < tableSize) slotTable_.resize(tableSize);
  std::fill_n(slotTable_.begin(), tableSize, -1);
  const std::size_t mask = tableSize - 1;
  const int shift = 32 - std::countr_zero(tableSize);

  std::int32_t slots = 0;
  for (std::size_t m = 0; m < n; ++m) {
    const std::int32_t idx = indexOf(m);
    // Fibonacci hashing of the index: the top bits of a multiplication by 2^32 / phi.
    std::size_t h = (static_cast<std::uint32_t>(idx) * 2654435769u) >> shift;
    std::int32_t slot;
    while (true) {
      slot = slotTable_[h];
      if (slot < 0) {
        slot = slots++;
        slotTable_[h] = slot;
        indices[static_cast<std::size_t>(slot)] = idx;
        movesInSlot[static_cast<std::size_t>(slot)] = 0;
        break;
      }
      if (indices[static_cast<std::size_t>(slot)] == idx) break;
      h = (h + 1) & mask;
    }
    slotOfMove[m] = slot;
    ++movesInSlot[static_cast<std::size_t>(slot)];
  }
  indices.resize(static_cast<std::size_t>(slots));
  movesInSlot.resize(static_cast<std::size_t>(slots));
}

void LegalPolicy::assign(const MoveList& moves, Color mover) {
  const CellTable& cell = kCellTables[index(mover)];
  group(moves.size(),
        [&](std::size_t m) { return cell[moves[m].from()] * kGridCells + cell[moves[m].to()]; });
}

void LegalPolicy::assign(std::span<const std::int32_t> moveIndices) {
  group(moveIndices.size(), [&](std::size_t m) { return moveIndices[m]; });
}

void priorsFromLogits(const LegalPolicy& legal, std::span<const float> logits,
                      std::span<float> priors) {
  const std::size_t slots = legal.size();
  const std::size_t moves = legal.slotOfMove.size();
  if (logits.size() != slots)
    throw std::invalid_argument("priorsFromLogits: " + std::to_string(logits.size()) +
                                " logits for " + std::to_string(slots) + " policy indices");
  if (priors.size() != moves)
    throw std::invalid_argument("priorsFromLogits: " + std::to_string(priors.size()) +
                                " priors for " + std::to_string(moves) + " moves");
  if (legal.movesInSlot.size() != slots)
    throw std::invalid_argument("priorsFromLogits: inconsistent LegalPolicy");
  if (moves == 0) return;

  const float maxLogit = *std::max_element(logits.begin(), logits.end());
  // Each slot's share, written to priors[slot] (slots <= moves), then spread to the moves.
  float sum = 0.0f;
  for (std::size_t s = 0; s < slots; ++s) {
    const float e = std::exp(logits[s] - maxLogit);
    priors[s] = e;
    sum += e;
  }
  const float scale = 1.0f / sum;
  for (std::size_t s = 0; s < slots; ++s)
    priors[s] *= scale / static_cast<float>(legal.movesInSlot[s]);
  // A move's slot is never after the move itself (slots are numbered in first-move order), so
  // filling from the last move down reads every slot's share before it is overwritten.
  for (std::size_t m = moves; m-- > 0;)
    priors[m] = priors[static_cast<std::size_t>(legal.slotOfMove[m])];
}

}  // namespace camelot
