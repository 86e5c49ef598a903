#include "mcts/random_player.hpp"

namespace camelot {

Move RandomPlayer::chooseMove(const Game& game, const ThinkingBudget&) {
  const MoveList& moves = game.legalMoves();
  return moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng_)];
}

}  // namespace camelot
