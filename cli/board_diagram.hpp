#pragma once
// A text picture of a position for people: from White's side rank 16 at the top and files A-L
// across; from Black's side turned round (rank 1 at the top, files L-A).

#include <string>

#include "engine/grand/grand_position.hpp"
#include "engine/position.hpp"

namespace camelot::cli {

// Men M/m, knights K/k (White upper case), an empty square '.', an empty castle square '*'.
std::string boardDiagram(const Position& position, Color seenFrom = Color::White);

// One line saying what the diagram's letters mean.
std::string boardLegend();

// Grand Camelot's board from a seat (G2): that player's side at the bottom, so Blue and Yellow
// see it turned a quarter. R r Red, G g Green, B b Blue, Y y Yellow (knights upper case).
std::string grandBoardDiagram(const grand::GrandPosition& position,
                              grand::Player seat = grand::Player::Red);
std::string grandBoardLegend();

}  // namespace camelot::cli
