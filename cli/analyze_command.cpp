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
#include "cli/player_choice.hpp"
#include "cli/variant.hpp"
#include "cli/variant_text.hpp"
#include "mcts/tree_search.hpp"
#include "nn/model.hpp"
#include "players/mcts_player.hpp"
#include "players/player.hpp"
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

// One listed move and what the search and the network say of it.
template <class Rules>
struct MoveLine {
  typename Rules::Move move;
  std::optional<float> prior;   // a tree's, else the network's
  std::optional<int> visits;    // a tree search's
  std::optional<float> q;       // a tree search's
  std::optional<Wdl> wdlAfter;  // the network's view after the move, from the mover's side
};

// What the search found: the listed moves in order, the value and the principal variation,
// and the search's own figures.
template <class Rules>
struct Analysis {
  std::vector<MoveLine<Rules>> lines;
  float value = 0.0f;  // for the side to move
  std::vector<typename Rules::Move> pv;
  std::string summary;   // "16 simulations", "alpha-beta to depth 5, 1234 nodes"
  nlohmann::json facts;  // the same for --json
};

// The network of a `net:` player at the root and after the listed moves.
template <class Rules>
class NetworkView {
 public:
  NetworkView(const NetPlayerSpec& net, const typename Rules::Game& game)
      : model_(loadModel(net.file)),
        evaluator_(model_->template evaluatorFor<Rules>()),
        game_(game),
        root_(evaluate({game.position()}, /*afterMove=*/false).front()) {}

  // Its W/D/L for the side to move and its prior of each legal move (Rules::legalMoves' order).
  const Evaluation& root() const { return root_; }

  // Its W/D/L after each move, from the mover's side, in one batch.
  std::vector<Wdl> after(const std::vector<MoveLine<Rules>>& lines) {
    std::vector<typename Rules::Position> positions;
    for (const MoveLine<Rules>& l : lines)
      positions.push_back(Rules::after(game_.position(), l.move));
    std::vector<Wdl> wdl;
    for (const Evaluation& e : evaluate(std::move(positions), /*afterMove=*/true))
      wdl.push_back(e.value.flipped());
    return wdl;
  }

 private:
  // The positions as the game's next ply (afterMove) or as its current one.
  std::vector<Evaluation> evaluate(std::vector<typename Rules::Position> positions,
                                   bool afterMove) {
    const std::span<const typename Rules::Position> played(game_.positions());
    const std::span<const typename Rules::Position> before =
        afterMove ? played : played.first(played.size() - 1);
    const std::size_t keep =
        std::min<std::size_t>(before.size(), static_cast<std::size_t>(model_->historyPlies()));
    std::vector<typename Rules::MoveList> moves(positions.size());
    std::vector<BasicEvaluationRequest<Rules>> requests;
    for (std::size_t i = 0; i < positions.size(); ++i) {
      Rules::legalMoves(positions[i], moves[i]);
      requests.push_back({&positions[i], &moves[i], before.last(keep), 0});
    }
    std::vector<Evaluation> evaluations(requests.size());
    evaluator_->evaluate(requests, evaluations);
    return evaluations;
  }

  std::shared_ptr<const Model> model_;
  std::unique_ptr<BasicEvaluator<Rules>> evaluator_;
  const typename Rules::Game& game_;
  Evaluation root_;
};

// The prior of the root's move k.
template <class Rules>
float rootPrior(const BasicSearchTree<Rules>& tree, std::size_t k) {
  return tree.node(tree.node(BasicSearchTree<Rules>::kRoot).firstChild + static_cast<NodeIndex>(k))
      .prior;
}

