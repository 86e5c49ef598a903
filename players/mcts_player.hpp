#pragma once
// A tree-search player: PUCT (AlphaZero) or Gumbel root search, over the uniform or rollout
// evaluator or one the caller gives (a network), in either variant. It keeps its tree between
// moves (PUCT).
//
// Limits: a budget's simulations and time replace the player's own when it sets either
// (players/player.hpp); the search stops at whichever limit comes first. Names read
// "mcts:sims=800,eval=rollout" or "gumbel:sims=32,eval=uniform" (with ",time=500ms" when a time
// limit is set).

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "mcts/rollout_evaluator.hpp"
#include "mcts/search_params.hpp"
#include "mcts/tree_search.hpp"
#include "players/player.hpp"

namespace camelot {

enum class SearchKind : std::uint8_t { Puct, Gumbel };
enum class EvaluatorKind : std::uint8_t { Uniform, Rollout };

struct MctsPlayerOptions {
  SearchKind search = SearchKind::Puct;
  EvaluatorKind evaluator = EvaluatorKind::Uniform;
  std::optional<int> simulations = 800;  // a move; unset: only the time limit
  std::optional<std::chrono::milliseconds> time;
  SearchParams params;
  RolloutOptions rollout;  // eval=rollout (its seed is derived from `seed`)
  std::uint64_t seed = 0;
};

template <class Rules>
class BasicMctsPlayer final : public BasicPlayer<Rules> {
 public:
  using Game = typename Rules::Game;
  using Move = typename Rules::Move;
  using MoveReport = BasicMoveReport<Rules>;

  // Throws std::invalid_argument when the options set neither simulations nor time.
  explicit BasicMctsPlayer(const MctsPlayerOptions& options);
  // With the caller's evaluator, named `evaluatorName` in name(); options.evaluator is unused.
  BasicMctsPlayer(const MctsPlayerOptions& options,
                  std::unique_ptr<BasicEvaluator<Rules>> evaluator, std::string evaluatorName);

  std::string name() const override;
  Move chooseMove(const Game& game, const ThinkingBudget& budget = {}) override;
  void newGame() override;
  // The root's visits and value, and the chosen move followed by the most visited line.
  std::optional<MoveReport> lastReport() const override;

  // The search behind the last move (visits, values, policy target).
  const BasicSearchResult<Rules>& lastResult() const { return search_->result(); }
  // Its tree (priors, the principal variation); during a search, as it stands.
  const BasicSearchTree<Rules>& lastTree() const { return search_->tree(); }
  // The search in progress, for a SearchWatch's progress call (BasicTreeSearch::snapshot).
  BasicSearchResult<Rules> snapshot() const { return search_->snapshot(); }

 private:
  MctsPlayerOptions options_;
  std::unique_ptr<BasicEvaluator<Rules>> evaluator_;
  std::string evaluatorName_;
  std::unique_ptr<BasicTreeSearch<Rules>> search_;
};

using MctsPlayer = BasicMctsPlayer<StandardRules>;
using GrandMctsPlayer = BasicMctsPlayer<GrandRules>;

// Builds the search of a kind with its params and seed.
template <class Rules = StandardRules>
std::unique_ptr<BasicTreeSearch<Rules>> makeSearch(SearchKind kind, const SearchParams& params,
                                                   std::uint64_t seed);

}  // namespace camelot
