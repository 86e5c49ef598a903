#include <algorithm>
#include <memory>
#include <ostream>

#include "cli/command.hpp"
#include "cli/command_options.hpp"
#include "cli/input_error.hpp"
#include "cli/variant.hpp"
#include "engine/cfen.hpp"
#include "engine/grand/grand_rules.hpp"
#include "engine/notation.hpp"
#include "engine/perft.hpp"

namespace camelot::cli {
namespace {

struct PerftOptions {
  int depth = 0;
  std::string fen = "startpos";
  bool divide = false;
  std::optional<Variant> variant;  // --variant; none: the position's
};

// Grand Camelot's perft (engine/grand/grand_rules.hpp), --divide as the standard game's.
void runGrandPerft(const PerftOptions& options, std::ostream& out) {
  const grand::GrandPosition position = grandPositionOf(options.fen);
  if (!options.divide) {
    out << grand::perft(position, options.depth) << '\n';
    return;
  }
  if (options.depth < 1) throw UsageError("perft --divide needs DEPTH >= 1");
  std::uint64_t total = 0;
  for (const grand::GrandMove& move : grand::legalMoves(position)) {
    const std::uint64_t count = grand::perft(grand::afterMove(position, move), options.depth - 1);
    out << grand::notation(move) << ' ' << count << '\n';
    total += count;
  }
  out << total << '\n';
}

void runPerft(const PerftOptions& options, std::ostream& out) {
  if (variantOf(options.variant, options.fen) == Variant::Grand) {
    runGrandPerft(options, out);
    return;
  }
  const Position position = parseCfen(options.fen);
  if (!options.divide) {
    out << perft(position, options.depth) << '\n';
    return;
  }
  if (options.depth < 1) throw UsageError("perft --divide needs DEPTH >= 1");
  std::vector<std::pair<std::string, std::uint64_t>> rows;
  std::uint64_t total = 0;
  for (const auto& [move, count] : perftDivide(position, options.depth)) {
    rows.emplace_back(toNotation(move), count);
    total += count;
  }
  std::sort(rows.begin(), rows.end());
  for (const auto& [notation, count] : rows)
    out << notation << ' ' << count << '\n';
  out << total << '\n';
}

}  // namespace

void addPerftCommand(CLI::App& app, Commands& commands) {
  auto options = std::make_shared<PerftOptions>();
  CLI::App* perft = app.add_subcommand(
      "perft", "Count the leaves of the tree of distinct moves to DEPTH plies (R10).");
  perft->add_option("DEPTH", options->depth, "Plies to search (0-20)")
      ->required()
      ->check(CLI::Range(0, 20));
  perft
      ->add_option("--fen", options->fen,
                   "Position as CFEN (GFEN for Grand Camelot), or 'startpos'")
      ->capture_default_str();
  perft->add_flag("--divide", options->divide,
                  "Print each root move with its count; the last line is the total");
  addVariantOption(perft, options->variant, "");
  commands.add(perft, [options](const CommandStreams& io) { runPerft(*options, io.out); });
}

}  // namespace camelot::cli
