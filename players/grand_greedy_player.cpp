#include "players/grand_greedy_player.hpp"

#include <algorithm>
#include <cstdlib>
#include <tuple>
#include <vector>

#include "mcts/material_value.hpp"
#include "mcts/random_best.hpp"

namespace camelot {
namespace {

using grand::GrandMove;
using grand::GrandPosition;
using grand::Square;

// King steps from s to the nearer square of the mover's goal castle.
int stepsToGoal(Square s, grand::Player mover) {
  int best = grand::kSide;
  for (const Square goal : grand::castleOf(grand::oppositeOf(mover)))
    best = std::min(best, std::max(std::abs(grand::fileOf(s) - grand::fileOf(goal)),
                                   std::abs(grand::rankOf(s) - grand::rankOf(goal))));
  return best;
}

int materialWon(const GrandPosition& p, const GrandMove& m) {
  int won = 0;
  for (const Square s : m.captured)
    won += p.board[s].knight() ? kKnightPoints : kManPoints;
  return won;
}

}  // namespace

grand::GrandMove GrandGreedyPlayer::chooseMove(const grand::GrandGame& game,
                                               const ThinkingBudget&) {
  const GrandPosition& p = game.position();
  const int us = grand::partnershipOf(p.toMove);

  // Score = (wins now, material won, steps gained); one of the best is drawn.
  const std::vector<GrandMove>& moves = game.legalMoves();
  return moves[randomBest(
      moves,
      [&](const GrandMove& m) {
        const grand::GrandOutcome after = grand::outcomeOf(grand::afterMove(p, m));
        const bool winsNow = after.kind == grand::GrandOutcome::Kind::Win && after.winner == us;
        const int gained =
            m.pass() ? 0
                     : stepsToGoal(m.path.front(), p.toMove) - stepsToGoal(m.path.back(), p.toMove);
        return std::tuple<bool, int, int>{winsNow, materialWon(p, m), gained};
      },
      rng_)];
}

}  // namespace camelot
