#pragma once
// The one interface every player implements, from random to the network-guided search: a game
// in (its position and history), a move out, within an optional thinking budget.

#include <chrono>
#include <optional>
#include <string>

#include "engine/game.hpp"
#include "engine/move.hpp"

namespace camelot {

// Limits on one decision. Unset fields fall back to the player's own settings; a player
// ignores the limits that mean nothing to it (depth to MCTS, simulations to alpha-beta).
struct ThinkingBudget {
  std::optional<int> depth;        // plies of a depth-limited search
  std::optional<int> simulations;  // simulations of a tree search
  std::optional<std::chrono::milliseconds> time;
};

class Player {
 public:
  virtual ~Player() = default;

  // The player and its settings, in the form the command line takes (e.g. "alphabeta:depth=4").
  virtual std::string name() const = 0;

  // A legal move in game.position(). Precondition: !game.finished().
  virtual Move chooseMove(const Game& game, const ThinkingBudget& budget = {}) = 0;

  // Called before a new game: forget anything kept from the last one (a reused tree, say).
  virtual void newGame() {}
};

}  // namespace camelot
