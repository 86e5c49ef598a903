#pragma once
// The mlp's inputs: the active sparse features of a position and the features of each legal
// move, all from the side to move's view (the grid of nn/features/encoding.hpp: the mover's castle
// at the bottom). Torch-free: the plain C++ inference and the trainer both read them.
// docs/network.md lists every feature.
//
// Tactical features come from the legal moves the caller already has (an EvaluationRequest
// carries them): this never generates moves.

#include <array>
#include <cstdint>
#include <vector>

#include "engine/bitboard.hpp"
#include "engine/movegen.hpp"
#include "engine/position.hpp"
#include "nn/features/encoding.hpp"

namespace camelot {

// Blocks of one feature per grid cell (kGridCells each; the 32 cells off the board are never
// active).
enum class CellFeature : int {
  OwnMan,
  OwnKnight,
  EnemyMan,
  EnemyKnight,
  Capturable,     // an enemy piece some legal move of the mover captures
  CaptureStart,   // where a legal capture of the mover starts
  CaptureEnd,     // where it ends
  GoalEntryFrom,  // an own piece with a legal move onto a goal square (not within the goal)
  Count
};

inline constexpr int kCellFeatureBlocks = static_cast<int>(CellFeature::Count);
inline constexpr int kClockBuckets = 8;
inline constexpr int kCaptureSizeBuckets = 8;  // the longest capture takes 1, 2, ..., 8+ pieces

// The scalar features after the cell blocks, in this order.
inline constexpr int kOwnCastleMovesFeature = kCellFeatureBlocks * 192;  // + used (0..2)
inline constexpr int kEnemyCastleMovesFeature = kOwnCastleMovesFeature + 3;
inline constexpr int kMustLeaveFeature = kEnemyCastleMovesFeature + 3;  // R7 pending
inline constexpr int kClockFeature = kMustLeaveFeature + 1;             // + bucket
inline constexpr int kRepetitionFeature = kClockFeature + kClockBuckets;
inline constexpr int kCaptureSizeFeature = kRepetitionFeature + 1;  // + bucket
inline constexpr int kSparseFeatureCount = kCaptureSizeFeature + kCaptureSizeBuckets;

// Move kinds the policy embeds: plain, canter, then a capture by pieces taken (1..8+).
inline constexpr int kMoveKinds = 2 + kCaptureSizeBuckets;

// The clock bucket of R9 f's clock (0..kClockBuckets-1).
int clockBucket(int clock);

// The first four cell blocks: where the pieces stand. They are the features a move changes by
// a few (nn/mlp/piece_accumulator.hpp keeps their sum up to date from one position to the next).
inline constexpr int kPieceBlocks = 4;

// The features the integer accumulator's scale allows for (nn/mlp/quantized_mlp.hpp): 28
// pieces (R2, all there are), and 14 in each tactical block and the six scalars of the node
// features; a position with more (capture ends can outnumber a side's pieces) is evaluated in
// float.
inline constexpr int kMostPieces = 28;
inline constexpr int kMostNodeFeatures = 4 * 14 + 6;

// The squares of each piece block from `view`'s side: own men, own knights, enemy men, enemy
// knights, in CellFeature order.
std::array<Bitboard, kPieceBlocks> pieceBlocks(const Position& position, Color view);

// The feature of a piece of block `block` (0..3) on `square`, seen from `view`'s side.
int pieceFeature(int block, Square square, Color view);

// Appends the active features of `position` (with `moves`, its legal moves, and `repetitions`,
// its earlier occurrences) to `out`, each once, in increasing order within each block: the
// piece features from the mover's view, then the node features below.
void activeFeatures(const Position& position, const MoveList& moves, int repetitions,
                    std::vector<std::int32_t>& out);

// The position's state beside its pieces, from `view`'s side: the castle moves each side has
// used, the must-leave (R7 pending; -1 when not) and the clock's bucket. Like the pieces they
// change by few from one position to the next, so the integer accumulator keeps them with the
// pieces (nn/mlp/piece_accumulator.hpp).
inline constexpr int kStateFeatures = 4;
using StateFeatures = std::array<std::int32_t, kStateFeatures>;
StateFeatures stateFeatures(const Position& position, Color view);

// The node features but the state's: the tactical blocks, the repetition and the capture size
// (nodeFeatures' order).
void tacticalFeatures(const Position& position, const MoveList& moves, int repetitions,
                      std::vector<std::int32_t>& out);

// The features after the piece blocks alone: the tactical blocks read from the legal moves and
// the scalar features (castle counters, must-leave, clock, repetition, capture size). Only the
// captures and goal entries among `moves` are read, so generateTacticalMoves' list gives the
// same features as the full one.
void nodeFeatures(const Position& position, const MoveList& moves, int repetitions,
                  std::vector<std::int32_t>& out);

// The embedding kind of a move (0 plain, 1 canter, 2.. a capture of 1, 2, ... 8+ pieces).
int moveKind(const Move& move);

// The kind of each slot of `legal` (built from `moves`): its first move's. Moves that share a
// (from, to) slot share one logit, so one kind stands for them all.
void slotKinds(const LegalPolicy& legal, const MoveList& moves, std::vector<int>& out);

}  // namespace camelot
