#pragma once
// A cheap static guess at a position's value for the network-free evaluators: the material
// balance for the side to move (a knight counts as two men), squashed into (-1, 1).

#include <cmath>

#include "engine/position.hpp"
#include "mcts/evaluator.hpp"

namespace camelot {

// Material in men: a knight counts as two.
inline constexpr int kManPoints = 1;
inline constexpr int kKnightPoints = 2;

inline int materialPoints(const Position& p, Color c) {
  return kManPoints * p.men(c).count() + kKnightPoints * p.knights(c).count();
}

inline float materialValue(const Position& p) {
  const Color us = p.sideToMove();
  // One man up reads as about a 25% better expected score.
  return std::tanh(static_cast<float>(materialPoints(p, us) - materialPoints(p, opposite(us))) /
                   4.0f);
}

}  // namespace camelot
