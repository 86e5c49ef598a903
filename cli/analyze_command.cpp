#include <algorithm>
#include <chrono>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <numeric>
#include <ostream>

#include "cli/commands.hpp"
#include "cli/game_setup.hpp"
#include "engine/cfen.hpp"
#include "engine/notation.hpp"
#include "mcts/mcts_player.hpp"
#include "nn/model.hpp"

namespace camelot::cli {
namespace {

struct MoveLine {
  std::string move;
  int visits = 0;
  float prior = 0.0f;
  float q = 0.0f;
  Wdl wdl;  // the network's view of the position after the move, from the mover's side
};

std::string percent(float p) {
  char text[16];
  std::snprintf(text, sizeof text, "%.1f", 100.0 * p);
  return text;
}

std::string signedValue(float v) {
  char text[16];
  std::snprintf(text, sizeof text, "%+.3f", v);
  return text;
}

std::string wdlText(const Wdl& w) {
  return percent(w.win) + "/" + percent(w.draw) + "/" + percent(w.loss);
}

nlohmann::json wdlJson(const Wdl& w) {
  return {w.win, w.draw, w.loss};
}

}  // namespace

void runAnalyze(const AnalyzeOptions& options, std::ostream& out) {
  const Game game = gameFromMoves(options.fen, options.moves);
  if (game.finished())
    throw InputError("the game is over at this position (" + statusText(game.status()) + ")");
  const NetPlayerSpec net = chosenNetwork(options.choice, "analyze");
  const std::shared_ptr<const Model> model = loadModel(net.file);
  const std::unique_ptr<Evaluator> evaluator = model->evaluator();

  const SearchParams params = model->searchParams();
  const std::unique_ptr<TreeSearch> search = makeSearch(net.search, params, 1);
  const std::span<const Position> positions(game.positions());
  search->setRoot(game.position(), positions.first(positions.size() - 1));
  const auto begin = std::chrono::steady_clock::now();
  const SearchResult& result = search->runFor(*evaluator, net.simulations, net.time);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();

  // The most visited moves first; the prior breaks ties among the unvisited.
  const SearchTree& tree = search->tree();
  const Node& root = tree.node(SearchTree::kRoot);
  std::vector<std::size_t> order(result.moves.size());
  std::iota(order.begin(), order.end(), 0);
  const auto prior = [&](std::size_t k) { return tree.node(root.firstChild + k).prior; };
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return result.visits[a] != result.visits[b] ? result.visits[a] > result.visits[b]
                                                : prior(a) > prior(b);
  });
  order.resize(std::min<std::size_t>(order.size(), static_cast<std::size_t>(options.top)));

  // The network's WDL at the root and after each listed move, in one batch.
  std::vector<Position> after;
  std::vector<MoveList> afterMoves(order.size() + 1);
  std::vector<std::vector<Position>> afterHistory;
  after.push_back(game.position());
  afterHistory.emplace_back(positions.begin(), positions.end() - 1);
  for (const std::size_t k : order) {
    after.push_back(game.position().after(result.moves[k]));
    afterHistory.emplace_back(positions.begin(), positions.end());
  }
  std::vector<EvaluationRequest> requests;
  for (std::size_t i = 0; i < after.size(); ++i) {
    legalMoves(after[i], afterMoves[i]);
    const std::size_t keep = std::min<std::size_t>(afterHistory[i].size(),
                                                   static_cast<std::size_t>(params.historyPlies));
    requests.push_back(
        {&after[i], &afterMoves[i], std::span<const Position>(afterHistory[i]).last(keep), 0});
  }
  std::vector<Evaluation> evaluations(requests.size());
  evaluator->evaluate(requests, evaluations);

  std::vector<MoveLine> lines;
  for (std::size_t i = 0; i < order.size(); ++i) {
    const std::size_t k = order[i];
    lines.push_back({toNotation(result.moves[k]), result.visits[k], prior(k), result.q[k],
                     evaluations[i + 1].value.flipped()});
  }
  // The principal variation: the most visited child (the larger prior on a tie, as in the
  // table), ply after ply.
  std::vector<std::string> pv;
  for (const Move& m : tree.principalVariation())
    pv.push_back(toNotation(m));

  const Wdl rootWdl = evaluations[0].value;
  if (options.json) {
    nlohmann::json moves = nlohmann::json::array();
    for (const MoveLine& l : lines)
      moves.push_back({{"move", l.move},
                       {"visits", l.visits},
                       {"prior", l.prior},
                       {"q", l.q},
                       {"wdl", wdlJson(l.wdl)}});
    out << nlohmann::json{{"fen", toCfen(game.position())},
                          {"simulations", result.simulations},
                          {"seconds", seconds},
                          {"value", result.rootValue},
                          {"wdl", wdlJson(rootWdl)},
                          {"moves", moves},
                          {"pv", pv}}
               .dump()
        << '\n';
    return;
  }
  char timing[32];
  std::snprintf(timing, sizeof timing, "%.2f", seconds);
  out << "Position:   " << toCfen(game.position()) << '\n'
      << "Search:     " << result.simulations << " simulations in " << timing << " s, value "
      << signedValue(result.rootValue) << " for the side to move\n"
      << "Network:    W/D/L " << wdlText(rootWdl) << " %\n\n";
  char header[128];
  std::snprintf(header, sizeof header, "  %-22s %7s %7s %7s  %s\n", "move", "visits", "prior", "Q",
                "net W/D/L after (%)");
  out << header;
  for (const MoveLine& l : lines) {
    char row[160];
    std::snprintf(row, sizeof row, "  %-22s %7d %7.3f %7s  %s\n", l.move.c_str(), l.visits, l.prior,
                  signedValue(l.q).c_str(), wdlText(l.wdl).c_str());
    out << row;
  }
  out << "\nPV:";
  for (const std::string& m : pv)
    out << ' ' << m;
  out << '\n';
}

}  // namespace camelot::cli
