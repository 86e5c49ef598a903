#include <algorithm>
#include <memory>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "cli/command.hpp"
#include "cli/command_options.hpp"
#include "cli/input_error.hpp"
#include "cli/variant.hpp"
#include "cli/variant_text.hpp"
#include "engine/perft_divide.hpp"

namespace camelot::cli {
namespace {

struct PerftOptions {
  int depth = 0;
  std::string fen = "startpos";
  bool divide = false;
  std::optional<Variant> variant;  // --variant; none: the position's
};

// perft of either variant; --divide lists each root move (sorted by its notation) with the
// count below it, and the total last.
template <class Rules>
void runPerft(const PerftOptions& options, std::ostream& out) {
  using Text = VariantText<Rules>;
  const typename Rules::Position position = Rules::parsePosition(options.fen);
  if (!options.divide) {
    out << Rules::perft(position, options.depth) << '\n';
    return;
  }
  if (options.depth < 1) throw UsageError("perft --divide needs DEPTH >= 1");
  std::vector<std::pair<std::string, std::uint64_t>> rows;
  std::uint64_t total = 0;
  for (const auto& [move, count] : perftDivide<Rules>(position, options.depth)) {
    rows.emplace_back(Text::move(move), count);
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
  commands.add(perft, [options](const CommandStreams& io) {
    withRules(variantOf(options->variant, options->fen),
              [&]<class Rules>(Rules) { runPerft<Rules>(*options, io.out); });
  });
}

}  // namespace camelot::cli
