// What the search hands the evaluator besides the position: the positions before each leaf
// (SearchParams::historyPlies) and how often the leaf's position stood before (R9 e).
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "engine/game.hpp"
#include "engine/notation.hpp"
#include "mcts/puct_search.hpp"
#include "mcts/uniform_evaluator.hpp"

namespace camelot {
namespace {

// Checks every request's history against the rules: each position follows from the one before
// by a legal move, and the leaf follows from the last. Answers uniformly.
class HistoryCheckingEvaluator : public Evaluator {
 public:
  explicit HistoryCheckingEvaluator(std::size_t wanted) : wanted_(wanted) {}

  void evaluate(std::span<const EvaluationRequest> requests,
                std::span<Evaluation> results) override {
    for (const EvaluationRequest& r : requests) {
      sizes.push_back(r.history.size());
      repetitions.push_back(r.repetitions);
      EXPECT_LE(r.history.size(), wanted_);
      std::vector<Position> chain(r.history.begin(), r.history.end());
      chain.push_back(*r.position);
      for (std::size_t i = 1; i < chain.size(); ++i) {
        const auto moves = legalMoves(chain[i - 1]);
        const bool follows = std::any_of(moves.begin(), moves.end(), [&](const Move& m) {
          return chain[i - 1].after(m) == chain[i];
        });
        EXPECT_TRUE(follows) << "history position " << i << " does not follow the one before";
      }
    }
    uniform_.evaluate(requests, results);
  }

  std::vector<std::size_t> sizes;
  std::vector<int> repetitions;

 private:
  std::size_t wanted_;
  UniformEvaluator uniform_;
};

Game gameAfter(std::initializer_list<const char*> moves) {
  Game game;
  for (const char* text : moves)
    game.play(parseMove(game.position(), text));
  return game;
}

TEST(EvaluatorInput, HistoryIsTheGameAndPathBeforeEachLeaf) {
  const Game game = gameAfter({"F7-F8", "E10-E9", "C6-C5"});
  SearchParams params;
  params.historyPlies = 2;
  PuctSearch search(params, 3);
  const std::span<const Position> positions(game.positions());
  search.setRoot(game.position(), positions.first(positions.size() - 1));
  HistoryCheckingEvaluator evaluator(2);
  search.run(evaluator, 200);
  ASSERT_FALSE(evaluator.sizes.empty());
  // Three plies were played before the root, so every leaf has its two positions.
  EXPECT_TRUE(std::all_of(evaluator.sizes.begin(), evaluator.sizes.end(),
                          [](std::size_t n) { return n == 2; }));
}

TEST(EvaluatorInput, HistoryIsShortAtTheStartAndEmptyWhenNotAsked) {
  HistoryCheckingEvaluator withHistory(4);
  SearchParams params;
  params.historyPlies = 4;
  PuctSearch search(params, 3);
  search.setRoot(Position::start());
  search.run(withHistory, 50);
  EXPECT_EQ(withHistory.sizes.front(), 0u);  // the root: nothing before the start
  EXPECT_EQ(*std::max_element(withHistory.sizes.begin(), withHistory.sizes.end()), 4u);

  HistoryCheckingEvaluator without(0);
  PuctSearch plain(SearchParams{}, 3);
  plain.setRoot(gameAfter({"F7-F8", "F10-F9"}).position());
  plain.run(without, 50);
  EXPECT_TRUE(std::all_of(without.sizes.begin(), without.sizes.end(),
                          [](std::size_t n) { return n == 0; }));
}

TEST(EvaluatorInput, R9eRootStandingForTheSecondTimeCountsOneRepetition) {
  // Knights step out and back: the start position stands again after four plies.
  const Game game = gameAfter({"C6-C5", "C11-C12", "C5-C6", "C12-C11"});
  ASSERT_TRUE(game.position().sameForRepetition(Position::start()));
  PuctSearch search(SearchParams{}, 3);
  const std::span<const Position> positions(game.positions());
  search.setRoot(game.position(), positions.first(positions.size() - 1));
  HistoryCheckingEvaluator evaluator(0);
  search.run(evaluator, 1);
  ASSERT_EQ(evaluator.repetitions.size(), 1u);
  EXPECT_EQ(evaluator.repetitions.front(), 1);

  PuctSearch fresh(SearchParams{}, 3);
  fresh.setRoot(Position::start());
  HistoryCheckingEvaluator first(0);
  fresh.run(first, 1);
  EXPECT_EQ(first.repetitions.front(), 0);
}

}  // namespace
}  // namespace camelot
