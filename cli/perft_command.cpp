#include <algorithm>
#include <ostream>

#include "cli/commands.hpp"
#include "engine/cfen.hpp"
#include "engine/notation.hpp"
#include "engine/perft.hpp"

namespace camelot::cli {

void runPerft(const PerftOptions& options, std::ostream& out) {
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
