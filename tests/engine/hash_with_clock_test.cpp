// hashWithClock (engine/game_rules.hpp), the key of Descent's nodes and of the network judge's
// values: one Grand board with every player to move at every clock (G12.6) gets as many keys.

#include <gtest/gtest.h>

#include <unordered_set>

#include "engine/game.hpp"

namespace camelot {
namespace {

// A Descent run crashed on this board: Green to move at clock 0 and Blue to move at clock 1 had
// one key, and the tree took one position for the other.
TEST(HashWithClock, GrandPlayersAndClocksAllGetTheirOwnKeys) {
  const grand::GrandPosition board =
      grand::parseGfen("R1/8/10/12/14/7g6/13g/Y15/16/14/4y9/12y1/12/10/8/2 b 2 0 0 1 1");
  std::unordered_set<std::uint64_t> keys;
  for (int player = 0; player < grand::kPlayers; ++player)
    for (int clock = 0; clock <= grand::kClockLimit; ++clock) {
      grand::GrandPosition p = board;
      p.toMove = grand::playerAt(player);
      p.clock = clock;
      keys.insert(hashWithClock<GrandRules>(p));
    }
  EXPECT_EQ(keys.size(), static_cast<std::size_t>(grand::kPlayers * (grand::kClockLimit + 1)));
}

}  // namespace
}  // namespace camelot
