#pragma once
// The machinery shared by PUCT and Gumbel search: descent with virtual loss, exact terminal
// values (R9, repetition included; a node whose side to move can win at once is exact too, a
// one-ply proof), backup, and a search that suspends at the leaves that need
// an evaluation and resumes when the values arrive, so that one worker can step many games and
// send all their leaves to the evaluator in one batch:
//
//   search.setRoot(position, history);
//   search.start(simulations);
//   for (SearchStep s = search.step(); s.kind == StepKind::NeedsEvaluation; s = search.step())
//     search.provide(answers to s.requests);   // possibly batched with other searches
//   search.result();
//
// run() is that loop with one evaluator. Everything random comes from the search's seed, so a
// search on one thread is deterministic, stepped alone or in lock step with others.

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <random>
#include <span>
#include <vector>

#include "engine/game_rules.hpp"
#include "mcts/evaluator.hpp"
#include "mcts/search_params.hpp"
#include "mcts/search_tree.hpp"

namespace camelot {

enum class StepKind : std::uint8_t { NeedsEvaluation, Done };

template <class Rules>
struct BasicSearchStep {
  StepKind kind = StepKind::Done;
  // NeedsEvaluation: the leaves to evaluate. The pointers stay valid until provide().
  std::span<const BasicEvaluationRequest<Rules>> requests;
};

// What a finished search says about the root. Per-move vectors follow `moves`.
template <class Rules>
struct BasicSearchResult {
  std::vector<typename Rules::Move> moves;  // the root's legal moves (none if the game is over)
  std::vector<int> visits;                  // visits of each move
  std::vector<float> q;       // mean value of each move from the root mover's view (0 unvisited)
  std::vector<float> policy;  // training target: visit shares (PUCT) or the improved policy
                              // softmax(logits + sigma(completed Q)) (Gumbel)
  int chosen = -1;            // index of the move to play (a move that wins at once if there
                              // is one); -1 if there is none
  // Expected score for the side to move at the root, in [-1, 1]: the mean of the root's
  // visits (PUCT) or the improved policy's expected completed Q (Gumbel); exact if proven.
  float rootValue = 0.0f;
  int simulations = 0;    // simulations completed by this search
  std::size_t nodes = 0;  // nodes in the tree at the end
};

template <class Rules>
class BasicTreeSearch {
 public:
  using Clock = std::chrono::steady_clock;
  using Position = typename Rules::Position;
  using Tree = BasicSearchTree<Rules>;
  using Result = BasicSearchResult<Rules>;
  using Step = BasicSearchStep<Rules>;
  using EvaluatorType = BasicEvaluator<Rules>;

  virtual ~BasicTreeSearch() = default;
  BasicTreeSearch(const BasicTreeSearch&) = delete;
  BasicTreeSearch& operator=(const BasicTreeSearch&) = delete;

  // The position to search and the game's positions before it, oldest first (for R9 e). With
  // tree reuse on, the subtree of an earlier search is kept when `root` is its root or one or
  // two plies below it (the history must then be the game that led there).
  void setRoot(const Position& root, std::span<const Position> history = {});
  // Drops the tree (a new game).
  void clear();

  // Begins a search of `simulations` (>= 1) more simulations from the root, stopping at
  // `deadline` if one is given.
  void start(int simulations, std::optional<Clock::time_point> deadline = {});
  // Runs simulations until some leaves need an evaluation, or the search is done (its
  // simulations spent, the node cap reached, or the root's value exact). Throws
  // std::logic_error while an earlier step's requests are unanswered.
  Step step();
  // Answers the last step: results[i] evaluates requests[i]. Then call step() again.
  void provide(std::span<const Evaluation> results);
  // Starts no more simulations; the next step() after the open requests are answered is Done.
  void stop();

  // start(), then step() and provide() with `evaluator` until done or past the deadline;
  // `afterStep`, when given, is called after each answered step that leaves simulations to
  // start (a watcher may read snapshot() or stop() the search from it).
  const Result& run(EvaluatorType& evaluator, int simulations,
                    std::optional<Clock::time_point> deadline = {},
                    const std::function<void()>& afterStep = {});
  // run() with a move's budget: `simulations` (none: as many as the time allows) within `time`
  // from now (none: no limit). One of the two must be set.
  const Result& runFor(EvaluatorType& evaluator, std::optional<int> simulations,
                       std::optional<std::chrono::milliseconds> time,
                       const std::function<void()>& afterStep = {});

