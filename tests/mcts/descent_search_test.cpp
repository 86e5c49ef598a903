// Descent (mcts/descent_search.hpp): proven wins and losses (R9 a), completion, the
// reinforcement heuristic's values, the tree's samples and their backed-up values, and ordinal
// selection.
#include "mcts/descent_search.hpp"

#include <gtest/gtest.h>

#include <array>
#include <functional>
#include <set>

#include "mcts/evaluation.hpp"
#include "mcts/grand_evaluation.hpp"
#include "mcts/position_judge.hpp"
#include "tests/mcts/search_test_support.hpp"

namespace camelot {
namespace {

using search_test::kOneLosingMove;
using search_test::kWinInOne;
using search_test::losesAtOnce;
using search_test::winsAtOnce;
using Search = DescentSearch<StandardRules>;

// Values for the side to move as `valueOf` says, counting the positions it is asked about.
class ScriptedEvaluator final : public Evaluator {
 public:
  explicit ScriptedEvaluator(std::function<float(const Position&)> valueOf)
      : valueOf_(std::move(valueOf)) {}

  void evaluate(std::span<const EvaluationRequest> requests,
                std::span<Evaluation> results) override {
    for (std::size_t i = 0; i < requests.size(); ++i) {
      EXPECT_FALSE(requests[i].needPriors);  // Descent reads values alone
      const Position& p = *requests[i].position;
      results[i].value = wdlFromExpected(valueOf_(p));
      if (!judged_.insert({p.hash(), p.clock()}).second) ++repeats;
      ++asked;
    }
  }
  int asked = 0;
  int repeats = 0;  // positions (with their clock) asked about before

 private:
  std::function<float(const Position&)> valueOf_;
  std::set<std::pair<std::uint64_t, int>> judged_;
};

TEST(Descent, TerminalValuesPreferQuickWinsAndSlowLosses) {
  const Search search({.positionsPerMove = 10, .maxPlies = 300, .quickWinWeight = 0.2});
  EXPECT_FLOAT_EQ(search.terminalValue(1, 0), 1.0f);
  EXPECT_FLOAT_EQ(search.terminalValue(1, 150), 0.9f);
  EXPECT_FLOAT_EQ(search.terminalValue(-1, 30), -0.98f);
  EXPECT_FLOAT_EQ(search.terminalValue(-1, 300), -0.8f);
  EXPECT_FLOAT_EQ(search.terminalValue(1, 900), 0.8f);  // past the cap: the cap's value
  EXPECT_FLOAT_EQ(search.terminalValue(0, 40), 0.0f);
  const Search plain({.positionsPerMove = 10, .maxPlies = 300, .quickWinWeight = 0.0});
  EXPECT_FLOAT_EQ(plain.terminalValue(1, 299), 1.0f);
  EXPECT_FLOAT_EQ(plain.terminalValue(-1, 299), -1.0f);
}

TEST(Descent, RefusesBadSettings) {
  EXPECT_THROW(Search({.positionsPerMove = 0}), std::invalid_argument);
  EXPECT_THROW(Search({.maxPlies = 0}), std::invalid_argument);
  EXPECT_THROW(Search({.quickWinWeight = 1.0}), std::invalid_argument);
  EXPECT_THROW(Search({.teacherWeight = -0.1}), std::invalid_argument);
  EXPECT_THROW(Search({.teacherWeight = 1.5}), std::invalid_argument);
}

// The teacher: each judged child's value is the blend of the evaluator's and the hand-written
// evaluation's score over kJudgeWinUnits. One expansion of the start: the root's children are
// judged and not expanded, so each ranked move carries its child's blended value (negated: the
// root mover's view).
template <class Rules>
void expectTeacherBlend(const typename Rules::Position& start) {
  const float network = 0.3f;
  for (const double weight : {0.0, 0.25, 1.0}) {
    struct Fixed final : BasicEvaluator<Rules> {
      float value;
      explicit Fixed(float v) : value(v) {}
      void evaluate(std::span<const BasicEvaluationRequest<Rules>> requests,
                    std::span<Evaluation> results) override {
        for (std::size_t i = 0; i < requests.size(); ++i)
          results[i].value = wdlFromExpected(value);
      }
    } evaluator(network);
    DescentSearch<Rules> search(
        {.positionsPerMove = 1, .maxPlies = 300, .maxExpansions = 1, .teacherWeight = weight});
    search.search(typename Rules::Game(start), evaluator);
    const auto ranked = search.rankedMoves();
    ASSERT_FALSE(ranked.empty());
    std::set<int> teacherScores;
    for (const auto& r : ranked) {
      const int score = evaluate(Rules::after(start, r.move));
      teacherScores.insert(score);
      const float teacher = std::clamp(static_cast<float>(score) / kJudgeWinUnits, -1.0f, 1.0f);
      EXPECT_NEAR(r.value, -((1.0f - weight) * network + weight * teacher), 1e-6f)
          << Rules::positionText(Rules::after(start, r.move)) << " at weight " << weight;
    }
    EXPECT_GT(teacherScores.size(), 1u);  // the hand-written scores differ between the moves
  }
}

TEST(Descent, TheTeacherBlendsTheHandWrittenEvaluationIntoEachJudgedValue) {
  expectTeacherBlend<StandardRules>(Position::start());
  expectTeacherBlend<GrandRules>(grand::GrandPosition::start());
}

// R9 a: White wins at once by entering G16; the root is proven won, valued by the heuristic at
// ply 1, and the winning move ranks first.
TEST(Descent, ProvesAWinInOne) {
  ScriptedEvaluator evaluator([](const Position&) { return 0.0f; });
  Search search({.positionsPerMove = 1000, .maxPlies = 300, .quickWinWeight = 0.2});
  search.search(Game(kWinInOne), evaluator);
  EXPECT_EQ(search.rootProof(), Proof::Win);
  EXPECT_FLOAT_EQ(search.rootValue(), search.terminalValue(1, 1));
  const auto ranked = search.rankedMoves();
  ASSERT_FALSE(ranked.empty());
  EXPECT_TRUE(winsAtOnce(kWinInOne, ranked.front().move));
  EXPECT_EQ(ranked.front().proof, Proof::Win);
  EXPECT_FLOAT_EQ(ranked.front().value, search.terminalValue(1, 1));
  // One expansion proves it: the root's is the only tree sample, with the proven value.
  const auto samples = search.treeSamples();
  ASSERT_EQ(samples.size(), 1u);
  EXPECT_EQ(*samples[0].position, kWinInOne);
  EXPECT_EQ(samples[0].proof, Proof::Win);
  EXPECT_FLOAT_EQ(samples[0].value, search.rootValue());
  EXPECT_TRUE(winsAtOnce(kWinInOne, *samples[0].best));
}

// kOneLosingMove: G3-F2 lets Black win at once. The script makes it look best (Black's value
// after it -0.9) and every other move look worse than a loss so late (Black's value 0.9999,
// where a loss at ply 2 is worth -0.99867 with the heuristic). One iteration goes down G3-F2 and
// proves it lost.
struct LosingMoveCase {
  Move losing;
  ScriptedEvaluator evaluator;
  Search search;

