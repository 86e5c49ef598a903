#include "cli/position_analysis.hpp"

#include <algorithm>
#include <numeric>
#include <span>

#include "cli/input_error.hpp"
#include "cli/variant_text.hpp"
#include "mcts/tree_search.hpp"
#include "nn/model.hpp"

namespace camelot::cli {

// The network of a `net:` player, asked for its W/D/L and priors.
template <class Rules>
class PositionAnalyzer<Rules>::NetworkView {
 public:
  explicit NetworkView(const std::string& file)
      : model_(loadModel(file)), evaluator_(model_->evaluatorFor<Rules>()) {}

  // Its evaluation of the game's position, or (`afterMove`) of positions one ply on.
  std::vector<Evaluation> evaluate(const Game& game, std::vector<typename Rules::Position> at,
                                   bool afterMove) {
    const std::span<const typename Rules::Position> played(game.positions());
    const std::span<const typename Rules::Position> before =
        afterMove ? played : played.first(played.size() - 1);
    const std::size_t keep =
        std::min<std::size_t>(before.size(), static_cast<std::size_t>(model_->historyPlies()));
    std::vector<typename Rules::MoveList> moves(at.size());
    std::vector<BasicEvaluationRequest<Rules>> requests;
    for (std::size_t i = 0; i < at.size(); ++i) {
      Rules::legalMoves(at[i], moves[i]);
      requests.push_back({&at[i], &moves[i], before.last(keep), 0});
    }
    std::vector<Evaluation> evaluations(requests.size());
    evaluator_->evaluate(requests, evaluations);
    return evaluations;
  }

 private:
  std::shared_ptr<const Model> model_;
  std::unique_ptr<BasicEvaluator<Rules>> evaluator_;
};

namespace {

// The prior of the root's move k.
template <class Rules>
float rootPrior(const BasicSearchTree<Rules>& tree, std::size_t k) {
  return tree.node(tree.node(BasicSearchTree<Rules>::kRoot).firstChild + static_cast<NodeIndex>(k))
      .prior;
}

// A tree search's root: the move it plays first (a move that wins at once may have few
// visits), then the most visited; the prior breaks ties among the unvisited. Each move's line
// follows the most visited child below it.
template <class Rules>
PositionAnalysis<Rules> treeLines(const BasicSearchResult<Rules>& result,
                                  const BasicSearchTree<Rules>& tree, int top) {
  std::vector<std::size_t> order(result.moves.size());
  std::iota(order.begin(), order.end(), 0);
  const auto chosen = static_cast<std::size_t>(result.chosen);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    if ((a == chosen) != (b == chosen)) return a == chosen;
    return result.visits[a] != result.visits[b] ? result.visits[a] > result.visits[b]
                                                : rootPrior(tree, a) > rootPrior(tree, b);
  });
  order.resize(std::min<std::size_t>(order.size(), static_cast<std::size_t>(top)));
  PositionAnalysis<Rules> analysis;
  const NodeIndex firstChild = tree.node(BasicSearchTree<Rules>::kRoot).firstChild;
  for (const std::size_t k : order) {
    std::vector<typename Rules::Move> pv{result.moves[k]};
    for (const typename Rules::Move& m :
         tree.principalVariation(firstChild + static_cast<NodeIndex>(k)))
      pv.push_back(m);
    analysis.lines.push_back(
        {result.moves[k], rootPrior(tree, k), result.visits[k], result.q[k], std::nullopt, pv});
  }
  analysis.value = result.rootValue;
  if (!analysis.lines.empty()) analysis.pv = analysis.lines.front().pv;
  analysis.depth = static_cast<int>(analysis.pv.size());
  analysis.nodes = result.nodes;
  analysis.simulations = result.simulations;
  return analysis;
}

// Alpha-beta on a network: its move (the report's PV's first) first, then the others by the
// network's prior; only its move has the search's line.
template <class Rules>
PositionAnalysis<Rules> alphaBetaLines(const typename Rules::Game& game,
                                       const BasicMoveReport<Rules>& report,
                                       const std::vector<float>& priors, int top) {
  typename Rules::MoveList moves;
  Rules::legalMoves(game.position(), moves);
  const auto isBest = [&](const typename Rules::Move& m) {
    return !report.pv.empty() && Rules::sameMove(m, report.pv.front());
  };
  std::vector<std::size_t> order(moves.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    const bool aBest = isBest(moves[a]);
    const bool bBest = isBest(moves[b]);
    return aBest != bBest ? aBest : priors[a] > priors[b];
  });
  order.resize(std::min<std::size_t>(order.size(), static_cast<std::size_t>(top)));
  PositionAnalysis<Rules> analysis;
  for (const std::size_t k : order)
    analysis.lines.push_back({moves[k], priors[k], std::nullopt, std::nullopt, std::nullopt,
                              isBest(moves[k]) ? report.pv : std::vector<typename Rules::Move>{}});
  analysis.value = report.value;
  analysis.pv = report.pv;
  analysis.depth = report.depth;
  analysis.nodes = static_cast<std::uint64_t>(report.visits);
  return analysis;
}

