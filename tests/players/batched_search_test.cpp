// Lock-step batching: many searches stepped together, all their leaves evaluated in one call a
// round, give exactly the results of running each search alone with the same seed.

#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "mcts/rollout_evaluator.hpp"
#include "mcts/uniform_evaluator.hpp"
#include "players/mcts_player.hpp"
#include "tests/mcts/search_test_support.hpp"

namespace camelot {
namespace {

using namespace search_test;

struct Case {
  SearchKind kind;
  int leavesPerStep;
  Position root;
  int simulations;
};

std::vector<Case> cases(int simulations) {
  std::vector<Case> all;
  for (const SearchKind kind : {SearchKind::Puct, SearchKind::Gumbel})
    for (const int leaves : {1, 4})
      for (const std::uint64_t game : {1, 2})
        all.push_back({kind, leaves, randomGamePosition(game * 11, static_cast<int>(game) * 25),
                       simulations + static_cast<int>(game)});
  all.push_back({SearchKind::Puct, 1, Position::start(), simulations});
  return all;
}

std::unique_ptr<TreeSearch> makeFor(const Case& c, std::size_t index) {
  SearchParams params;
  params.leavesPerStep = c.leavesPerStep;
  params.rootNoise = true;  // the seeded parts must agree too
  params.temperature = 1.0f;
  auto search = makeSearch(c.kind, params, 100 + index);
  search->setRoot(c.root);
  return search;
}

void expectSame(const SearchResult& a, const SearchResult& b) {
  EXPECT_EQ(a.moves.size(), b.moves.size());
  EXPECT_EQ(a.visits, b.visits);
  EXPECT_EQ(a.q, b.q);
  EXPECT_EQ(a.policy, b.policy);
  EXPECT_EQ(a.chosen, b.chosen);
  EXPECT_EQ(a.rootValue, b.rootValue);
  EXPECT_EQ(a.simulations, b.simulations);
  EXPECT_EQ(a.nodes, b.nodes);
}

void checkLockStepEqualsOneByOne(Evaluator& evaluator, int simulations) {
  const std::vector<Case> all = cases(simulations);

  std::vector<SearchResult> alone;
  for (std::size_t i = 0; i < all.size(); ++i)
    alone.push_back(makeFor(all[i], i)->run(evaluator, all[i].simulations));

  std::vector<std::unique_ptr<TreeSearch>> searches;
  for (std::size_t i = 0; i < all.size(); ++i) {
    searches.push_back(makeFor(all[i], i));
    searches.back()->start(all[i].simulations);
  }
  CountingEvaluator counting(evaluator);
  std::vector<bool> done(all.size(), false);
  std::vector<EvaluationRequest> batch;
  std::vector<Evaluation> answers;
  std::vector<std::size_t> owner;  // which search each request of the batch came from
  int rounds = 0;
  for (;;) {
    batch.clear();
    owner.clear();
    for (std::size_t i = 0; i < searches.size(); ++i) {
      if (done[i]) continue;
      const SearchStep step = searches[i]->step();
      if (step.kind == StepKind::Done) {
        done[i] = true;
        continue;
      }
      for (const EvaluationRequest& r : step.requests) {
        batch.push_back(r);
        owner.push_back(i);
      }
    }
    if (batch.empty()) break;
    answers.resize(batch.size());
    counting.evaluate(batch, answers);  // one call a round
    ++rounds;
    for (std::size_t begin = 0; begin < batch.size();) {
      std::size_t end = begin;
      while (end < batch.size() && owner[end] == owner[begin])
        ++end;
      searches[owner[begin]]->provide(
          std::span<const Evaluation>(answers).subspan(begin, end - begin));
      begin = end;
    }
  }
  EXPECT_EQ(counting.calls, rounds);
  EXPECT_GT(counting.positions.size(), static_cast<std::size_t>(rounds));  // batches of many
  for (std::size_t i = 0; i < all.size(); ++i) {
    SCOPED_TRACE(i);
    expectSame(searches[i]->result(), alone[i]);
  }
}

TEST(BatchedSearch, LockStepEqualsOneByOneWithTheUniformEvaluator) {
  UniformEvaluator evaluator;
  checkLockStepEqualsOneByOne(evaluator, 200);
}

TEST(BatchedSearch, LockStepEqualsOneByOneWithRollouts) {
  RolloutOptions options;
  options.seed = 5;
  options.maxPlies = 60;
  RolloutEvaluator evaluator(options);
  checkLockStepEqualsOneByOne(evaluator, 24);
}

TEST(BatchedSearch, StepRefusesToRunAheadOfItsAnswers) {
  auto search = makeSearch(SearchKind::Puct, {}, 1);
  search->setRoot(Position::start());
  search->start(10);
  ASSERT_EQ(search->step().kind, StepKind::NeedsEvaluation);
  EXPECT_THROW(search->step(), std::logic_error);
  EXPECT_THROW(search->provide({}), std::logic_error);  // one answer is due
}

TEST(BatchedSearch, StopEndsTheSearchAfterTheOpenStep) {
  UniformEvaluator evaluator;
  auto search = makeSearch(SearchKind::Puct, {}, 1);
  search->setRoot(Position::start());
  search->start(1000);
  std::vector<Evaluation> answers(1);
  for (int i = 0; i < 5; ++i) {
    const SearchStep step = search->step();
    ASSERT_EQ(step.kind, StepKind::NeedsEvaluation);
    evaluator.evaluate(step.requests, answers);
    if (i == 4) search->stop();
    search->provide(answers);
  }
  EXPECT_EQ(search->step().kind, StepKind::Done);
  EXPECT_EQ(search->result().simulations, 5);
  EXPECT_GE(search->result().chosen, 0);
}

}  // namespace
}  // namespace camelot
