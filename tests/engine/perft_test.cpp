// perft from the start position (R10: the leaves of the tree of distinct moves): the known counts
// to depth 3, both counting modes agreeing, perftDivide summing to perft, and depth 0.

#include "engine/perft.hpp"

#include <gtest/gtest.h>

#include <cstdint>

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
  const auto divide = perftDivide(start, 2);
  ASSERT_EQ(divide.size(), 100u);
  std::uint64_t total = 0;
  for (const auto& [move, count] : divide) {
    EXPECT_EQ(count, perft(start.after(move), 1));
    total += count;
  }
  EXPECT_EQ(total, 10'026u);
}

}  // namespace
}  // namespace camelot