  // Restarts the search's random stream (root noise, Gumbel draws, sampling) from `seed`.
  void reseed(std::uint64_t seed) { rng_.seed(seed); }

  // The result of the last search that reached Done.
  const Result& result() const { return result_; }
  // The search in progress as it stands between steps: the root's moves, visits and Q, the
  // most visited move as the chosen one (the larger prior among equals), no policy target.
  Result snapshot() const;
  // Its chosen move followed by the most visited line below it (none if it chose nothing).
  std::vector<typename Rules::Move> chosenLine() const;
  const Tree& tree() const { return tree_; }
  const SearchParams& params() const { return params_; }
  void setParams(const SearchParams& params) { params_ = params; }

 protected:
  BasicTreeSearch(const SearchParams& params, std::uint64_t seed) : params_(params), rng_(seed) {}

  // The child of expanded node `parent` to descend into (an index into the tree).
  virtual NodeIndex selectChild(NodeIndex parent) = 0;
  // Called by start(), before any simulation, with the simulations asked for.
  virtual void beginSearch(int simulations) = 0;
  // Called once per root, when it is expanded (by start() if it already is).
  virtual void onRootExpanded() = 0;
  // Whether the root's own first evaluation counts as one of the simulations.
  virtual bool rootEvaluationIsSimulation() const = 0;
  // Fills the search-specific parts of the result (policy, chosen) and may use rng().
  virtual void finishResult(Result& result) = 0;

  Tree& mutableTree() { return tree_; }
  // Drops the tree below the root.
  void resetTree();
  std::mt19937_64& rng() { return rng_; }
  bool rootReady() const { return tree_.node(Tree::kRoot).hasChildren(); }

 private:
  // One pending leaf: where it is and what the evaluator needs to see.
  struct Leaf {
    NodeIndex node = 0;
    bool countsAsSimulation = true;
    Position position;
    typename Rules::MoveList moves;
    std::vector<Position> history;  // the params' historyPlies positions before it, oldest first
    int repetitions = 0;
    std::vector<NodeIndex> path;  // root first
  };
  enum class Descent : std::uint8_t { Pending, BackedUp, Collision };

  Descent simulate();
  Descent backUpExact(float value);
  // Earlier occurrences of the position at path depth `depth` within R9 e's window.
  int earlierOccurrences(std::size_t depth) const;
  // The position `back` plies before the one at path depth `depth` (back <= depth + history).
  const Position& positionBefore(std::size_t depth, std::size_t back) const;
  void backup(std::span<const NodeIndex> path, float value);
  float bestChildMinimax(NodeIndex i) const;
  // The root's moves, visits, Q, value, simulations and nodes into `r` (no chosen move).
  void fillRootFigures(Result& r) const;
  void finish();

  Tree tree_;
  SearchParams params_;
  std::mt19937_64 rng_;
  // The game before the root: the last max(clock, historyPlies) plies only.
  std::vector<Position> history_;

  // Scratch of the current descent (kept to avoid allocating per simulation).
  std::vector<NodeIndex> path_;
  std::vector<Position> positions_ = std::vector<Position>(1);  // positions_[d]: at path_[d]

  std::vector<Leaf> leaves_;  // the first pendingCount_ are waiting for provide()
  std::size_t pendingCount_ = 0;
  std::vector<BasicEvaluationRequest<Rules>> requests_;
  std::vector<Evaluation> answers_;  // run()'s reusable evaluator output

  int target_ = 0;  // simulations this search is to complete
  int started_ = 0;
  int completed_ = 0;
  bool running_ = false;
  std::optional<Clock::time_point> deadline_;
  bool rootPrepared_ = false;  // onRootExpanded() has run for this root
  Result result_;
};

using SearchStep = BasicSearchStep<StandardRules>;
using SearchResult = BasicSearchResult<StandardRules>;
using TreeSearch = BasicTreeSearch<StandardRules>;
using GrandSearchResult = BasicSearchResult<GrandRules>;
using GrandTreeSearch = BasicTreeSearch<GrandRules>;

}  // namespace camelot
