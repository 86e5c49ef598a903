// `camelot engine`: the engine line protocol on standard input and output, with a network
// search (PUCT, as `camelot analyze`) or any classical player behind it.

#include <chrono>
#include <istream>
#include <optional>
#include <string>

#include "cli/commands.hpp"
#include "cli/engine_session.hpp"
#include "mcts/puct_search.hpp"
#include "nn/model.hpp"
#include "training/player_factory.hpp"

namespace camelot::cli {
namespace {

// The network's PUCT search. Each `go` starts a fresh search with seed 1, so the same
// position and budget always give the same answer.
class NetSearcher final : public EngineSearcher {
 public:
  NetSearcher(const std::string& checkpoint, int simulations)
      : model_(loadModel(checkpoint)), evaluator_(model_->evaluator()), simulations_(simulations) {}

  EngineAnswer think(const Game& game, const ThinkingBudget& budget) override {
    SearchParams params;
    params.historyPlies = model_->historyPlies();
    PuctSearch search(params, 1);
    const std::span<const Position> positions(game.positions());
    search.setRoot(game.position(), positions.first(positions.size() - 1));
    std::optional<std::chrono::steady_clock::time_point> deadline;
    if (budget.time) deadline = std::chrono::steady_clock::now() + *budget.time;
    const SearchResult& result =
        search.run(*evaluator_, budget.simulations.value_or(simulations_), deadline);

    const SearchTree& tree = search.tree();
    const NodeIndex chosen =
        tree.node(SearchTree::kRoot).firstChild + static_cast<NodeIndex>(result.chosen);
    // The chosen move, then the most visited line below it.
    std::vector<Move> pv{tree.move(chosen)};
    for (const Move& m : tree.principalVariation(chosen))
      pv.push_back(m);
    return {result.moves[static_cast<std::size_t>(result.chosen)],
            SearchReport{tree.node(SearchTree::kRoot).visits, result.rootValue, pv}};
  }

 private:
  std::shared_ptr<const Model> model_;
  std::unique_ptr<Evaluator> evaluator_;
  int simulations_;
};

}  // namespace

void runEngine(const EngineOptions& options, std::istream& in, std::ostream& out) {
  if (options.net.empty() == options.player.empty())
    throw InputError("give exactly one of --net FILE and --player SPEC");
  std::unique_ptr<EngineSearcher> searcher;
  if (!options.net.empty()) {
    searcher = std::make_unique<NetSearcher>(options.net, options.simulations);
  } else {
    searcher = std::make_unique<PlayerSearcher>(makePlayer(PlayerSpec::parse(options.player), 1));
  }
  EngineSession session(std::move(searcher));
  for (std::string line; std::getline(in, line);)
    if (!session.handle(line, out)) break;
}

}  // namespace camelot::cli