// A tree search's root: the move it plays first (a move that wins at once may have few
// visits), then the most visited; the prior breaks ties among the unvisited.
template <class Rules>
Analysis<Rules> treeAnalysis(const BasicMctsPlayer<Rules>& searcher, int top) {
  const BasicSearchResult<Rules>& result = searcher.lastResult();
  const BasicSearchTree<Rules>& tree = searcher.lastTree();
  std::vector<std::size_t> order(result.moves.size());
  std::iota(order.begin(), order.end(), 0);
  const auto chosen = static_cast<std::size_t>(result.chosen);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    if ((a == chosen) != (b == chosen)) return a == chosen;
    return result.visits[a] != result.visits[b] ? result.visits[a] > result.visits[b]
                                                : rootPrior(tree, a) > rootPrior(tree, b);
  });
  order.resize(std::min<std::size_t>(order.size(), static_cast<std::size_t>(top)));
  Analysis<Rules> analysis;
  for (const std::size_t k : order)
    analysis.lines.push_back(
        {result.moves[k], rootPrior(tree, k), result.visits[k], result.q[k], std::nullopt});
  analysis.summary = std::to_string(result.simulations) + " simulations";
  analysis.facts = {{"simulations", result.simulations}};
  return analysis;
}

// Alpha-beta on a network: its move first, then the others by the network's prior.
template <class Rules>
Analysis<Rules> alphaBetaAnalysis(const typename Rules::Game& game,
                                  const typename Rules::Move& best,
                                  const BasicMoveReport<Rules>& report,
                                  const std::vector<float>& priors, int top) {
  typename Rules::MoveList moves;
  Rules::legalMoves(game.position(), moves);
  std::vector<std::size_t> order(moves.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    const bool aBest = Rules::sameMove(moves[a], best);
    const bool bBest = Rules::sameMove(moves[b], best);
    return aBest != bBest ? aBest : priors[a] > priors[b];
  });
  order.resize(std::min<std::size_t>(order.size(), static_cast<std::size_t>(top)));
  Analysis<Rules> analysis;
  for (const std::size_t k : order)
    analysis.lines.push_back({moves[k], priors[k], std::nullopt, std::nullopt, std::nullopt});
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

template <class Rules>
void writeJson(const typename Rules::Game& game, const std::string& search,
               const Analysis<Rules>& analysis, const std::optional<Wdl>& rootWdl, double seconds,
               std::ostream& out) {
  using Text = VariantText<Rules>;
  nlohmann::json moves = nlohmann::json::array();
  for (const MoveLine<Rules>& l : analysis.lines) {
    nlohmann::json line{{"move", Text::move(l.move)}};
    if (l.prior) line["prior"] = *l.prior;
    if (l.visits) line["visits"] = *l.visits;
    if (l.q) line["q"] = *l.q;
    if (l.wdlAfter) line["wdl"] = wdlJson(*l.wdlAfter);
    moves.push_back(line);
  }
  nlohmann::json pv = nlohmann::json::array();
  for (const typename Rules::Move& m : analysis.pv)
    pv.push_back(Text::move(m));
  nlohmann::json j{{"fen", Rules::positionText(game.position())}, {"search", search}};
  j.update(analysis.facts);
  j.update({{"seconds", seconds}, {"value", analysis.value}});
  if (rootWdl) j["wdl"] = wdlJson(*rootWdl);
  j.update({{"moves", moves}, {"pv", pv}});
  out << j.dump() << '\n';
}

template <class Rules>
void writeTable(const typename Rules::Game& game, const Analysis<Rules>& analysis,
                const std::optional<Wdl>& rootWdl, double seconds, std::ostream& out) {
  using Text = VariantText<Rules>;
  char timing[32];
  std::snprintf(timing, sizeof timing, "%.2f", seconds);
  out << "Position:   " << Rules::positionText(game.position()) << '\n'
      << "Search:     " << analysis.summary << " in " << timing << " s, value "
      << signedValue(analysis.value) << " for " << Text::mover(game.position()) << '\n';
  if (rootWdl) out << "Network:    W/D/L " << wdlText(*rootWdl) << " %\n";
  const bool tree = !analysis.lines.empty() && analysis.lines.front().visits;
  // A row without the network's column ends at Q.
  const auto writeRow = [&](const char* format, auto... fields) {
    char row[160];
    std::snprintf(row, sizeof row, format, fields...);
    std::string text(row);
    text.erase(text.find_last_not_of(' ') + 1);
    out << text << '\n';
  };
  out << '\n';
  writeRow("  %-22s %7s %7s %7s  %s", "move", tree ? "visits" : "", "prior", tree ? "Q" : "",
           rootWdl ? "net W/D/L after (%)" : "");
  for (const MoveLine<Rules>& l : analysis.lines)
    writeRow("  %-22s %7s %7.3f %7s  %s", Text::move(l.move).c_str(),
             l.visits ? std::to_string(*l.visits).c_str() : "", l.prior.value_or(0.0f),
             l.q ? signedValue(*l.q).c_str() : "", l.wdlAfter ? wdlText(*l.wdlAfter).c_str() : "");
  out << "\nPV:";
  for (const typename Rules::Move& m : analysis.pv)
    out << ' ' << Text::move(m);
  out << '\n';
}

