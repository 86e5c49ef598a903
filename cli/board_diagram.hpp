#pragma once
// A text picture of a position for people: rank 16 at the top, files A-L across.

#include <string>

#include "engine/position.hpp"

namespace camelot::cli {

// Men M/m, knights K/k (White upper case), an empty square '.', an empty castle square '*'.
std::string boardDiagram(const Position& position);

}  // namespace camelot::cli
