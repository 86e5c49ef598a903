#pragma once
// perft: the number of leaves of the tree of distinct moves (R10) to a given depth, a finished
// position (R9 a-d) having no moves. R9 e and f are ignored.

#include <cstdint>
#include <utility>
#include <vector>

#include "engine/move.hpp"
#include "engine/position.hpp"

namespace camelot {

enum class PerftMode : std::uint8_t {
  // Counts the moves of the last ply without playing them.
  BulkCount,
  // Plays every move of the last ply too (a check of the make-move path, and a benchmark).
  PlayLeaves,
};

std::uint64_t perft(const Position& position, int depth, PerftMode mode = PerftMode::BulkCount);

}  // namespace camelot
