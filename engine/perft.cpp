#include "engine/perft.hpp"

#include "engine/movegen.hpp"
#include "engine/rules_status.hpp"

namespace camelot {
namespace {

std::uint64_t perftRecursive(const Position& p, int depth, PerftMode mode,
                             std::vector<MoveList>& lists) {
  if (depth == 0) return 1;
  MoveList& moves = lists[depth];
  if (depth == 1 && mode == PerftMode::BulkCount)
    return immediateStatus(p).finished() ? 0 : countMoves(p, moves);
  legalMoves(p, moves);
  std::uint64_t total = 0;
  for (const Move& m : moves)
    total += perftRecursive(p.after(m), depth - 1, mode, lists);
  return total;
}

}  // namespace

std::uint64_t perft(const Position& position, int depth, PerftMode mode) {
  std::vector<MoveList> lists(static_cast<std::size_t>(depth) + 1);
  return perftRecursive(position, depth, mode, lists);
}

}  // namespace camelot
