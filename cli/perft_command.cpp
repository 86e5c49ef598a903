#include <algorithm>
#include <ostream>

#include "cli/commands.hpp"
#include "cli/variant.hpp"
#include "engine/cfen.hpp"
#include "engine/grand/grand_rules.hpp"
#include "engine/notation.hpp"
#include "engine/perft.hpp"

namespace camelot::cli {

namespace {

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

}  // namespace

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

}  // namespace camelot::cli
