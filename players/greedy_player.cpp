#include "players/greedy_player.hpp"

#include <tuple>

#include "engine/rules_status.hpp"
#include "mcts/material_value.hpp"
#include "mcts/random_best.hpp"

namespace camelot {
namespace {

// Rows advanced toward the goal by the move (negative when retreating).
int advancement(Color mover, const Move& m) {
  const int rows = rankOf(m.to()) - rankOf(m.from());
  return mover == Color::White ? rows : -rows;
}

int materialWon(const Position& p, const Move& m) {
  int won = 0;
  for (int i = m.quietSteps; i < m.steps; ++i)
    won += p.knights(opposite(p.sideToMove())).test(m.jumpedSquare(i)) ? kKnightPoints : kManPoints;
  return won;
}

}  // namespace

Move GreedyPlayer::chooseMove(const Game& game, const ThinkingBudget&) {
  const Position& p = game.position();
  const Color us = p.sideToMove();
  const Outcome win = us == Color::White ? Outcome::WhiteWins : Outcome::BlackWins;

  // Score = (wins now, material won, advancement); one of the best is drawn.
  const MoveList& moves = game.legalMoves();
  return moves[randomBest(
      moves,
      [&](const Move& m) {
        const bool winsNow = positionStatus(p.after(m)).outcome == win;
        return std::tuple<bool, int, int>{winsNow, materialWon(p, m), advancement(us, m)};
      },
      rng_)];
}

}  // namespace camelot