nlohmann::json wdlJson(const Wdl& w) {
  return {w.win, w.draw, w.loss};
}

}  // namespace

template <class Rules>
PositionAnalyzer<Rules>::PositionAnalyzer(const PlayerSpec& spec)
    : player_(makePlayer<Rules>(spec, 1)) {
  searcher_ = dynamic_cast<const BasicMctsPlayer<Rules>*>(player_.get());
  const std::optional<NetPlayerSpec> net = netPlayerSpec(spec);
  if (!net && !searcher_)
    throw UsageError(
        "analyze reads a network or a tree search: --player must be net:FILE[,...], mcts:... or "
        "gumbel:..., not '" +
        spec.text() + "'");
  if (net) network_ = std::make_unique<NetworkView>(net->file);
  searchName_ = net ? netSearchName(net->search) : player_->name();
}

template <class Rules>
PositionAnalyzer<Rules>::~PositionAnalyzer() = default;

template <class Rules>
auto PositionAnalyzer<Rules>::analyze(const Game& game, const ThinkingBudget& budget, int top)
    -> PositionAnalysis<Rules> {
  rootEvaluation_.reset();
  if (network_) rootEvaluation_ = network_->evaluate(game, {game.position()}, false).front();
  begin_ = std::chrono::steady_clock::now();
  player_->chooseMove(game, budget);
  PositionAnalysis<Rules> analysis = current(game, top, /*finished=*/true);
  if (network_) {
    std::vector<typename Rules::Position> after;
    for (const MoveLine<Rules>& l : analysis.lines)
      after.push_back(Rules::after(game.position(), l.move));
    const std::vector<Evaluation> evaluations = network_->evaluate(game, std::move(after), true);
    for (std::size_t i = 0; i < evaluations.size(); ++i)
      analysis.lines[i].wdlAfter = evaluations[i].value.flipped();
  }
  return analysis;
}

template <class Rules>
auto PositionAnalyzer<Rules>::progress(const Game& game, int top) const -> PositionAnalysis<Rules> {
  return current(game, top, /*finished=*/false);
}

template <class Rules>
auto PositionAnalyzer<Rules>::current(const Game& game, int top, bool finished) const
    -> PositionAnalysis<Rules> {
  PositionAnalysis<Rules> analysis;
  if (searcher_) {
    analysis = finished ? treeLines(searcher_->lastResult(), searcher_->lastTree(), top)
                        : treeLines(searcher_->snapshot(), searcher_->lastTree(), top);
  } else {
    const std::optional<BasicMoveReport<Rules>> report = player_->lastReport();
    if (report) analysis = alphaBetaLines(game, *report, rootEvaluation_->priors, top);
  }
  if (rootEvaluation_) analysis.wdl = rootEvaluation_->value;
  analysis.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - begin_).count();
  return analysis;
}

template <class Rules>
nlohmann::json analysisJson(const typename Rules::Game& game, const std::string& search,
                            const PositionAnalysis<Rules>& analysis) {
  using Text = VariantText<Rules>;
  const auto line = [](const std::vector<typename Rules::Move>& moves) {
    nlohmann::json j = nlohmann::json::array();
    for (const typename Rules::Move& m : moves)
      j.push_back(Text::move(m));
    return j;
  };
  nlohmann::json moves = nlohmann::json::array();
  for (const MoveLine<Rules>& l : analysis.lines) {
    nlohmann::json j{{"move", Text::move(l.move)}};
    if (l.prior) j["prior"] = *l.prior;
    if (l.visits) j["visits"] = *l.visits;
    if (l.q) j["q"] = *l.q;
    if (l.wdlAfter) j["wdl"] = wdlJson(*l.wdlAfter);
    if (!l.pv.empty()) j["pv"] = line(l.pv);
    moves.push_back(j);
  }
  nlohmann::json j{{"fen", Rules::positionText(game.position())},
                   {"search", search},
                   {"value", analysis.value},
                   {"depth", analysis.depth},
                   {"nodes", analysis.nodes}};
  if (analysis.simulations) j["simulations"] = *analysis.simulations;
  if (analysis.wdl) j["wdl"] = wdlJson(*analysis.wdl);
  j["seconds"] = analysis.seconds;
  j["moves"] = moves;
  j["pv"] = line(analysis.pv);
  return j;
}

template class PositionAnalyzer<StandardRules>;
template class PositionAnalyzer<GrandRules>;
template nlohmann::json analysisJson<StandardRules>(const Game&, const std::string&,
                                                    const PositionAnalysis<StandardRules>&);
template nlohmann::json analysisJson<GrandRules>(const grand::GrandGame&, const std::string&,
                                                 const PositionAnalysis<GrandRules>&);

}  // namespace camelot::cli
