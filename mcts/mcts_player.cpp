#include "mcts/mcts_player.hpp"

#include <span>
#include <stdexcept>

#include "mcts/gumbel_search.hpp"
#include "mcts/puct_search.hpp"
#include "mcts/uniform_evaluator.hpp"

namespace camelot {
namespace {

std::unique_ptr<Evaluator> makeEvaluator(const MctsPlayerOptions& options) {
  if (options.evaluator == EvaluatorKind::Uniform) return std::make_unique<UniformEvaluator>();
  RolloutOptions rollout = options.rollout;
  rollout.seed = options.seed ^ 0x5deece66dULL;  // independent of the search's own stream
  return std::make_unique<RolloutEvaluator>(rollout);
}

std::string evaluatorKindName(EvaluatorKind kind) {
  return kind == EvaluatorKind::Uniform ? "uniform" : "rollout";
}

}  // namespace

std::unique_ptr<TreeSearch> makeSearch(SearchKind kind, const SearchParams& params,
                                       std::uint64_t seed) {
  if (kind == SearchKind::Gumbel) return std::make_unique<GumbelSearch>(params, seed);
  return std::make_unique<PuctSearch>(params, seed);
}

MctsPlayer::MctsPlayer(const MctsPlayerOptions& options)
    : MctsPlayer(options, makeEvaluator(options), evaluatorKindName(options.evaluator)) {}

MctsPlayer::MctsPlayer(const MctsPlayerOptions& options, std::unique_ptr<Evaluator> evaluator,
                       std::string evaluatorName)
    : options_(options),
      evaluator_(std::move(evaluator)),
      evaluatorName_(std::move(evaluatorName)),
      search_(makeSearch(options.search, options.params, options.seed)) {
  if (!options_.simulations && !options_.time)
    throw std::invalid_argument("MctsPlayer: set simulations or time");
  if (options_.simulations && *options_.simulations < 1)
    throw std::invalid_argument("MctsPlayer: simulations must be >= 1");
}

std::string MctsPlayer::name() const {
  std::string text = options_.search == SearchKind::Gumbel ? "gumbel:" : "mcts:";
  if (options_.simulations) text += "sims=" + std::to_string(*options_.simulations) + ",";
  if (options_.time) text += "time=" + std::to_string(options_.time->count()) + "ms,";
  return text + "eval=" + evaluatorName_;
}

Move MctsPlayer::chooseMove(const Game& game, const ThinkingBudget& budget) {
  const bool ownLimits = !budget.simulations && !budget.time;
  const std::optional<int> simulations = ownLimits ? options_.simulations : budget.simulations;
  const std::optional<std::chrono::milliseconds> time = ownLimits ? options_.time : budget.time;
  // The positions before the current one: repetitions (R9 e) of them count in the search.
  const std::span<const Position> history(game.positions());
  search_->setRoot(game.position(), history.first(history.size() - 1));
  const SearchResult& result = search_->runFor(*evaluator_, simulations, time);
  if (result.chosen < 0) throw std::logic_error("MctsPlayer::chooseMove: the game is over");
  return result.moves[static_cast<std::size_t>(result.chosen)];
}

std::optional<MoveReport> MctsPlayer::lastReport() const {
  const SearchResult& result = search_->result();
  if (result.chosen < 0) return std::nullopt;
  const SearchTree& tree = search_->tree();
  const NodeIndex chosen =
      tree.node(SearchTree::kRoot).firstChild + static_cast<NodeIndex>(result.chosen);
  MoveReport report{tree.node(SearchTree::kRoot).visits, result.rootValue, {tree.move(chosen)}};
  for (const Move& m : tree.principalVariation(chosen))
    report.pv.push_back(m);
  report.depth = static_cast<int>(report.pv.size());
  return report;
}

void MctsPlayer::newGame() {
  search_->clear();
}

}  // namespace camelot