  explicit LosingMoveCase(bool completion)
      : losing(findLosing()),
        evaluator([losing = losing](const Position& p) {
          return p == kOneLosingMove.after(losing) ? -0.9f : 0.9999f;
        }),
        search({.positionsPerMove = 1,
                .maxPlies = 300,
                .quickWinWeight = 0.2,
                .completion = completion}) {
    search.search(Game(kOneLosingMove), evaluator);
  }

  static Move findLosing() {
    Move found{};
    int count = 0;
    for (const Move& m : legalMoves(kOneLosingMove))
      if (losesAtOnce(kOneLosingMove, m)) {
        found = m;
        ++count;
      }
    EXPECT_EQ(count, 1);
    return found;
  }
};

TEST(Descent, CompletionRanksAProvenLossBelowEveryHeuristicValue) {
  LosingMoveCase c(/*completion=*/true);
  const auto ranked = c.search.rankedMoves();
  ASSERT_GE(ranked.size(), 2u);
  EXPECT_EQ(ranked.back().move, c.losing);
  EXPECT_EQ(ranked.back().proof, Proof::Loss);
  EXPECT_FLOAT_EQ(ranked.back().value, -c.search.terminalValue(1, 2));
  EXPECT_NE(ranked.front().move, c.losing);
  EXPECT_EQ(ranked.front().proof, Proof::Open);
  EXPECT_FLOAT_EQ(ranked.front().value, -0.9999f);
  EXPECT_FLOAT_EQ(c.search.rootValue(), -0.9999f);
  EXPECT_EQ(c.search.rootProof(), Proof::Open);
}

TEST(Descent, WithoutCompletionTheSameLossRanksByItsValueAlone) {
  LosingMoveCase c(/*completion=*/false);
  const auto ranked = c.search.rankedMoves();
  ASSERT_GE(ranked.size(), 2u);
  EXPECT_EQ(ranked.front().move, c.losing);  // -0.99867 > -0.9999
  EXPECT_EQ(ranked.front().proof, Proof::Loss);
  EXPECT_FLOAT_EQ(c.search.rootValue(), -c.search.terminalValue(1, 2));
}

// Tree learning: every expanded node is a sample carrying the value backed up from its
// children: here the root (the best open child's value) and the node after G3-F2 (proven won
// for Black by the jump into G1, worth the heuristic's value at ply 2).
TEST(Descent, TreeSamplesCarryTheBackedUpValues) {
  LosingMoveCase c(/*completion=*/true);
  const auto samples = c.search.treeSamples();
  ASSERT_EQ(samples.size(), 2u);
  EXPECT_EQ(*samples[0].position, kOneLosingMove);
  EXPECT_EQ(samples[0].ply, 0);
  EXPECT_FLOAT_EQ(samples[0].value, c.search.rootValue());
  EXPECT_EQ(*samples[0].best, c.search.rankedMoves().front().move);
  const Position after = kOneLosingMove.after(c.losing);
  EXPECT_EQ(*samples[1].position, after);
  EXPECT_EQ(samples[1].ply, 1);
  EXPECT_EQ(samples[1].proof, Proof::Win);
  EXPECT_FLOAT_EQ(samples[1].value, c.search.terminalValue(1, 2));
  EXPECT_TRUE(winsAtOnce(after, *samples[1].best));
  // The root's children and then the node's own were judged, once each.
  EXPECT_EQ(c.search.lastEvaluations(), c.evaluator.asked);
  EXPECT_EQ(c.search.lastIterations(), 1);
  // One call for the root's children; after G3-F2 every reply of Black ends the game (the
  // capture is compulsory, R4) and none is judged.
  EXPECT_EQ(c.search.lastBatches(), 1);
}

// The tree is kept from move to move: searching the position the game went on to judges no
// position twice.
TEST(Descent, KeepsItsTreeOverTheGame) {
  ScriptedEvaluator evaluator([](const Position& p) { return materialValue(p); });
  Search search({.positionsPerMove = 300, .maxPlies = 80});
  Game game(search_test::randomGamePosition(3, 20));
  search.search(game, evaluator);
  const std::size_t nodes = search.nodes();
  game.play(search.rankedMoves().front().move);
  game.play(legalMoves(game.position())[0]);
  search.search(game, evaluator);
  EXPECT_GT(search.nodes(), nodes);
  EXPECT_GT(search.lastEvaluations(), 0);
  EXPECT_EQ(evaluator.repeats, 0);
}

// Pure Descent goes down to the end of the game in one iteration; a bound on the expansions of
// an iteration stops it sooner, and the next goes on from the root.
TEST(Descent, AnIterationExpandsAtMostItsBound) {
  ScriptedEvaluator evaluator([](const Position& p) { return materialValue(p); });
  const Game game(search_test::randomGamePosition(5, 10));
  Search pure({.positionsPerMove = 1, .maxPlies = 300});
  pure.search(game, evaluator);
  EXPECT_EQ(pure.lastIterations(), 1);
  EXPECT_GT(pure.treeSamples().size(), 16u);
  Search bounded({.positionsPerMove = 1000, .maxPlies = 300, .maxExpansions = 4});
  bounded.search(game, evaluator);
  EXPECT_LE(bounded.treeSamples().size(), 4u * static_cast<std::size_t>(bounded.lastIterations()));
  EXPECT_GE(bounded.lastPositions(), 1000);
  EXPECT_LE(bounded.lastEvaluations(), bounded.lastPositions());
  EXPECT_THROW(Search({.maxExpansions = -1}), std::invalid_argument);
}

TEST(Descent, OrdinalSelectionIsSeededAndFollowsTheRanks) {
  using Ranked = Search::RankedMove;
  const std::vector<Ranked> ranked{{{}, 0.5f, Proof::Open},
                                   {{}, 0.2f, Proof::Open},
                                   {{}, 0.1f, Proof::Draw},
                                   {{}, -0.9f, Proof::Loss}};
  std::mt19937_64 a(7), b(7);
  std::array<int, 4> counts{};
  for (int i = 0; i < 20000; ++i) {
    const std::size_t chosen = chooseOrdinal(ranked, 0.5, a);
    EXPECT_EQ(chosen, chooseOrdinal(ranked, 0.5, b));  // the same seed, the same choices
    ++counts[chosen];
  }
  // Ranks 0, 1, 2 at 1/2, 1/4 and the rest (1/4); a proven loss never while another is not.
  EXPECT_NEAR(counts[0] / 20000.0, 0.5, 0.02);
  EXPECT_NEAR(counts[1] / 20000.0, 0.25, 0.02);
  EXPECT_NEAR(counts[2] / 20000.0, 0.25, 0.02);
  EXPECT_EQ(counts[3], 0);
  for (int i = 0; i < 100; ++i)
    EXPECT_EQ(chooseOrdinal(ranked, 1.0, a), 0u);
  const std::vector<Ranked> lost{{{}, -0.9f, Proof::Loss}, {{}, -0.95f, Proof::Loss}};
  EXPECT_EQ(chooseOrdinal(lost, 0.5, a), 0u);
}

}  // namespace
}  // namespace camelot
