#pragma once
// The network's input planes and its policy index. Torch-free: the search-side evaluator, the
// trainer and the replay buffer all encode through here.
//
// The grid is 16 rows (ranks) by 12 columns (files), seen from the side to move: White's
// positions as they are (rank 1 is row 0), Black's flipped top to bottom (rank 16 is row 0),
// so the mover's own castle is always at the bottom and "forward" is always up. Columns are
// files A..L in both cases, so the left-right mirror of a position mirrors its planes.
// docs/network.md lists every plane.

#include <cstdint>
#include <span>
#include <vector>

#include "engine/move.hpp"
#include "engine/movegen.hpp"
#include "engine/position.hpp"

namespace camelot {

// Bumped whenever the planes change meaning; checkpoints record it. 2: the capture start and
// end planes.
inline constexpr int kEncodingVersion = 2;

inline constexpr int kGridRows = 16;
inline constexpr int kGridColumns = 12;
inline constexpr int kGridCells = kGridRows * kGridColumns;  // 192; 160 are real squares
inline constexpr int kMaxHistoryPlies = 8;

// One logit per (from cell, to cell) of the mover's grid: from * kGridCells + to.
inline constexpr int kPolicySize = kGridCells * kGridCells;

// Planes for a network that sees `historyPlies` earlier positions, with or without the eight
// tactical planes (NetworkConfig::tacticalPlanes, docs/network.md).
int inputPlaneCount(int historyPlies, bool tacticalPlanes);

// The cell (row * kGridColumns + column) of real square `s` seen by `perspective`.
int cellOf(Square s, Color perspective);
// cellOf's table for `perspective`, indexed by square, for loops over many squares.
const std::int16_t* cellTable(Color perspective);
// The cell of the same square after the left-right mirror (the same for both perspectives).
int mirroredCell(int cell);

// Writes the planes of `position` into `out` (inputPlaneCount(historyPlies, tacticalPlanes) *
// kGridCells floats, plane-major, every value written). `history` holds the positions before
// it, oldest first; only its last `historyPlies` are used and missing ones (the start of a game)
// encode as empty boards. `repetitions` is the earlier occurrences of the position
// (EvaluationRequest).
void encodePosition(const Position& position, std::span<const Position> history, int repetitions,
                    int historyPlies, bool tacticalPlanes, std::span<float> out);

// The policy index of `move` for the side to move `mover`.
int policyIndex(const Move& move, Color mover);
// The same for `position`'s side to move (nn/features/grand_features.hpp has Grand Camelot's).
inline int policyIndexOf(const Position& position, const Move& move) {
  return policyIndex(move, position.sideToMove());
}
// The index of the same (from, to) pair after the left-right mirror.
int mirroredPolicyIndex(int index);

// The legal moves of a position grouped by policy index: moves that share (from, to) share one
// logit and split its probability evenly (R10 paths and capture choices with the same ends).
struct LegalPolicy {
  std::vector<std::int32_t> indices;      // distinct policy indices, in first-move order
  std::vector<std::int32_t> slotOfMove;   // for each move, its position in `indices`
  std::vector<std::int32_t> movesInSlot;  // for each index, how many moves share it

  // Rebuilds the grouping for `moves` played by `mover` (reuses the vectors' storage).
  void assign(const MoveList& moves, Color mover);
  // The same for moves whose policy indices are given, one per move (another variant's).
  void assign(std::span<const std::int32_t> moveIndices);
  std::size_t size() const { return indices.size(); }

 private:
  // Groups n moves by indexOf(m), the policy index of move m.
  template <class IndexOf>
  void group(std::size_t n, IndexOf indexOf);
  // An open-addressing table from policy index to slot, kept so that assign allocates nothing
  // once it has seen its largest move list.
  std::vector<std::int32_t> slotTable_;
};

// legal.assign for the moves of `position` (the overload the variants' evaluators share).
inline void assignLegalPolicy(LegalPolicy& legal, const Position& position, const MoveList& moves) {
  legal.assign(moves, position.sideToMove());
}

// Priors over the moves from one logit per distinct index: a softmax over the distinct
// indices (nothing outside the legal moves gets probability), each split evenly among the moves
// that share it. `priors` has one entry per move.
void priorsFromLogits(const LegalPolicy& legal, std::span<const float> logits,
                      std::span<float> priors);

}  // namespace camelot
