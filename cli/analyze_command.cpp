#include <cstdio>
#include <memory>
#include <optional>
#include <ostream>
#include <string>

#include "cli/command.hpp"
#include "cli/command_options.hpp"
#include "cli/game_setup.hpp"
#include "cli/input_error.hpp"
#include "cli/player_choice.hpp"
#include "cli/position_analysis.hpp"
#include "cli/variant.hpp"
#include "cli/variant_text.hpp"
#include "training/text/decimal_text.hpp"

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

std::string percent(float p) {
  char text[16];
  std::snprintf(text, sizeof text, "%.1f", 100.0 * p);
  return text;
}

std::string wdlText(const Wdl& w) {
  return percent(w.win) + "/" + percent(w.draw) + "/" + percent(w.loss);
}

template <class Rules>
void writeTable(const typename Rules::Game& game, const PositionAnalysis<Rules>& analysis,
                std::ostream& out) {
  using Text = VariantText<Rules>;
  char timing[32];
  std::snprintf(timing, sizeof timing, "%.2f", analysis.seconds);
  const std::string summary = analysis.simulations
                                  ? std::to_string(*analysis.simulations) + " simulations"
                                  : "alpha-beta to depth " + std::to_string(analysis.depth) + ", " +
                                        std::to_string(analysis.nodes) + " nodes";
  out << "Position:   " << Rules::positionText(game.position()) << '\n'
      << "Search:     " << summary << " in " << timing << " s, value "
      << signedFixed(analysis.value, 3) << " for " << Text::mover(game.position()) << '\n';
  if (analysis.wdl) out << "Network:    W/D/L " << wdlText(*analysis.wdl) << " %\n";
  const bool tree = analysis.simulations.has_value();
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
           analysis.wdl ? "net W/D/L after (%)" : "");
  for (const MoveLine<Rules>& l : analysis.lines)
    writeRow("  %-22s %7s %7.3f %7s  %s", Text::move(l.move).c_str(),
             l.visits ? std::to_string(*l.visits).c_str() : "", l.prior.value_or(0.0f),
             l.q ? signedFixed(*l.q, 3).c_str() : "",
             l.wdlAfter ? wdlText(*l.wdlAfter).c_str() : "");
  out << "\nPV:";
  for (const typename Rules::Move& m : analysis.pv)
    out << ' ' << Text::move(m);
  out << '\n';
}

// The chosen player's search of the position (cli/position_analysis.hpp).
template <class Rules>
void runAnalyze(const AnalyzeOptions& options, std::ostream& out) {
  const typename Rules::Game game = gameFromMoves<Rules>(options.fen, options.moves);
  if (game.finished())
    throw InputError("the game is over at this position (" + statusText(game.status()) + ")");
  PositionAnalyzer<Rules> analyzer(chosenSpec<Rules>(options.choice));
  const PositionAnalysis<Rules> analysis = analyzer.analyze(game, {}, options.top);
  if (options.json)
    out << analysisJson(game, analyzer.searchName(), analysis).dump() << '\n';
  else
    writeTable(game, analysis, out);
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
                   "; the network options name a Grand network (default: the shipped " +
                       shippedGrandNetwork().string() + "), or --player mcts:... or gumbel:...");
  commands.add(analyze, [options](const CommandStreams& io) {
    withRules(variantOf(options->variant, options->fen),
              [&](auto rules) { runAnalyze<decltype(rules)>(*options, io.out); });
  });
}

}  // namespace camelot::cli
