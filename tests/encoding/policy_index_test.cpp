// The policy index (docs/network.md, "Policy index"): one logit per (from cell, to cell) of the
// mover's grid. Checked on the start position by hand, then over hundreds of seeded random
// positions: indices are in range and on real cells, moves share an index exactly when they
// share their ends (R10), the grouping and the priors split each index's probability evenly,
// and the left-right mirror (R1) maps indices as mirroredPolicyIndex says.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <random>
#include <set>
#include <stdexcept>
#include <utility>
#include <vector>

#include "engine/cfen.hpp"
#include "engine/game.hpp"
#include "engine/notation.hpp"
#include "engine/rules_status.hpp"
#include "nn/features/encoding.hpp"
#include "tests/encoding/grid_cells.hpp"
#include "tests/engine/hand_built.hpp"

namespace camelot {
namespace {

using hand_built::sq;
using testing_support::cellAt;
using testing_support::isRealCell;

// Positions of seeded random games from the start, every ply of each game.
std::vector<Position> randomPositions(int games, int plies) {
  std::vector<Position> positions;
  for (int g = 0; g < games; ++g) {
    std::mt19937_64 rng(1000 + static_cast<std::uint64_t>(g));
    Game game;
    for (int i = 0; i < plies && !game.finished(); ++i) {
      const MoveList& moves = game.legalMoves();
      game.play(moves[static_cast<std::size_t>(rng() % moves.size())]);
    }
    positions.insert(positions.end(), game.positions().begin(), game.positions().end());
  }
  return positions;
}

const std::vector<Position>& samplePositions() {
  static const std::vector<Position> positions = randomPositions(8, 100);
  return positions;
}

// `m` with every square of its path mirrored left-right.
Move mirroredMove(const Move& m) {
  Move out = m;
  for (int i = 0; i <= m.steps; ++i)
    out.path[static_cast<std::size_t>(i)] = mirrorSquare(m.path[static_cast<std::size_t>(i)]);
  return out;
}

// A move from `from` to `to` for the grouping tests (assign looks only at the ends).
Move stepMove(Square from, Square to) {
  Move m{};
  m.path[0] = from;
  m.path[1] = to;
  m.steps = 1;
  return m;
}

TEST(PolicyIndex, CellsOfTheGridR1) {
  // White: rank 1 is row 0; Black: rank 16 is row 0; files are columns for both.
  EXPECT_EQ(cellOf(sq("A4"), Color::White), cellAt(3, 0));
  EXPECT_EQ(cellOf(sq("A4"), Color::Black), cellAt(12, 0));
  EXPECT_EQ(cellOf(kF1, Color::White), cellAt(0, 5));
  EXPECT_EQ(cellOf(kG16, Color::White), cellAt(15, 6));
  EXPECT_EQ(cellOf(kF16, Color::Black), cellAt(0, 5));
  EXPECT_EQ(cellOf(kG1, Color::Black), cellAt(15, 6));
  EXPECT_EQ(cellOf(sq("L13"), Color::White), cellAt(12, 11));
  EXPECT_EQ(cellOf(sq("L13"), Color::Black), cellAt(3, 11));

  for (const Color c : {Color::White, Color::Black}) {
    std::set<int> cells;
    for (const Square s : allSquares()) {
      const int cell = cellOf(s, c);
      ASSERT_GE(cell, 0);
      ASSERT_LT(cell, kGridCells);
      EXPECT_TRUE(isRealCell(cell)) << squareName(s);
      cells.insert(cell);
      // Black sees the board turned top to bottom; the mirror reverses the columns.
      EXPECT_EQ(cellOf(flipSquare(s), Color::Black), cellOf(s, Color::White));
      EXPECT_EQ(mirroredCell(cell), cellOf(mirrorSquare(s), c)) << squareName(s);
    }
    EXPECT_EQ(cells.size(), 160u);
  }
  for (int cell = 0; cell < kGridCells; ++cell) {
    EXPECT_EQ(mirroredCell(mirroredCell(cell)), cell);
    EXPECT_EQ(mirroredCell(cell) / kGridColumns, cell / kGridColumns);
    EXPECT_EQ(mirroredCell(cell) % kGridColumns, kGridColumns - 1 - cell % kGridColumns);
  }
}

TEST(PolicyIndex, StartMovesByHand) {
  EXPECT_EQ(kPolicySize, 192 * 192);
  Game game;
  const Move f7f8 = parseMove(game.position(), "F7-F8");
  EXPECT_EQ(policyIndex(f7f8, Color::White), cellAt(6, 5) * kGridCells + cellAt(7, 5));
  game.play(f7f8);
  // Black's E10-E9 is "forward" from row 6 to row 7 of Black's grid.
  const Move e10e9 = parseMove(game.position(), "E10-E9");
  EXPECT_EQ(policyIndex(e10e9, Color::Black), cellAt(6, 4) * kGridCells + cellAt(7, 4));
  // White's F7-F8 and Black's F10-F9 are the same move of each side's grid.
  Position black = Position::start();
  black.setSideToMove(Color::Black);
  EXPECT_EQ(policyIndex(parseMove(black, "F10-F9"), Color::Black), policyIndex(f7f8, Color::White));
  EXPECT_EQ(mirroredPolicyIndex(policyIndex(f7f8, Color::White)),
            cellAt(6, 6) * kGridCells + cellAt(7, 6));  // G7-G8
}

TEST(PolicyIndex, RandomPositionsIndicesAreInRangeAndDistinctPerEndsR10) {
  int positions = 0;
  int moves = 0;
  for (const Position& p : samplePositions()) {
    const MoveList legal = legalMoves(p);
    std::map<std::pair<Square, Square>, int> indexOfEnds;
    std::map<int, std::pair<Square, Square>> endsOfIndex;
    for (const Move& m : legal) {
      const int idx = policyIndex(m, p.sideToMove());
      ASSERT_GE(idx, 0);
      ASSERT_LT(idx, kPolicySize);
      ASSERT_TRUE(isRealCell(idx / kGridCells)) << toNotation(m) << " in " << toCfen(p);
      ASSERT_TRUE(isRealCell(idx % kGridCells)) << toNotation(m) << " in " << toCfen(p);
      ASSERT_EQ(idx,
                cellOf(m.from(), p.sideToMove()) * kGridCells + cellOf(m.to(), p.sideToMove()));
      const std::pair<Square, Square> ends{m.from(), m.to()};
      // Equal ends give equal indices and different ends different indices.
      const auto [it, fresh] = indexOfEnds.emplace(ends, idx);
      ASSERT_EQ(it->second, idx) << toNotation(m);
      const auto [back, freshIndex] = endsOfIndex.emplace(idx, ends);
      ASSERT_TRUE(back->second == ends) << toNotation(m) << " in " << toCfen(p);
      ++moves;
    }
    ++positions;
  }
  EXPECT_GT(positions, 300);
  EXPECT_GT(moves, 5000);
}

// Checks `legal` against `moves`: slots are the distinct indices in first-move order, each move
// sits in the slot of its own index, and the counts are right.
void expectGrouping(const LegalPolicy& legal, const MoveList& moves, Color mover) {
  ASSERT_EQ(legal.slotOfMove.size(), moves.size());
  ASSERT_EQ(legal.movesInSlot.size(), legal.indices.size());
  std::vector<std::int32_t> counts(legal.size(), 0);
  std::int32_t nextSlot = 0;
  for (std::size_t m = 0; m < moves.size(); ++m) {
    const std::int32_t slot = legal.slotOfMove[m];
    ASSERT_GE(slot, 0);
    ASSERT_LE(slot, nextSlot) << "slots are numbered in first-move order";
    if (slot == nextSlot) ++nextSlot;
    ASSERT_EQ(legal.indices[static_cast<std::size_t>(slot)], policyIndex(moves[m], mover));
    ++counts[static_cast<std::size_t>(slot)];
  }
  EXPECT_EQ(static_cast<std::size_t>(nextSlot), legal.size());
  EXPECT_EQ(counts, legal.movesInSlot);
  std::set<std::int32_t> distinct(legal.indices.begin(), legal.indices.end());
  EXPECT_EQ(distinct.size(), legal.indices.size());
}

// R10: two different moves with the same ends (different captured pieces) share one index.
// White's F12 man can reach the goal F16 over F13 and F15 or over G13 and G15; the move ends
// on the goal (R8) either way.
TEST(PolicyIndex, MovesWithTheSameEndsShareAnIndexR10) {
  const Position p = hand_built::board("MF12 mF13 mF15 mG13 mG15");
  const MoveList moves = legalMoves(p);
  std::vector<Move> toGoal;
  for (const Move& m : moves)
    if (m.from() == sq("F12") && m.to() == sq("F16")) toGoal.push_back(m);
  ASSERT_EQ(toGoal.size(), 2u) << testing::PrintToString(hand_built::notations(moves));
  EXPECT_FALSE(sameOutcome(toGoal[0], toGoal[1]));
  EXPECT_EQ(policyIndex(toGoal[0], Color::White), policyIndex(toGoal[1], Color::White));

  LegalPolicy legal;
  legal.assign(moves, Color::White);
  ASSERT_NO_FATAL_FAILURE(expectGrouping(legal, moves, Color::White));
  EXPECT_EQ(legal.size(), moves.size() - 1);

  // Equal logits: the shared index gets one share, split between its two moves.
  const std::vector<float> logits(legal.size(), 0.25f);
  std::vector<float> priors(moves.size());
  priorsFromLogits(legal, logits, priors);
  const float share = 1.0f / static_cast<float>(legal.size());
  for (std::size_t m = 0; m < moves.size(); ++m) {
    const bool shared = moves[m].from() == sq("F12") && moves[m].to() == sq("F16");
    EXPECT_NEAR(priors[m], shared ? share / 2 : share, 1e-6f) << toNotation(moves[m]);
  }
}

TEST(PolicyIndex, PriorsByHand) {
  // Moves 0 and 2 share (C6, C7); move 1 is alone. Logits 0 and ln 2: the shared index gets
  // 1/3, split in two, and the other 2/3.
  MoveList moves;
  moves.push_back(stepMove(sq("C6"), sq("C7")));
  moves.push_back(stepMove(sq("D6"), sq("D7")));
  moves.push_back(stepMove(sq("C6"), sq("C7")));
  LegalPolicy legal;
  legal.assign(moves, Color::White);
  ASSERT_EQ(legal.size(), 2u);
  EXPECT_EQ(legal.slotOfMove, (std::vector<std::int32_t>{0, 1, 0}));
  EXPECT_EQ(legal.movesInSlot, (std::vector<std::int32_t>{2, 1}));
  const std::vector<float> logits{0.0f, std::log(2.0f)};
  std::vector<float> priors(3);
  priorsFromLogits(legal, logits, priors);
  EXPECT_NEAR(priors[0], 1.0f / 6, 1e-6f);
  EXPECT_NEAR(priors[1], 2.0f / 3, 1e-6f);
  EXPECT_NEAR(priors[2], 1.0f / 6, 1e-6f);

  // Huge logits stay finite (the maximum is subtracted first).
  const std::vector<float> huge{1000.0f, 999.0f};
  priorsFromLogits(legal, huge, priors);
  for (float v : priors)
    EXPECT_TRUE(std::isfinite(v));
  EXPECT_NEAR(priors[0] + priors[1] + priors[2], 1.0f, 1e-6f);
  EXPECT_GT(priors[0] * 2, priors[1]);

  // Reassigning reuses the object for another list.
  moves.clear();
  moves.push_back(stepMove(sq("E6"), sq("E5")));
  legal.assign(moves, Color::Black);
  EXPECT_EQ(legal.size(), 1u);
  EXPECT_EQ(legal.slotOfMove, (std::vector<std::int32_t>{0}));
  EXPECT_EQ(legal.indices[0], cellAt(10, 4) * kGridCells + cellAt(11, 4));
}

TEST(PolicyIndex, GroupingAndPriorsOnRandomPositionsR10) {
  std::mt19937_64 rng(77);
  std::normal_distribution<float> logit(0.0f, 2.0f);
  LegalPolicy legal;  // reused across positions, as the evaluator does
  std::vector<float> logits;
  std::vector<float> priors;
  for (const Position& p : samplePositions()) {
    const MoveList moves = legalMoves(p);
    legal.assign(moves, p.sideToMove());
    ASSERT_NO_FATAL_FAILURE(expectGrouping(legal, moves, p.sideToMove())) << toCfen(p);
    if (moves.empty()) continue;

    logits.resize(legal.size());
    for (float& l : logits)
      l = logit(rng);
    priors.assign(moves.size(), -1.0f);
    priorsFromLogits(legal, logits, priors);

    // The softmax in double precision, for comparison.
    const double maxLogit = *std::max_element(logits.begin(), logits.end());
    double sum = 0.0;
    for (float l : logits)
      sum += std::exp(l - maxLogit);
    double total = 0.0;
    for (std::size_t m = 0; m < moves.size(); ++m) {
      const auto slot = static_cast<std::size_t>(legal.slotOfMove[m]);
      const double expected = std::exp(logits[slot] - maxLogit) / sum / legal.movesInSlot[slot];
      ASSERT_NEAR(priors[m], expected, 1e-6) << toNotation(moves[m]) << " in " << toCfen(p);
      total += priors[m];
      for (std::size_t o = 0; o < m; ++o) {
        const auto other = static_cast<std::size_t>(legal.slotOfMove[o]);
        if (other == slot) {
          ASSERT_EQ(priors[o], priors[m]) << "moves sharing an index get equal shares";
        } else if (legal.movesInSlot[other] == legal.movesInSlot[slot] &&
                   logits[other] != logits[slot]) {
          ASSERT_EQ(logits[other] < logits[slot], priors[o] < priors[m]);
        }
      }
    }
    ASSERT_NEAR(total, 1.0, 1e-5) << toCfen(p);
  }
}

// R1: the mirror of every legal move is a legal move of the mirrored position, with the
// mirrored index; the index sets correspond exactly.
TEST(PolicyIndex, MirrorMapsIndicesR1) {
  for (const Position& p : samplePositions()) {
    const Color mover = p.sideToMove();
    const Position mirrored = p.mirrored();
    const MoveList moves = legalMoves(p);
    const MoveList mirroredMoves = legalMoves(mirrored);
    ASSERT_EQ(moves.size(), mirroredMoves.size());

    std::set<int> expected;
    for (const Move& m : moves) {
      const Move mm = mirroredMove(m);
      const int idx = policyIndex(m, mover);
      ASSERT_EQ(policyIndex(mm, mover), mirroredPolicyIndex(idx)) << toNotation(m);
      ASSERT_EQ(mirroredPolicyIndex(mirroredPolicyIndex(idx)), idx);
      const bool present = std::any_of(mirroredMoves.begin(), mirroredMoves.end(),
                                       [&](const Move& other) { return sameOutcome(other, mm); });
      ASSERT_TRUE(present) << toNotation(m) << " of " << toCfen(p);
      expected.insert(mirroredPolicyIndex(idx));
    }
    std::set<int> actual;
    for (const Move& m : mirroredMoves)
      actual.insert(policyIndex(m, mover));
    ASSERT_EQ(actual, expected) << toCfen(p);
  }
}

TEST(PolicyIndex, SizeMismatchesThrow) {
  MoveList moves;
  moves.push_back(stepMove(sq("C6"), sq("C7")));
  moves.push_back(stepMove(sq("D6"), sq("D7")));
  LegalPolicy legal;
  legal.assign(moves, Color::White);
  std::vector<float> priors(2);
  const std::vector<float> oneLogit{0.0f};
  const std::vector<float> threeLogits{0.0f, 0.0f, 0.0f};
  EXPECT_THROW(priorsFromLogits(legal, oneLogit, priors), std::invalid_argument);
  EXPECT_THROW(priorsFromLogits(legal, threeLogits, priors), std::invalid_argument);
  const std::vector<float> twoLogits{0.0f, 0.0f};
  std::vector<float> onePrior(1);
  EXPECT_THROW(priorsFromLogits(legal, twoLogits, onePrior), std::invalid_argument);
  EXPECT_NO_THROW(priorsFromLogits(legal, twoLogits, priors));

  // No moves (a finished position): nothing to do.
  legal.assign(MoveList{}, Color::White);
  EXPECT_EQ(legal.size(), 0u);
  EXPECT_TRUE(legal.slotOfMove.empty());
  EXPECT_NO_THROW(priorsFromLogits(legal, {}, {}));
}

}  // namespace
}  // namespace camelot
