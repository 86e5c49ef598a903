#pragma once
// The hand-written static evaluation of Grand Camelot for alpha-beta
// (players/alphabeta_player.hpp), in the standard game's units (a man is 100; mcts/evaluation.hpp),
// from the view of the partnership to move: both of its players' pieces against both opponents'.

#include <array>

#include "engine/grand/grand_position.hpp"

namespace camelot {

// The standard game's weights where the terms are the same (docs/rules.md, G2: a player's goal
// is his opposite opponent's castle, so each piece is measured against its own player's goal).
struct GrandEvalWeights {
  int man = 100;        // the unit
  int knight = 170;     // canters and charges give a knight far more reach
  int goalPiece = 400;  // on its goal: never captured, and half of a castle win (G12.1)
  int manAdvance = 9;   // per step closer to its goal than where men start (king steps)
  int knightAdvance = 3;
  // By king steps (1..4) to the nearest square of its goal not yet held by its player:
  // closing in on a castle win.
  std::array<int, 5> goalProximity = {0, 157, 77, 35, 14};
  int tempo = 10;  // the partnership to move acts first
};

inline constexpr GrandEvalWeights kDefaultGrandWeights{};

// The static value of an undecided position (G12.1-3 not decided) for the partnership to move.
// A partnership left with one piece cannot win (a castle win takes two pieces, a stalemate win
// two, G12), so its score is capped at 0.
int evaluate(const grand::GrandPosition& position,
             const GrandEvalWeights& weights = kDefaultGrandWeights);

}  // namespace camelot
