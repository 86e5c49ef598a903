#include "mcts/greedy_player.hpp"

#include <tuple>
#include <vector>

#include "engine/rules_status.hpp"
#include "mcts/material_value.hpp"

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

  // Score = (wins now, material won, advancement); the best ones are kept and one is drawn.
  std::vector<std::size_t> best;
  std::tuple<bool, int, int> bestScore{false, -1, -1000};
  const MoveList& moves = game.legalMoves();
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const Move& m = moves[i];
    const bool winsNow = positionStatus(p.after(m)).outcome == win;
    const std::tuple<bool, int, int> score{winsNow, materialWon(p, m), advancement(us, m)};
    if (score > bestScore) {
      bestScore = score;
      best.clear();
    }
    if (score == bestScore) best.push_back(i);
  }
  return moves[best[std::uniform_int_distribution<std::size_t>(0, best.size() - 1)(rng_)]];
}

}  // namespace camelot
