#include "players/mcts_player.hpp"

#include <span>
#include <stdexcept>

#include "mcts/gumbel_search.hpp"
#include "mcts/puct_search.hpp"
#include "mcts/uniform_evaluator.hpp"

namespace camelot {
namespace {

template <class Rules>
std::unique_ptr<BasicEvaluator<Rules>> makeEvaluator(const MctsPlayerOptions& options) {
  if (options.evaluator == EvaluatorKind::Uniform)
    return std::make_unique<BasicUniformEvaluator<Rules>>();
  RolloutOptions rollout = options.rollout;
  rollout.seed = options.seed ^ 0x5deece66dULL;  // independent of the search's own stream
  return std::make_unique<BasicRolloutEvaluator<Rules>>(rollout);
}

std::string evaluatorKindName(EvaluatorKind kind) {
  return kind == EvaluatorKind::Uniform ? "uniform" : "rollout";
}

}  // namespace

template <class Rules>
std::unique_ptr<BasicTreeSearch<Rules>> makeSearch(SearchKind kind, const SearchParams& params,
                                                   std::uint64_t seed) {
  if (kind == SearchKind::Gumbel) return std::make_unique<BasicGumbelSearch<Rules>>(params, seed);
  return std::make_unique<BasicPuctSearch<Rules>>(params, seed);
}

template <class Rules>
BasicMctsPlayer<Rules>::BasicMctsPlayer(const MctsPlayerOptions& options)
    : BasicMctsPlayer(options, makeEvaluator<Rules>(options),
                      evaluatorKindName(options.evaluator)) {}

template <class Rules>
BasicMctsPlayer<Rules>::BasicMctsPlayer(const MctsPlayerOptions& options,
                                        std::unique_ptr<BasicEvaluator<Rules>> evaluator,
                                        std::string evaluatorName)
    : options_(options),
      evaluator_(std::move(evaluator)),
      evaluatorName_(std::move(evaluatorName)),
      search_(makeSearch<Rules>(options.search, options.params, options.seed)) {
  if (!options_.simulations && !options_.time)
    throw std::invalid_argument("MctsPlayer: set simulations or time");
  if (options_.simulations && *options_.simulations < 1)
    throw std::invalid_argument("MctsPlayer: simulations must be >= 1");
}

template <class Rules>
std::string BasicMctsPlayer<Rules>::name() const {
  std::string text = options_.search == SearchKind::Gumbel ? "gumbel:" : "mcts:";
  if (options_.simulations) text += "sims=" + std::to_string(*options_.simulations) + ",";
  if (options_.time) text += "time=" + std::to_string(options_.time->count()) + "ms,";
  return text + "eval=" + evaluatorName_;
}

template <class Rules>
auto BasicMctsPlayer<Rules>::chooseMove(const Game& game, const ThinkingBudget& budget) -> Move {
  const bool ownLimits = !budget.simulations && !budget.time;
  const std::optional<int> simulations = ownLimits ? options_.simulations : budget.simulations;
  const std::optional<std::chrono::milliseconds> time = ownLimits ? options_.time : budget.time;
  // The positions before the current one: repetitions (R9 e) of them count in the search.
  const std::span<const typename Rules::Position> history(game.positions());
  search_->setRoot(game.position(), history.first(history.size() - 1));
  const SearchWatch* watch = budget.watch;
  std::optional<std::chrono::steady_clock::time_point> lastProgress;
  const auto afterStep = [&] {
    if (watch->stopped()) search_->stop();
    if (watch->progressDue(lastProgress)) watch->progress();
  };
  const BasicSearchResult<Rules>& result =
      watch ? search_->runFor(*evaluator_, simulations, time, afterStep)
            : search_->runFor(*evaluator_, simulations, time);
  if (result.chosen < 0) throw std::logic_error("MctsPlayer::chooseMove: the game is over");
  return result.moves[static_cast<std::size_t>(result.chosen)];
}

template <class Rules>
auto BasicMctsPlayer<Rules>::lastReport() const -> std::optional<MoveReport> {
  const BasicSearchResult<Rules>& result = search_->result();
  if (result.chosen < 0) return std::nullopt;
  MoveReport report{search_->tree().node(BasicSearchTree<Rules>::kRoot).visits, result.rootValue,
                    search_->chosenLine()};
  report.depth = static_cast<int>(report.pv.size());
  return report;
}

template <class Rules>
void BasicMctsPlayer<Rules>::newGame() {
  search_->clear();
}

template class BasicMctsPlayer<StandardRules>;
template class BasicMctsPlayer<GrandRules>;
template std::unique_ptr<BasicTreeSearch<StandardRules>> makeSearch(SearchKind, const SearchParams&,
                                                                    std::uint64_t);
template std::unique_ptr<BasicTreeSearch<GrandRules>> makeSearch(SearchKind, const SearchParams&,
                                                                 std::uint64_t);

}  // namespace camelot
