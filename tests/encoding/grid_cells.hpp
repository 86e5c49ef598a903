#pragma once
// The input planes' grid cells written out by their definition, for the encoding tests to check
// cellOf and the policy index against.

#include "engine/square.hpp"
#include "nn/features/encoding.hpp"

namespace camelot::testing_support {

// The cell of (row, column).
constexpr int cellAt(int row, int column) {
  return row * kGridColumns + column;
}

// Whether a grid cell is a square of the board (the grid is the board's bounding box).
inline bool isRealCell(int cell) {
  return isOnBoard(cell % kGridColumns, cell / kGridColumns + 1);
}

}  // namespace camelot::testing_support
