// The mlp's sparse features (nn/features/sparse_features.hpp): exact active lists on hand-built
// positions, read from the side to move's view, the tactical ones from the legal moves.
#include "nn/features/sparse_features.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "engine/cfen.hpp"
#include "engine/rules_status.hpp"
#include "tests/engine/hand_built.hpp"

namespace camelot {
namespace {

using hand_built::sq;

std::vector<std::int32_t> featuresOf(const Position& position, int repetitions = 0) {
  std::vector<std::int32_t> active;
  activeFeatures(position, legalMoves(position), repetitions, active);
  return active;
}

int block(CellFeature b) {
  return static_cast<int>(b) * 192;
}

TEST(SparseFeatures, LayoutConstants) {
  EXPECT_EQ(kOwnCastleMovesFeature, 1536);
  EXPECT_EQ(kClockFeature, 1543);
  EXPECT_EQ(kCaptureSizeFeature, 1552);
  EXPECT_EQ(kSparseFeatureCount, 1560);
  EXPECT_EQ(kMoveKinds, 10);
}

TEST(SparseFeatures, StartPositionHasItsPiecesAndTheConstantsOnly) {
  const std::vector<std::int32_t> f = featuresOf(Position::start());
  ASSERT_EQ(f.size(), 31u);  // 28 pieces, two castle-move counts, the clock
  const auto inBlock = [&](CellFeature b) {
    return std::count_if(f.begin(), f.end(),
                         [&](int x) { return x >= block(b) && x < block(b) + 192; });
  };
  EXPECT_EQ(inBlock(CellFeature::OwnMan), 10);
  EXPECT_EQ(inBlock(CellFeature::OwnKnight), 4);
  EXPECT_EQ(inBlock(CellFeature::EnemyMan), 10);
  EXPECT_EQ(inBlock(CellFeature::EnemyKnight), 4);
  // White's man on F6: row 5, column 5.
  EXPECT_NE(std::find(f.begin(), f.end(), 5 * 12 + 5), f.end());
  EXPECT_EQ(f[28], kOwnCastleMovesFeature);
  EXPECT_EQ(f[29], kEnemyCastleMovesFeature);
  EXPECT_EQ(f[30], kClockFeature);
}

TEST(SparseFeatures, BlackSeesTheBoardFromItsSide) {
  Position p;
  p.put(sq("F6"), {Color::White, PieceKind::Man});
  p.put(sq("E11"), {Color::Black, PieceKind::Knight});
  p.setSideToMove(Color::Black);
  const std::vector<std::int32_t> f = featuresOf(p);
  // Black's knight on E11: row 16 - 11 = 5, column 4. White's man on F6: row 10, column 5.
  EXPECT_EQ(f[0], block(CellFeature::OwnKnight) + 5 * 12 + 4);
  EXPECT_EQ(f[1], block(CellFeature::EnemyMan) + 10 * 12 + 5);
}

// R4: the one legal move is the capture F8xF10; the features name the captured piece, where the
// capture starts and ends, and its size.
TEST(SparseFeatures, R4CaptureFeaturesComeFromTheLegalMoves) {
  Position p;
  p.put(sq("F8"), {Color::White, PieceKind::Man});
  p.put(sq("F9"), {Color::Black, PieceKind::Man});
  p.put(sq("A12"), {Color::Black, PieceKind::Man});
  p.setClock(60);
  const std::vector<std::int32_t> expected = {
      block(CellFeature::OwnMan) + 7 * 12 + 5,        // F8
      block(CellFeature::EnemyMan) + 8 * 12 + 5,      // F9
      block(CellFeature::EnemyMan) + 11 * 12 + 0,     // A12
      block(CellFeature::Capturable) + 8 * 12 + 5,    // F9
      block(CellFeature::CaptureStart) + 7 * 12 + 5,  // F8
      block(CellFeature::CaptureEnd) + 9 * 12 + 5,    // F10
      kOwnCastleMovesFeature,
      kEnemyCastleMovesFeature,
      kClockFeature + 4,  // clock 60: the bucket from 55
      kCaptureSizeFeature + 0,
  };
  EXPECT_EQ(featuresOf(p), expected);
  // An earlier occurrence (R9 e) adds the repetition feature before the capture size.
  std::vector<std::int32_t> repeated = expected;
  repeated.insert(repeated.end() - 1, kRepetitionFeature);
  EXPECT_EQ(featuresOf(p, 1), repeated);
}

// R8/R9 a: a man next to the goal has moves onto it; R7: a piece on its own castle must leave.
TEST(SparseFeatures, R7R8GoalEntriesAndTheMustLeaveObligation) {
  Position p;
  p.put(sq("F15"), {Color::White, PieceKind::Man});
  p.put(sq("B5"), {Color::White, PieceKind::Man});
  p.put(sq("B3"), {Color::Black, PieceKind::Man});
  p.put(sq("K3"), {Color::Black, PieceKind::Man});
  ASSERT_FALSE(legalMoves(p).empty());
  const std::vector<std::int32_t> f = featuresOf(p);
  EXPECT_NE(std::find(f.begin(), f.end(), block(CellFeature::GoalEntryFrom) + 14 * 12 + 5),
            f.end());
  EXPECT_EQ(std::find(f.begin(), f.end(), kMustLeaveFeature), f.end());

  Position onCastle;
  onCastle.put(sq("G1"), {Color::White, PieceKind::Knight});
  onCastle.put(sq("L8"), {Color::White, PieceKind::Man});
  onCastle.put(sq("B14"), {Color::Black, PieceKind::Man});
  onCastle.put(sq("K14"), {Color::Black, PieceKind::Man});
  onCastle.setCastleMovesUsed(Color::Black, 2);
  const std::vector<std::int32_t> g = featuresOf(onCastle);
  EXPECT_NE(std::find(g.begin(), g.end(), kMustLeaveFeature), g.end());
  EXPECT_NE(std::find(g.begin(), g.end(), kEnemyCastleMovesFeature + 2), g.end());
}

TEST(SparseFeatures, ClockBucketsAndMoveKinds) {
  EXPECT_EQ(clockBucket(0), 0);
  EXPECT_EQ(clockBucket(9), 0);
  EXPECT_EQ(clockBucket(10), 1);
  EXPECT_EQ(clockBucket(94), 6);
  EXPECT_EQ(clockBucket(99), 7);
  const MoveList start = legalMoves(Position::start());
  for (const Move& m : start)
    EXPECT_EQ(moveKind(m), m.kind == MoveKind::Canter ? 1 : 0);
  Position p;
  p.put(sq("F8"), {Color::White, PieceKind::Man});
  p.put(sq("F9"), {Color::Black, PieceKind::Man});
  p.put(sq("F11"), {Color::Black, PieceKind::Man});
  const MoveList captures = legalMoves(p);
  ASSERT_EQ(captures.size(), 1u);
  EXPECT_EQ(moveKind(captures[0]), 3);  // two pieces taken: F8xF10xF12
}

// Alpha-beta's horizon and Descent's children hand the network their tactical moves alone
// (generateTacticalMoves): the features must be those of the full list. Random games reach goal
// entries (R8), compulsory captures (R4) and positions without quiet moves.
TEST(SparseFeatures, TheTacticalMovesGiveTheFeaturesOfTheFullList) {
  std::mt19937_64 rng(35);
  MoveList all, tactical;
  std::vector<std::int32_t> fromAll, fromTactical;
  int goalEntries = 0;
  for (int game = 0; game < 100; ++game) {
    Position p = Position::start();
    for (int ply = 0; ply < 300; ++ply) {
      legalMoves(p, all);
      if (all.empty()) break;
      const bool leftOut = legalTacticalMoves(p, tactical);
      EXPECT_EQ(leftOut, tactical.size() < all.size()) << toCfen(p);
      fromAll.clear();
      fromTactical.clear();
      activeFeatures(p, all, 0, fromAll);
      activeFeatures(p, tactical, 0, fromTactical);
      ASSERT_EQ(fromTactical, fromAll) << toCfen(p);
      for (const Move& m : tactical)
        goalEntries += !m.isCapture();
      p = p.after(all[std::uniform_int_distribution<std::size_t>(0, all.size() - 1)(rng)]);
    }
  }
  EXPECT_GT(goalEntries, 0) << "no goal entry was met: the games test less than they should";
}

}  // namespace
}  // namespace camelot
