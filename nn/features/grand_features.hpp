#pragma once
// The mlp's inputs for Grand Camelot: the active sparse features of a position and the policy
// index and kind of each legal move, from the mover's view. Torch-free. docs/network.md lists
// every feature.
//
// The mover's view turns the board so that the player to move sits where Red does (rank 1,
// his goal at the top): Red as it is, Green by the half turn, Blue by the transposition, Yellow
// by both. Pieces are told by role, not by seat: the mover's, his partner's (always on the left
// then), the opposite opponent's (whose castle is the mover's goal, at the top) and the side
// opponent's (on the right). The transposition, the symmetry of the whole game (G2), maps a
// Red-to-move position and its Blue-to-move image onto the same features, so every sample
// teaches both seats of its kind; a half-turned view differs in turn order alone, which one
// feature says (the opposite opponent moves next: Red and Blue to move).

#include <cstdint>
#include <span>
#include <vector>

#include "engine/game_rules.hpp"
#include "engine/grand/grand_rules.hpp"
#include "nn/features/encoding.hpp"

namespace camelot {

// Bumped whenever Grand Camelot's features or policy change meaning; checkpoints record it.
inline constexpr int kGrandEncodingVersion = 1;

inline constexpr int kGrandCells = grand::kGridSquares;  // 256 cells, 180 of them real

// Blocks of one feature per cell of the view.
enum class GrandCellFeature : int {
  OwnMan,
  OwnKnight,
  PartnerMan,
  PartnerKnight,
  OppositeMan,
  OppositeKnight,
  SideMan,
  SideKnight,
  Capturable,     // an enemy piece some legal move of the mover captures
  CaptureStart,   // where a legal capture of the mover starts
  CaptureEnd,     // where it ends
  GoalEntryFrom,  // a piece of the mover's with a legal move onto his goal (not within it)
  Count
};

inline constexpr int kGrandCellBlocks = static_cast<int>(GrandCellFeature::Count);
inline constexpr int kGrandRoles = 4;           // own, partner, opposite, side
inline constexpr int kGrandClockBuckets = 8;    // of G12.6's clock (200)
inline constexpr int kGrandCaptureBuckets = 8;  // the longest capture takes 1, 2, ..., 8+

// The scalar features after the cell blocks, in this order.
inline constexpr int kGrandCastleMovesFeature = kGrandCellBlocks * kGrandCells;  // role*3 + used
inline constexpr int kGrandMustLeaveFeature = kGrandCastleMovesFeature + kGrandRoles * 3;  // G9
inline constexpr int kGrandClockFeature = kGrandMustLeaveFeature + 1;  // + bucket
inline constexpr int kGrandRepetitionFeature = kGrandClockFeature + kGrandClockBuckets;
inline constexpr int kGrandCaptureSizeFeature = kGrandRepetitionFeature + 1;  // + bucket
inline constexpr int kGrandOppositeNextFeature = kGrandCaptureSizeFeature + kGrandCaptureBuckets;
inline constexpr int kGrandPassFeature = kGrandOppositeNextFeature + 1;  // G11: a forced pass
inline constexpr int kGrandFeatureCount = kGrandPassFeature + 1;

// The first eight cell blocks are where the pieces stand.
inline constexpr int kGrandPieceFeatures = 2 * kGrandRoles * kGrandCells;
// The features the integer accumulator's scale allows for (nn/mlp/quantized_mlp.hpp): the
// pieces, 48 at most (G2), and 64 of the others. Those can number more (the enemies capturable,
// the mover's capture starts, goal entries and capture ends, up to a real square each, and ten
// scalars), but random games reach 37 (tests/model/quantized_mlp_test.cpp): a position past
// 64 is evaluated in float, since allowing for every square would halve the scale's precision.
inline constexpr int kGrandMostPieces =
    grand::kPlayers * (grand::kMenPerPlayer + grand::kKnightsPerPlayer);
inline constexpr int kGrandMostNodeFeatures = 64;

// Policy indices: from cell * kGrandCells + to cell of the view; a pass is index 0 (cell 0,
// A1, is not a real square). Kinds as the standard game's (kMoveKinds): plain, canter, then a
// capture by pieces taken; a pass is plain.
inline constexpr int kGrandPolicySize = kGrandCells * kGrandCells;

// The policy indices of a network of the game Rules plays.
template <class Rules>
inline constexpr int kPolicySizeOf =
    Rules::kVariant == Variant::Grand ? kGrandPolicySize : kPolicySize;

// The cell of square `s` in `mover`'s view.
int grandViewCell(grand::Square s, grand::Player mover);

// Appends the active features of `position` (with `moves`, its legal moves, and `repetitions`,
// its earlier occurrences) to `out`, each once: its pieces' (grandPieceFeature, in square
// order), then nodeFeatures'.
void activeFeatures(const grand::GrandPosition& position,
                    const std::vector<grand::GrandMove>& moves, int repetitions,
                    std::vector<std::int32_t>& out);

// The feature of `piece` on `s` in `view`'s view: its role's block (own, partner, opposite,
// side; man or knight) at the square's cell. A move changes a few of these, so the integer
// accumulator keeps their sum from one position to the next (nn/mlp/grand_piece_accumulator.hpp).
std::int32_t grandPieceFeature(grand::Piece piece, grand::Square s, grand::Player view);

// The features after the pieces: the tactical blocks read from the legal moves and the scalar
// features (castle counters, must-leave, clock, repetition, capture size, turn order, pass).
void nodeFeatures(const grand::GrandPosition& position, const std::vector<grand::GrandMove>& moves,
                  int repetitions, std::vector<std::int32_t>& out);

// The policy index of a move of `mover`.
std::int32_t grandPolicyIndex(const grand::GrandMove& move, grand::Player mover);
// The embedding kind of a move (0 plain or pass, 1 canter, 2.. a capture of 1, 2, ... 8+).
int moveKind(const grand::GrandMove& move);

// The legal moves of a position grouped by policy index, as the standard game's.
void assignLegalPolicy(LegalPolicy& legal, const grand::GrandPosition& position,
                       const std::vector<grand::GrandMove>& moves);
// The policy index of `move` for `position`'s player to move.
inline int policyIndexOf(const grand::GrandPosition& position, const grand::GrandMove& move) {
  return grandPolicyIndex(move, position.toMove);
}
// The kind of each slot of `legal`: its first move's.
void slotKinds(const LegalPolicy& legal, const std::vector<grand::GrandMove>& moves,
               std::vector<int>& out);

}  // namespace camelot
