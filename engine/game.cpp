#include "engine/game.hpp"

#include <stdexcept>

namespace camelot {

Game::Game(const Position& start) : positions_{start} {
  refresh();
}

void Game::play(const Move& move) {
  if (finished()) throw std::logic_error("Game::play: the game is over");
  positions_.push_back(position().after(move));
  moves_.push_back(move);
  refresh();
}

void Game::undo() {
  if (moves_.empty()) throw std::logic_error("Game::undo: no move to take back");
  positions_.pop_back();
  moves_.pop_back();
  refresh();
}

int Game::repetitions() const {
  const Position& now = position();
  // A capture or a move onto the goal changes the placement for good (R9 f's clock restarts
  // then), so only the last `clock` plies can hold an earlier occurrence.
  const int window = std::min<int>(now.clock(), static_cast<int>(positions_.size()) - 1);
  int count = 1;
  for (int back = 2; back <= window; back += 2) {
    const Position& earlier = positions_[positions_.size() - 1 - back];
    if (earlier.hash() == now.hash() && earlier.sameForRepetition(now)) ++count;
  }
  return count;
}

const MoveList& Game::legalMoves() const {
  if (!legalListed_) {
    if (finished())
      legal_.clear();
    else
      generateMoves(position(), legal_);
    legalListed_ = true;
  }
  return legal_;
}

void Game::refresh() {
  const Position& now = position();
  status_ = statusWithMoves(now, hasMoves(now), ClockRule::Apply, repetitions() >= 3);
  legalListed_ = false;
}

}  // namespace camelot
