// Grand Camelot's move search on the worst boards GFEN accepts: no player holds more pieces
// than G2 gives him, and a capture chain through a lattice of every enemy piece, which has
// exponentially many paths, is searched in bounded work (a chain state reached twice is
// searched once) and still finds every distinct move (G13).

#include <gtest/gtest.h>

#include <string>

#include "engine/grand/grand_rules.hpp"

namespace camelot::grand {
namespace {

std::string gfenError(const std::string& gfen) {
  try {
    parseGfen(gfen);
  } catch (const GfenError& e) {
    return e.what();
  }
  return "(read)";
}

TEST(GrandGfen, G2_NoPlayerHoldsMorePiecesThanHeStartsWith) {
  // Green's rank 14 of the start with one more man, then with a fifth knight.
  EXPECT_EQ(gfenError("2/8/2GggggG2/4GggG4/6gg6/1B10Y1/1bB8Yy1/2bbb6yyy2/2bbb6yyy2/1bB8Yy1/"
                      "1B10Y1/6rr6/4RrrR4/2RrrrrR2/8/2 r 0 0 0 0 0"),
            "(read)");
  EXPECT_EQ(gfenError("2/8/2GggggG2/4GggG4/6ggg5/1B10Y1/1bB8Yy1/2bbb6yyy2/2bbb6yyy2/1bB8Yy1/"
                      "1B10Y1/6rr6/4RrrR4/2RrrrrR2/8/2 r 0 0 0 0 0"),
            "bad GFEN: Green has 9 men, at most 8 exist");
  EXPECT_EQ(gfenError("2/8/2GggggG2/4GggG4/6gGg5/1B10Y1/1bB8Yy1/2bbb6yyy2/2bbb6yyy2/1bB8Yy1/"
                      "1B10Y1/6rr6/4RrrR4/2RrrrrR2/8/2 r 0 0 0 0 0"),
            "bad GFEN: Green has 5 knights, at most 4 exist");
  // A board like the one that once hung the search: Yellow men in a lattice.
  EXPECT_EQ(gfenError("2/8/10/y1y1y1y1y1y1/14/y1y1y1y1y1y1y1/14/y1y1y1y1y1y1y1y1/"
                      "1R14/y1y1y1y1y1y1y1/14/y1y1y1y1y1y1y1/12/10/8/2 r 0 0 0 0 0"),
            "bad GFEN: Yellow has 35 men, at most 8 exist");
}

// Every enemy piece (Green's and Yellow's twelve) on the edges of a 4 x 4 grid of empty
// squares two apart, and a Red knight on one of them: a jump leads from every square of the
// grid to each neighbour, over a piece each jump takes, so the chains are the grid's trails.
GrandPosition lattice(int knightFile, int knightRank) {
  GrandPosition position;
  int placed = 0;
  const auto place = [&](int file, int rank) {
    const Player owner = placed % 2 == 0 ? Player::Green : Player::Yellow;
    position.board[makeSquare(file, rank)] = Piece::of(owner, placed / 2 % 3 == 0);
    ++placed;
  };
  for (int rank = 6; rank <= 12; rank += 2)
    for (int file = 4; file <= 10; file += 2) {
      if (file < 10) place(file + 1, rank);
      if (rank < 12) place(file, rank + 1);
    }
  position.board[makeSquare(knightFile, knightRank)] = Piece::of(Player::Red, true);
  return position;
}

TEST(GrandMoveSearch, G6_G13_ALatticeOfEveryEnemyPieceIsSearchedInBoundedWork) {
  std::int64_t mostSteps = 0;
  for (int rank = 6; rank <= 12; rank += 2)
    for (int file = 4; file <= 10; file += 2) {
      const GrandPosition position = lattice(file, rank);
      ASSERT_EQ(position.piecesOf(Player::Green), 12);
      ASSERT_EQ(position.piecesOf(Player::Yellow), 12);
      ASSERT_NO_THROW(parseGfen(toGfen(position)));  // a board GFEN accepts
      const std::int64_t steps = captureSearchSteps(position);
      mostSteps = std::max(mostSteps, steps);
      // G2's transposition is a symmetry of the rules: the same moves, mapped.
      EXPECT_EQ(legalMoves(position).size(), legalMoves(transposed(position)).size())
          << toGfen(position);
    }
  // 16,919 at the worst square when written (27,384 without the states kept).
  EXPECT_LT(mostSteps, 20'000);
  // One of them in full: from the lattice's corner, every move captures (G5).
  const std::vector<GrandMove> moves = legalMoves(lattice(4, 6));
  ASSERT_FALSE(moves.empty());
  for (const GrandMove& move : moves)
    EXPECT_FALSE(move.captured.empty()) << notation(move);
}

}  // namespace
}  // namespace camelot::grand
