#include "mcts/grand_evaluation.hpp"

#include <algorithm>
#include <cstdlib>

#include "mcts/evaluation.hpp"

namespace camelot {
namespace {

using grand::Player;
using grand::Square;

int kingSteps(Square a, Square b) {
  return std::max(std::abs(grand::fileOf(a) - grand::fileOf(b)),
                  std::abs(grand::rankOf(a) - grand::rankOf(b)));
}

// Advancement counts from this many king steps off the goal: where a player's rearmost men
// start (G3: his men stand 11 to 13 steps off it).
constexpr int kStartDistance = 13;

// One piece of `owner` on `s`, from its partnership's view.
int pieceValue(const grand::GrandPosition& p, Square s, Player owner, const GrandEvalWeights& w) {
  const bool knight = p.board[s].knight();
  const std::array<Square, 2> goal = grand::castleOf(grand::oppositeOf(owner));
  const auto heldByOwner = [&](Square q) {
    return !p.board[q].empty() && p.board[q].owner() == owner;
  };
  const bool held[2] = {heldByOwner(goal[0]), heldByOwner(goal[1])};
  int value = knight ? w.knight : w.man;
  if (s == goal[0] || s == goal[1]) return value + w.goalPiece;
  int nearest = 99, distance = 99;
  for (int k = 0; k < 2; ++k) {
    const int d = kingSteps(s, goal[k]);
    distance = std::min(distance, d);
    if (!held[k]) nearest = std::min(nearest, d);
  }
  value += std::max(0, kStartDistance - distance) * (knight ? w.knightAdvance : w.manAdvance);
  if (nearest < static_cast<int>(w.goalProximity.size())) value += w.goalProximity[nearest];
  return value;
}

}  // namespace

int evaluate(const grand::GrandPosition& p, const GrandEvalWeights& w) {
  const int us = grand::partnershipOf(p.toMove);
  int score = w.tempo;
  int pieces[2] = {0, 0};
  grand::forEachPiece(p, [&](Square s, grand::Piece piece) {
    const int side = grand::partnershipOf(piece.owner());
    ++pieces[side];
    const int value = pieceValue(p, s, piece.owner(), w);
    score += side == us ? value : -value;
  });
  if (pieces[us] <= 1) score = std::min(score, 0);
  if (pieces[1 - us] <= 1) score = std::max(score, 0);
  return std::clamp(score, -kWinThreshold + 1, kWinThreshold - 1);
}

}  // namespace camelot