// The chosen player's search of the position: a tree search's ranked root moves (any
// `mcts:`, `gumbel:` or tree-searching `net:` player), or a network's alpha-beta; a network's
// W/D/L at the root and after each listed move.
template <class Rules>
void runAnalyze(const AnalyzeOptions& options, std::ostream& out) {
  const typename Rules::Game game = gameFromMoves<Rules>(options.fen, options.moves);
  if (game.finished())
    throw InputError("the game is over at this position (" + statusText(game.status()) + ")");
  const PlayerSpec spec = chosenSpec<Rules>(options.choice);
  const std::optional<NetPlayerSpec> net = netPlayerSpec(spec, kDefaultNetSearch<Rules>);
  const std::unique_ptr<BasicPlayer<Rules>> player = makePlayer<Rules>(spec, 1);
  const auto* searcher = dynamic_cast<const BasicMctsPlayer<Rules>*>(player.get());
  if (!net && !searcher)
    throw UsageError(
        "analyze reads a network or a tree search: --player must be net:FILE[,...], mcts:... or "
        "gumbel:..., not '" +
        spec.text() + "'");
  std::optional<NetworkView<Rules>> network;
  if (net) network.emplace(*net, game);

  const auto begin = std::chrono::steady_clock::now();
  const typename Rules::Move best = player->chooseMove(game);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  const BasicMoveReport<Rules> report = *player->lastReport();
  Analysis<Rules> analysis =
      searcher ? treeAnalysis(*searcher, options.top)
               : alphaBetaAnalysis(game, best, report, network->root().priors, options.top);
  analysis.value = report.value;
  analysis.pv = report.pv;
  std::optional<Wdl> rootWdl;
  if (network) {
    rootWdl = network->root().value;
    const std::vector<Wdl> after = network->after(analysis.lines);
    for (std::size_t i = 0; i < after.size(); ++i)
      analysis.lines[i].wdlAfter = after[i];
  }
  const std::string search = net ? netSearchName(net->search) : player->name();
  if (options.json)
    writeJson(game, search, analysis, rootWdl, seconds, out);
  else
    writeTable(game, analysis, rootWdl, seconds, out);
}

}  // namespace

void addAnalyzeCommand(CLI::App& app, Commands& commands) {
  auto options = std::make_shared<AnalyzeOptions>();
  CLI::App* analyze = app.add_subcommand(
      "analyze",
      "Search a position with a network (alpha-beta unless --sims or --search says otherwise) "
      "or a tree search (--player mcts:... or gumbel:...) and print its value, principal "
      "variation and top moves: alpha-beta's move first, then by the network's prior; a tree "
      "search's most visited first, with visits and Q; a network's W/D/L after each.");
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
                   "; the search is --player net:FILE, mcts:... or gumbel:..., default " +
                       std::string(kDefaultGrandPlayer));
  commands.add(analyze, [options](const CommandStreams& io) {
    withRules(variantOf(options->variant, options->fen),
              [&](auto rules) { runAnalyze<decltype(rules)>(*options, io.out); });
  });
}

}  // namespace camelot::cli
