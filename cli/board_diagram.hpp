#pragma once
// A text picture of a position for people: from White's side rank 16 at the top and files A-L
// across; from Black's side turned round (rank 1 at the top, files L-A).

#include <string>

#include "engine/position.hpp"

namespace camelot::cli {

// Men M/m, knights K/k (White upper case), an empty square '.', an empty castle square '*'.
std::string boardDiagram(const Position& position, Color seenFrom = Color::White);

// One line saying what the diagram's letters mean.
std::string boardLegend();

}  // namespace camelot::cli
