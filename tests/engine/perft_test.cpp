// perft from the start position (R10: the leaves of the tree of distinct moves): the known counts
// to depth 3, both counting modes agreeing, perftDivide summing to perft, and depth 0; and the
// count without listing (countMoves, perft's last ply) against the list on the rare rules.

#include "engine/perft.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>

#include "engine/movegen.hpp"
#include "engine/perft_divide.hpp"
#include "tests/engine/random_placements.hpp"

namespace camelot {
namespace {

TEST(PerftR10, DepthZeroIsOneLeaf) {
  EXPECT_EQ(perft(Position::start(), 0), 1u);
}

TEST(PerftR10, StartPositionDepth1) {
  EXPECT_EQ(perft(Position::start(), 1), 100u);
}

TEST(PerftR10, StartPositionDepth2) {
  EXPECT_EQ(perft(Position::start(), 2), 10'026u);
}

TEST(PerftR10, StartPositionDepth3) {
  EXPECT_EQ(perft(Position::start(), 3), 1'070'822u);
}

TEST(PerftR10, PlayLeavesAgreesWithBulkCountAtDepth3) {
  const Position start = Position::start();
  EXPECT_EQ(perft(start, 3, PerftMode::PlayLeaves), perft(start, 3, PerftMode::BulkCount));
}

TEST(PerftR10, DivideAtDepth2SumsToPerft) {
  const Position start = Position::start();
  const auto divide = perftDivide<StandardRules>(start, 2);
  ASSERT_EQ(divide.size(), 100u);
  std::uint64_t total = 0;
  for (const auto& [move, count] : divide) {
    EXPECT_EQ(count, perft(start.after(move), 1));
    total += count;
  }
  EXPECT_EQ(total, 10'026u);
}

// R4-R8, R10: counting without listing the plain moves and canters gives the list's size in
// every scenario of the rare rules (must-leave, castle moves, long canters and jump chains).
TEST(PerftR10, CountingEqualsListingOnRandomPlacements) {
  std::mt19937_64 rng(41);
  MoveList listed, scratch;
  for (int scenario = 0; scenario < random_placements::kScenarioCount; ++scenario) {
    for (int i = 0; i < 300; ++i) {
      const Position p = random_placements::randomPlacement(rng, scenario);
      generateMoves(p, listed);
      ASSERT_EQ(countMoves(p, scratch), listed.size())
          << random_placements::scenarioName(scenario) << " #" << i;
    }
  }
}

}  // namespace
}  // namespace camelot
