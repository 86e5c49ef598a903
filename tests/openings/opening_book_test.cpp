// The opening book: the start first, then the cheapest move not yet in the book (few plies,
// small margins), values backed up by minimax, everything kept in the database across
// sessions, and balanced positions read back at a given ply. A scripted searcher stands in
// for the network.
#include "openings/opening_book.hpp"

#include <gtest/gtest.h>

#include <map>

#include "engine/cfen.hpp"
#include "engine/notation.hpp"
#include "engine/rules_status.hpp"
#include "tests/openings/key_after.hpp"
#include "tests/scratch_dir.hpp"

namespace camelot {
namespace {

using testing_support::keyAfter;

// Values by position, 0 for any other; counts its searches.
class ScriptedSearcher : public PositionSearcher {
 public:
  double search(const Position& position) override {
    ++searches;
    const auto found = searched.find(position.hash());
    return found == searched.end() ? 0.0 : found->second;
  }
  double estimate(const Position& position) override {
    const auto found = estimated.find(position.hash());
    return found == estimated.end() ? 0.0 : found->second;
  }
  std::map<std::uint64_t, double> searched, estimated;
  int searches = 0;
};

const BookMove& moveOf(const BookPosition& position, const std::string& move) {
  for (const BookMove& m : position.moves)
    if (m.move == move) return m;
  throw std::runtime_error("no move " + move);
}

TEST(OpeningBook, GrowsBestFirstBacksUpByMinimaxAndKeepsItsPositions) {
  const testing_support::ScratchDir dir;
  GameDatabase database(dir / "book.db");
  ScriptedSearcher searcher;
  // Black, after F7-F8, is worse by the quick estimate (White's F7-F8 looks best by 0.2) ...
  searcher.estimated[keyAfter("F7-F8")] = -0.2;
  // ... and a search after it agrees only in part.
  searcher.searched[keyAfter("F7-F8")] = -0.1;
  const std::size_t startMoves = legalMoves(Position::start()).size();

  OpeningBook book(database);
  EXPECT_EQ(book.size(), 0u);
  EXPECT_EQ(book.grow(searcher), std::vector<std::string>{});  // the start first
  EXPECT_EQ(book.size(), 1u);
  std::optional<BookPosition> start = book.position(Position::start().hash());
  ASSERT_TRUE(start);
  EXPECT_EQ(start->moves.size(), startMoves);
  // Unsearched moves: the estimates rank them, the start's search (0) sets the level.
  EXPECT_EQ(start->moves.front().move, "F7-F8");
  EXPECT_DOUBLE_EQ(start->value, 0.0);
  EXPECT_DOUBLE_EQ(moveOf(*start, "E7-E8").value, -0.2);
  EXPECT_DOUBLE_EQ(moveOf(*start, "E7-E8").margin, 0.2);

  // The cheapest move to add is the best one (no margin).
  EXPECT_EQ(book.grow(searcher), std::vector<std::string>{"F7-F8"});
  start = book.position(Position::start().hash());
  const BookMove& best = moveOf(*start, "F7-F8");
  EXPECT_TRUE(best.expanded);
  // Searched, F7-F8 is worth 0.1 to White: the start's value follows by minimax.
  EXPECT_DOUBLE_EQ(best.value, 0.1);
  EXPECT_DOUBLE_EQ(start->value, 0.1);
  EXPECT_DOUBLE_EQ(moveOf(*start, "E7-E8").margin, 0.1 + 0.2);

  // Next: a reply to F7-F8 (two plies, no margin) costs 0.1 against 0.05 + 0.3 for another
  // move of the start.
  const std::optional<std::vector<std::string>> third = book.grow(searcher);
  ASSERT_TRUE(third);
  ASSERT_EQ(third->size(), 2u);
  EXPECT_EQ(third->front(), "F7-F8");
  EXPECT_EQ(searcher.searches, 3);

  // Kept: a new book over the same file holds the same positions and values.
  OpeningBook reopened(database);
  EXPECT_EQ(reopened.size(), 3u);
  EXPECT_DOUBLE_EQ(reopened.position(Position::start().hash())->value,
                   book.position(Position::start().hash())->value);
  EXPECT_FALSE(reopened.position(keyAfter("E7-E8")));

  // One ply from the start, within 0.15 of even (Black's view): after F7-F8, where Black's
  // searched reply scores 0 (better for Black than the -0.1 of the search before it), and none
  // of the others (+0.2 for Black).
  const auto balanced = reopened.balancedPositions(1, 0.15);
  ASSERT_EQ(balanced.size(), 1u);
  EXPECT_DOUBLE_EQ(balanced[0].second, 0.0);
  EXPECT_EQ(parseCfen(balanced[0].first).hash(), keyAfter("F7-F8"));
  EXPECT_EQ(reopened.balancedPositions(1, 1.0).size(), startMoves);
}

}  // namespace
}  // namespace camelot
