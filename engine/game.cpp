#include "engine/game.hpp"

#include <algorithm>
#include <stdexcept>

namespace camelot {

template <class Rules>
BasicGame<Rules>::BasicGame(const Position& start) : positions_{start} {
  refresh();
}

template <class Rules>
void BasicGame<Rules>::play(const Move& move) {
  if (finished()) throw std::logic_error("play: the game is over");
  positions_.push_back(Rules::after(position(), move));
  moves_.push_back(move);
  refresh();
}

template <class Rules>
void BasicGame<Rules>::undo() {
  if (moves_.empty()) throw std::logic_error("undo: no move to take back");
  positions_.pop_back();
  moves_.pop_back();
  refresh();
}

template <class Rules>
int BasicGame<Rules>::repetitions() const {
  const Position& now = position();
  // A capture or a move onto the goal changes the placement for good (the clock restarts then),
  // so only the last `clock` plies can hold an earlier occurrence, and only every turn cycle
  // has the same player to move.
  const int window = std::min<int>(Rules::clock(now), static_cast<int>(positions_.size()) - 1);
  constexpr int kCycle = static_cast<int>(Rules::kTurnCycle);
  int count = 1;
  for (int back = kCycle; back <= window; back += kCycle)
    if (Rules::sameForRepetition(positions_[positions_.size() - 1 - static_cast<std::size_t>(back)],
                                 now))
      ++count;
  return count;
}

template <class Rules>
const typename Rules::MoveList& BasicGame<Rules>::legalMoves() const {
  if (!legalListed_) {
    if (finished())
      legal_.clear();
    else
      Rules::gameMoves(position(), legal_);
    legalListed_ = true;
  }
  return legal_;
}

template <class Rules>
void BasicGame<Rules>::refresh() {
  status_ = Rules::gameStatus(position(), repetitions() >= 3);
  legalListed_ = false;
}

template class BasicGame<StandardRules>;
template class BasicGame<GrandRules>;

}  // namespace camelot
