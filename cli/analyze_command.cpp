#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <nlohmann/json.hpp>
#include <numeric>
#include <optional>
#include <ostream>

#include "cli/command.hpp"
#include "cli/command_options.hpp"
#include "cli/game_setup.hpp"
#include "cli/input_error.hpp"
#include "cli/variant.hpp"
#include "engine/cfen.hpp"
#include "engine/notation.hpp"
#include "mcts/tree_search.hpp"
#include "nn/model.hpp"
#include "players/mcts_player.hpp"
#include "players/player_factory.hpp"

namespace camelot::cli {
namespace {

struct AnalyzeOptions {
  std::string fen = "startpos";
  std::string moves;
  PlayerChoice choice;
  int top = 10;
  bool json = false;
  std::optional<Variant> variant;  // --variant; none: the position's
};

struct MoveLine {
  Move move;
  float prior = 0.0f;
  std::optional<int> visits;  // a tree search's
  std::optional<float> q;     // a tree search's
  Wdl wdl;  // the network's view of the position after the move, from the mover's side
};

// What the search found: the listed moves in order (without their W/D/L yet), the value and the
// principal variation, and the search's own figures.
struct Analysis {
  std::vector<MoveLine> lines;
  float value = 0.0f;  // for the side to move
  std::vector<Move> pv;
  std::string summary;   // "16 simulations", "alpha-beta to depth 5, 1234 nodes"
  nlohmann::json facts;  // the same for --json
};

// The prior of the root's move k.
template <class Rules>
float rootPrior(const BasicSearchTree<Rules>& tree, std::size_t k) {
  return tree.node(tree.node(BasicSearchTree<Rules>::kRoot).firstChild + static_cast<NodeIndex>(k))
      .prior;
}

// The `top` root moves of a tree search: the move it plays first (a move that wins at once
// may have few visits), then the most visited; the prior breaks ties among the unvisited.
template <class Rules>
std::vector<std::size_t> rankedRootMoves(const BasicSearchResult<Rules>& result,
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
  return order;
}

// A tree search of the network.
Analysis treeAnalysis(const NetPlayerSpec& net, const Model& model, Evaluator& evaluator,
                      const Game& game, int top) {
  const std::unique_ptr<TreeSearch> search =
      makeSearch(net.treeSearchKind(), model.searchParams(), 1);
  const std::span<const Position> positions(game.positions());
  search->setRoot(game.position(), positions.first(positions.size() - 1));
  const SearchResult& result = search->runFor(evaluator, net.simulations, net.time);
  const SearchTree& tree = search->tree();
  const auto prior = [&](std::size_t k) { return rootPrior(tree, k); };
  const std::vector<std::size_t> order = rankedRootMoves(result, tree, top);
  Analysis analysis;
  for (const std::size_t k : order)
    analysis.lines.push_back({result.moves[k], prior(k), result.visits[k], result.q[k], {}});
  analysis.value = result.rootValue;
  analysis.pv = search->chosenLine();
  analysis.summary = std::to_string(result.simulations) + " simulations";
  analysis.facts = {{"simulations", result.simulations}};
  return analysis;
}

// Alpha-beta on the network: its move first, then the others by the network's prior.
Analysis alphaBetaAnalysis(const NetPlayerSpec& net, const Game& game,
                           const std::vector<float>& priors, int top) {
  const std::unique_ptr<Player> player = makeNetPlayer(net, 1);
  const Move best = player->chooseMove(game);
  const MoveReport report = *player->lastReport();
  const MoveList& moves = game.legalMoves();
  std::vector<std::size_t> order(moves.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    const bool aBest = moves[a] == best;
    const bool bBest = moves[b] == best;
    return aBest != bBest ? aBest : priors[a] > priors[b];
  });
  order.resize(std::min<std::size_t>(order.size(), static_cast<std::size_t>(top)));
  Analysis analysis;
  for (const std::size_t k : order)
    analysis.lines.push_back({moves[k], priors[k], std::nullopt, std::nullopt, {}});
  analysis.value = report.value;
  analysis.pv = report.pv;
  analysis.summary = "alpha-beta to depth " + std::to_string(report.depth) + ", " +
                     std::to_string(report.visits) + " nodes";
  analysis.facts = {{"depth", report.depth}, {"nodes", report.visits}};
  return analysis;
}

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

// Grand Camelot: the chosen tree search (--player mcts:... or gumbel:...) on the position, its
// root moves ranked as a network's tree search's are.
void analyzeGrand(const AnalyzeOptions& options, std::ostream& out) {
  const grand::GrandGame game = gameFromMoves<GrandRules>(options.fen, options.moves);
  if (game.finished())
    throw InputError("the game is over at this position (" + statusText(game.status()) + ")");
  const PlayerSpec spec = chosenGrandSpec(options.choice);
  const std::unique_ptr<GrandPlayer> player = makePlayer<GrandRules>(spec, 1);
  const auto* searcher = dynamic_cast<const GrandMctsPlayer*>(player.get());
  if (searcher == nullptr)
    throw UsageError("analyze reads a tree search: --player must be mcts:... or gumbel:..., not '" +
                     spec.text() + "'");
  const auto begin = std::chrono::steady_clock::now();
  player->chooseMove(game);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  const GrandSearchResult& result = searcher->lastResult();
  const GrandSearchTree& tree = searcher->lastTree();
  const std::vector<std::size_t> order = rankedRootMoves(result, tree, options.top);
  std::vector<std::string> pv;
  const GrandMoveReport report = *player->lastReport();
  for (const grand::GrandMove& m : report.pv)
    pv.push_back(grand::notation(m));
  const grand::Player mover = game.position().toMove;

  if (options.json) {
    nlohmann::json moves = nlohmann::json::array();
    for (const std::size_t k : order)
      moves.push_back({{"move", grand::notation(result.moves[k])},
                       {"prior", rootPrior(tree, k)},
                       {"visits", result.visits[k]},
                       {"q", result.q[k]}});
    out << nlohmann::json{{"fen", grand::toGfen(game.position())},
                          {"search", player->name()},
                          {"simulations", result.simulations},
                          {"seconds", seconds},
                          {"value", result.rootValue},
                          {"moves", moves},
                          {"pv", pv}}
               .dump()
        << '\n';
    return;
  }
  char timing[32];
  std::snprintf(timing, sizeof timing, "%.2f", seconds);
  out << "Position:   " << grand::toGfen(game.position()) << '\n'
      << "Search:     " << player->name() << ", " << result.simulations << " simulations in "
      << timing << " s, value " << signedValue(result.rootValue) << " for "
      << grand::partnershipName(grand::partnershipOf(mover)) << " (" << grand::playerName(mover)
      << " to move)\n\n";
  char header[128];
  std::snprintf(header, sizeof header, "  %-22s %7s %7s %7s\n", "move", "visits", "prior", "Q");
  out << header;
  for (const std::size_t k : order) {
    char row[160];
    std::snprintf(row, sizeof row, "  %-22s %7d %7.3f %7s\n",
                  grand::notation(result.moves[k]).c_str(), result.visits[k], rootPrior(tree, k),
                  signedValue(result.q[k]).c_str());
    out << row;
  }
  out << "\nPV:";
  for (const std::string& m : pv)
    out << ' ' << m;
  out << '\n';
}

void runAnalyze(const AnalyzeOptions& options, std::ostream& out) {
  if (variantOf(options.variant, options.fen) == Variant::Grand) {
    analyzeGrand(options, out);
    return;
  }
  const Game game = gameFromMoves(options.fen, options.moves);
  if (game.finished())
    throw InputError("the game is over at this position (" + statusText(game.status()) + ")");
  const NetPlayerSpec net = chosenNetwork(options.choice, "analyze");
  const std::shared_ptr<const Model> model = loadModel(net.file);
  const std::unique_ptr<Evaluator> evaluator = model->evaluator();
  const SearchParams params = model->searchParams();
  const std::span<const Position> positions(game.positions());

  // The network at the root: its value, and its priors for alpha-beta's list.
  const auto evaluate = [&](std::vector<Position>& at,
                            std::vector<std::vector<Position>>& history) {
    std::vector<MoveList> moves(at.size());
    std::vector<EvaluationRequest> requests;
    for (std::size_t i = 0; i < at.size(); ++i) {
      legalMoves(at[i], moves[i]);
      const std::size_t keep =
          std::min<std::size_t>(history[i].size(), static_cast<std::size_t>(params.historyPlies));
      requests.push_back({&at[i], &moves[i], std::span<const Position>(history[i]).last(keep), 0});
    }
    std::vector<Evaluation> evaluations(requests.size());
    evaluator->evaluate(requests, evaluations);
    return evaluations;
  };
  std::vector<Position> root{game.position()};
  std::vector<std::vector<Position>> rootHistory{{positions.begin(), positions.end() - 1}};
  const Evaluation rootEvaluation = evaluate(root, rootHistory).front();

  const auto begin = std::chrono::steady_clock::now();
  Analysis analysis = net.treeSearch()
                          ? treeAnalysis(net, *model, *evaluator, game, options.top)
                          : alphaBetaAnalysis(net, game, rootEvaluation.priors, options.top);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();

  // The network's W/D/L after each listed move, in one batch.
  std::vector<Position> after;
  std::vector<std::vector<Position>> afterHistory;
  for (const MoveLine& l : analysis.lines) {
    after.push_back(game.position().after(l.move));
    afterHistory.emplace_back(positions.begin(), positions.end());
  }
  const std::vector<Evaluation> evaluations = evaluate(after, afterHistory);
  for (std::size_t i = 0; i < analysis.lines.size(); ++i)
    analysis.lines[i].wdl = evaluations[i].value.flipped();
  std::vector<std::string> pv;
  for (const Move& m : analysis.pv)
    pv.push_back(toNotation(m));

  const Wdl rootWdl = rootEvaluation.value;
  if (options.json) {
    nlohmann::json moves = nlohmann::json::array();
    for (const MoveLine& l : analysis.lines) {
      nlohmann::json line{{"move", toNotation(l.move)}, {"prior", l.prior}};
      if (l.visits) line["visits"] = *l.visits;
      if (l.q) line["q"] = *l.q;
      line["wdl"] = wdlJson(l.wdl);
      moves.push_back(line);
    }
    nlohmann::json j{{"fen", toCfen(game.position())}, {"search", netSearchName(net.search)}};
    j.update(analysis.facts);
    j.update({{"seconds", seconds},
              {"value", analysis.value},
              {"wdl", wdlJson(rootWdl)},
              {"moves", moves},
              {"pv", pv}});
    out << j.dump() << '\n';
    return;
  }
  char timing[32];
  std::snprintf(timing, sizeof timing, "%.2f", seconds);
  out << "Position:   " << toCfen(game.position()) << '\n'
      << "Search:     " << analysis.summary << " in " << timing << " s, value "
      << signedValue(analysis.value) << " for the side to move\n"
      << "Network:    W/D/L " << wdlText(rootWdl) << " %\n\n";
  const bool tree = net.treeSearch();
  char header[128];
  std::snprintf(header, sizeof header, "  %-22s %7s %7s %7s  %s\n", "move", tree ? "visits" : "",
                "prior", tree ? "Q" : "", "net W/D/L after (%)");
  out << header;
  for (const MoveLine& l : analysis.lines) {
    char row[160];
    std::snprintf(row, sizeof row, "  %-22s %7s %7.3f %7s  %s\n", toNotation(l.move).c_str(),
                  l.visits ? std::to_string(*l.visits).c_str() : "", l.prior,
                  l.q ? signedValue(*l.q).c_str() : "", wdlText(l.wdl).c_str());
    out << row;
  }
  out << "\nPV:";
  for (const std::string& m : pv)
    out << ' ' << m;
  out << '\n';
}

}  // namespace

void addAnalyzeCommand(CLI::App& app, Commands& commands) {
  auto options = std::make_shared<AnalyzeOptions>();
  CLI::App* analyze = app.add_subcommand(
      "analyze",
      "Search a position with a network (alpha-beta unless --sims or --search says otherwise) "
      "and print its value, principal variation and top moves: alpha-beta's move first, then by "
      "the network's prior; a tree search's most visited first, with visits and Q; the "
      "network's W/D/L after each.");
  analyze
      ->add_option("--fen", options->fen,
                   "Position as CFEN (GFEN for Grand Camelot), or 'startpos'")
      ->capture_default_str();
  analyze->add_option("--moves", options->moves, "Moves to play first");
  addPlayerChoice(analyze, options->choice);
  analyze->add_option("--top", options->top, "Moves to list")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000));
  analyze->add_flag("--json", options->json, "Print one JSON object");
  addVariantOption(analyze, options->variant,
                   "; the search is --player mcts:... or gumbel:..., default " +
                       std::string(kDefaultGrandPlayer));
  commands.add(analyze, [options](const CommandStreams& io) { runAnalyze(*options, io.out); });
}

}  // namespace camelot::cli
