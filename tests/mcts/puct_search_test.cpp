// PUCT search (AlphaZero): forced wins, losing moves, exact terminal values (R9 a, e, f), the
// sign of values for both colours, virtual loss, tree reuse, the node cap and seeding.

#include "mcts/puct_search.hpp"

#include <gtest/gtest.h>

#include "engine/cfen.hpp"
#include "engine/notation.hpp"
#include "mcts/uniform_evaluator.hpp"
#include "tests/engine/hand_built.hpp"
#include "tests/mcts/search_test_support.hpp"

namespace camelot {
namespace {

using hand_built::board;
using hand_built::legalMove;
using namespace search_test;

SearchResult puctSearch(const Position& root, int simulations, const SearchParams& params = {},
                        std::uint64_t seed = 1) {
  return searchWith<PuctSearch>(root, simulations, params, seed);
}

std::size_t indexOf(const SearchResult& r, const Move& m) {
  for (std::size_t i = 0; i < r.moves.size(); ++i)
    if (r.moves[i] == m) return i;
  ADD_FAILURE() << "move not at the root: " << toNotation(m);
  return 0;
}

TEST(PuctSearch, FindsTheCastleWinInOne) {
  const SearchResult r = puctSearch(kWinInOne, 200);
  ASSERT_GE(r.chosen, 0);
  EXPECT_TRUE(winsAtOnce(kWinInOne, chosenMove(r))) << toNotation(chosenMove(r));
  EXPECT_EQ(r.q[static_cast<std::size_t>(r.chosen)], 1.0f);  // exact, never evaluated
  EXPECT_GT(r.rootValue, 0.8f);
}

TEST(PuctSearch, FindsAForcedWinInTwo) {
  ASSERT_FALSE(hasWinAtOnce(kWinInTwo));
  const SearchResult r = puctSearch(kWinInTwo, 2000);
  EXPECT_TRUE(forcesWinInTwo(kWinInTwo, chosenMove(r))) << toNotation(chosenMove(r));
  EXPECT_GT(r.q[static_cast<std::size_t>(r.chosen)], 0.5f);
  EXPECT_GT(r.rootValue, 0.5f);
}

TEST(PuctSearch, AvoidsTheMoveThatLosesAtOnce) {
  const Move losing = legalMove(kOneLosingMove, "G3-F2");
  ASSERT_TRUE(losesAtOnce(kOneLosingMove, losing));
  for (const std::uint64_t seed : {1, 2, 3}) {
    const SearchResult r = puctSearch(kOneLosingMove, 400, {}, seed);
    EXPECT_FALSE(losesAtOnce(kOneLosingMove, chosenMove(r))) << toNotation(chosenMove(r));
    EXPECT_LT(r.q[indexOf(r, losing)], -0.5f);
  }
}

TEST(PuctSearch, PrefersTheCastleWinToABiggerCapture) {
  const Move win = legalMove(kCastleOrCapture, "G14xG16");
  ASSERT_TRUE(winsAtOnce(kCastleOrCapture, win));
  ASSERT_NO_THROW(legalMove(kCastleOrCapture, "C5xC7xC9"));
  const SearchResult r = puctSearch(kCastleOrCapture, 100);
  EXPECT_EQ(chosenMove(r), win);
}

// The same positions with colours swapped and the board turned over: Black's wins are found
// as White's are, and the values read the same from the side to move's view.
TEST(PuctSearch, ValuesHaveTheRightSignForBothColours) {
  for (const Position& white : {kWinInOne, kWinInTwo}) {
    for (const Position& p : {white, white.colorFlipped()}) {
      const SearchResult r = puctSearch(p, 2000);
      EXPECT_TRUE(winsAtOnce(p, chosenMove(r)) || forcesWinInTwo(p, chosenMove(r)));
      EXPECT_GT(r.rootValue, 0.5f);
    }
  }
  for (const Position& p : {kOneLosingMove, kOneLosingMove.colorFlipped()})
    EXPECT_FALSE(losesAtOnce(p, chosenMove(puctSearch(p, 400))));
  // After White's castle move F16-G16, Black's only move (F1-G1) lets White win: a loss for
  // the side to move, whichever colour it is.
  const Position lost = kWinInOne.after(legalMove(kWinInOne, "F16-G16"));
  ASSERT_EQ(lost.sideToMove(), Color::Black);
  for (const Position& p : {lost, lost.colorFlipped()}) {
    const SearchResult r = puctSearch(p, 300);
    EXPECT_LT(r.rootValue, -0.8f);
  }
}

// The evaluator's values are from the side to move's view: two points up is good for
// whichever side is to move, two points down bad.
TEST(PuctSearch, ReadsEvaluatorValuesFromTheSideToMove) {
  const Position up = board("KC4 MD5 mJ12");
  const Position down = board("KC4 MD5 mJ12", Color::Black);
  for (const Position& p : {up, up.colorFlipped()})
    EXPECT_GT(puctSearch(p, 200).rootValue, 0.3f);
  for (const Position& p : {down, down.colorFlipped()})
    EXPECT_LT(puctSearch(p, 200).rootValue, -0.3f);
}

TEST(PuctSearch, NeverEvaluatesAFinishedPosition) {
  UniformEvaluator uniform;
  CountingEvaluator counting(uniform);
  PuctSearch s;
  for (const Position& p : {kWinInOne, kWinInTwo, kCastleOrCapture}) {
    s.setRoot(p);
    s.run(counting, 300);
  }
  ASSERT_FALSE(counting.positions.empty());
  for (const Position& p : counting.positions)
    EXPECT_FALSE(positionStatus(p).finished());
}

// R9 a and c one ply ahead: a leaf whose side to move can win at once (hasWinningMove) is lost
// for the side that moved into it, exactly, and the network is never asked about it.
TEST(PuctSearch, ALeafWithAWinAtOnceIsExactAndNeverEvaluated) {
  UniformEvaluator uniform;
  PuctSearch s;
  for (const Position& p : {kOneLosingMove, kOneLosingMove.colorFlipped()}) {
    CountingEvaluator counting(uniform);
    s.setRoot(p);
    const SearchResult& r = s.run(counting, 300);
    std::size_t losing = r.moves.size();
    for (std::size_t i = 0; i < r.moves.size(); ++i)
      if (losesAtOnce(p, r.moves[i])) losing = i;
    ASSERT_LT(losing, r.moves.size());
    EXPECT_EQ(r.q[losing], -1.0f);
    ASSERT_FALSE(counting.positions.empty());
    for (const Position& evaluated : counting.positions)
      EXPECT_FALSE(hasWinningMove(evaluated, legalMoves(evaluated))) << toCfen(evaluated);
  }
}

// Tree reuse onto a leaf proven without children: the kept root is expanded afresh and the
// search finds the win it was proven by.
TEST(PuctSearch, ReusesATreeOntoAProvenLeafAndFindsItsWin) {
  PuctSearch s;
  UniformEvaluator uniform;
  s.setRoot(kOneLosingMove);
  s.run(uniform, 300);
  const Position lost = kOneLosingMove.after(legalMove(kOneLosingMove, "G3-F2"));
  s.setRoot(lost);
  const SearchResult& r = s.run(uniform, 20);
  ASSERT_GE(r.chosen, 0);
  EXPECT_TRUE(winsAtOnce(lost, chosenMove(r))) << toNotation(chosenMove(r));
}

// R9 e: after A4-A5 L13-L12 A5-A4 twice over, L12-L13 brings back the start for the third time.
TEST(PuctSearch, ScoresARepetitionAsAnExactDraw) {
  Position p = board("MA4 MB4 mL13 mK13");
  p.setClock(10);
  std::vector<Position> history;
  for (const char* move : {"A4-A5", "L13-L12", "A5-A4", "L12-L13", "A4-A5", "L13-L12", "A5-A4"}) {
    history.push_back(p);
    p.play(legalMove(p, move));
  }
  UniformEvaluator evaluator;
  PuctSearch s;
  s.setRoot(p, history);
  const SearchResult& r = s.run(evaluator, 300);
  const std::size_t repeat = indexOf(r, legalMove(p, "L12-L13"));
  const Node& child = s.tree().children(SearchTree::kRoot)[repeat];
  EXPECT_EQ(child.state, NodeState::Terminal);
  EXPECT_EQ(child.terminalValue, 0);
  // Without the history the same move is an ordinary one.
  s.clear();
  s.setRoot(p);
  s.run(evaluator, 300);
  EXPECT_EQ(s.tree().children(SearchTree::kRoot)[repeat].state, NodeState::Expanded);
}

// R9 f: at clock 99 every quiet move reaches 100, a draw; no capture is possible here.
TEST(PuctSearch, ScoresTheClockDrawExactly) {
  Position p = board("MA4 MB4 mL13 mK13");
  p.setClock(99);
  const SearchResult r = puctSearch(p, 100);
  for (const float q : r.q)
    EXPECT_EQ(q, 0.0f);
  EXPECT_EQ(r.rootValue, 0.0f);
}

// Implicit minimax backups (Lanctot et al. 2014): every node's minimax is its own evaluation
// at a leaf, exact where the game is decided, and the negated best of its visited children's
// above; the tactics stay found with the minimax in the selection.
TEST(PuctSearch, ImplicitMinimaxBackupsKeepEachNodesMinimax) {
  SearchParams params;
  params.minimaxWeight = 0.5f;
  PuctSearch s(params, 1);
  UniformEvaluator evaluator;  // material values: they differ from position to position
  s.setRoot(kOneLosingMove);
  s.run(evaluator, 400);
  const SearchTree& tree = s.tree();
  int inner = 0;
  for (NodeIndex i = 0; i < tree.size(); ++i) {
    const Node& n = tree.node(i);
    if (n.visits == 0) continue;
    float best = -2.0f;
    for (const Node& c : tree.children(i))
      if (c.visits > 0) best = std::max(best, c.minimax);
    if (best > -2.0f) {
      ++inner;
      EXPECT_FLOAT_EQ(n.minimax, -best) << i;
    } else {
      EXPECT_FLOAT_EQ(n.minimax, n.exact() ? n.terminalValue : -n.rawValue) << i;
    }
  }
  EXPECT_GT(inner, 20);
  EXPECT_TRUE(winsAtOnce(kWinInOne, chosenMove(puctSearch(kWinInOne, 200, params))));
  EXPECT_FALSE(losesAtOnce(kOneLosingMove, chosenMove(puctSearch(kOneLosingMove, 400, params))));
}

TEST(PuctSearch, GathersDistinctLeavesWithVirtualLoss) {
  SearchParams params;
  params.leavesPerStep = 8;
  PuctSearch s(params, 1);
  UniformEvaluator evaluator;
  s.setRoot(Position::start());
  s.start(100);
  SearchStep step = s.step();
  ASSERT_EQ(step.requests.size(), 1u);  // the root alone first
  std::vector<Evaluation> answers(1);
  evaluator.evaluate(step.requests, answers);
  s.provide(answers);
  step = s.step();
  ASSERT_EQ(step.requests.size(), 8u);
  for (std::size_t i = 0; i < 8; ++i)
    for (std::size_t j = i + 1; j < 8; ++j)
      EXPECT_FALSE(*step.requests[i].position == *step.requests[j].position);

  EXPECT_TRUE(winsAtOnce(kWinInOne, chosenMove(puctSearch(kWinInOne, 200, params))));
  EXPECT_FALSE(losesAtOnce(kOneLosingMove, chosenMove(puctSearch(kOneLosingMove, 400, params))));
}

TEST(PuctSearch, KeepsTheSubtreeOfThePositionReached) {
  UniformEvaluator evaluator;
  PuctSearch s;
  const Position start = Position::start();
  s.setRoot(start);
  const SearchResult first = s.run(evaluator, 500);
  const Move played = chosenMove(first);
  const Node kept = s.tree().children(SearchTree::kRoot)[static_cast<std::size_t>(first.chosen)];
  const Position next = start.after(played);
  s.setRoot(next, std::vector<Position>{start});
  EXPECT_EQ(s.tree().node(SearchTree::kRoot).visits, kept.visits);
  EXPECT_EQ(s.tree().node(SearchTree::kRoot).valueSum, kept.valueSum);
  const SearchResult second = s.run(evaluator, 100);
  EXPECT_EQ(s.tree().node(SearchTree::kRoot).visits, kept.visits + 100);
  EXPECT_EQ(second.simulations, 100);

  // Two plies on (the opponent's reply too) is found as well.
  const SearchTree& tree = s.tree();
  const NodeIndex reply =
      tree.node(SearchTree::kRoot).firstChild + static_cast<NodeIndex>(second.chosen);
  NodeIndex answer = tree.node(reply).firstChild;
  for (NodeIndex c = answer; c < tree.node(reply).firstChild + tree.node(reply).childCount; ++c)
    if (tree.node(c).visits > tree.node(answer).visits) answer = c;
  const int answerVisits = tree.node(answer).visits;
  ASSERT_GT(answerVisits, 1);
  s.setRoot(next.after(tree.move(reply)).after(tree.move(answer)));
  EXPECT_EQ(s.tree().node(SearchTree::kRoot).visits, answerVisits);
  // Anything else starts over.
  s.setRoot(start);
  EXPECT_EQ(s.tree().size(), 1u);
  SearchParams noReuse;
  noReuse.reuseTree = false;
  PuctSearch fresh(noReuse, 1);
  fresh.setRoot(start);
  fresh.run(evaluator, 200);
  fresh.setRoot(start.after(chosenMove(fresh.result())));
  EXPECT_EQ(fresh.tree().size(), 1u);
}

TEST(PuctSearch, StopsAtTheNodeCap) {
  SearchParams params;
  params.maxNodes = 5000;
  const SearchResult r = puctSearch(Position::start(), 100000, params);
  EXPECT_LT(r.simulations, 100000);
  EXPECT_GE(r.nodes, 5000u);
  EXPECT_LT(r.nodes, 5000u + 200u);  // at most one step's expansion past the cap
  EXPECT_GE(r.chosen, 0);
}

TEST(PuctSearch, IsSeededNoiseAndTemperatureIncluded) {
  SearchParams params;
  params.rootNoise = true;
  params.temperature = 1.0f;
  const Position p = randomGamePosition(5, 30);
  const SearchResult a = puctSearch(p, 300, params, 42);
  const SearchResult b = puctSearch(p, 300, params, 42);
  EXPECT_EQ(a.visits, b.visits);
  EXPECT_EQ(a.chosen, b.chosen);
  bool differs = false;
  for (std::uint64_t seed = 43; seed < 53 && !differs; ++seed)
    differs = puctSearch(p, 300, params, seed).visits != a.visits;
  EXPECT_TRUE(differs);
}

TEST(PuctSearch, ReportsVisitSharesAsThePolicy) {
  const SearchResult r = puctSearch(Position::start(), 400);
  ASSERT_EQ(r.policy.size(), r.moves.size());
  float sum = 0.0f;
  int visits = 0;
  for (std::size_t i = 0; i < r.moves.size(); ++i) {
    sum += r.policy[i];
    visits += r.visits[i];
  }
  EXPECT_NEAR(sum, 1.0f, 1e-5f);
  EXPECT_EQ(visits, 399);  // the root's own evaluation is the first simulation
  EXPECT_EQ(r.simulations, 400);
}

TEST(PuctSearch, Ucb1TriesEveryMoveBeforeRepeating) {
  SearchParams params;
  params.selection = SelectionRule::Ucb1;
  const Position p = Position::start();
  const std::size_t moves = legalMoves(p).size();
  const SearchResult r = puctSearch(p, static_cast<int>(moves) + 1, params);
  for (const int v : r.visits)
    EXPECT_EQ(v, 1);
  EXPECT_TRUE(winsAtOnce(kWinInOne, chosenMove(puctSearch(kWinInOne, 200, params))));
}

}  // namespace
}  // namespace camelot
