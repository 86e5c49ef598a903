#pragma once
// The one interface every player implements, from random to the network-guided search: a game
// in (its position and history), a move out, within an optional thinking budget.

#include <atomic>
#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/game_rules.hpp"

namespace camelot {

// Limits on one decision. A budget that sets any limit the player searches by replaces all of
// the player's own limits for that move, so a time alone is used in full (the engine's
// `go time 5` searches five seconds whatever the player's simulations or depth); a budget
// without one leaves the player's settings. A player ignores the limits that mean nothing to
// it (depth to MCTS, simulations to alpha-beta).
struct ThinkingBudget {
  std::optional<int> depth;        // plies of a depth-limited search
  std::optional<int> simulations;  // simulations of a tree search
  std::optional<std::chrono::milliseconds> time;
  const struct SearchWatch* watch = nullptr;  // the caller's hold on the search; none: no hold
};

// A caller's hold on a search while it runs (the analysis engine's cancel and partial answers),
// kept by searching players and ignored by the others: `stop`, set from any thread, ends the
// search with the best move found so far (its first iteration or first simulations always
// complete); `progress`, called on the searching thread as soon as there is something to say and
// then about every `progressEvery`, may read the player's progress then (alpha-beta's lastReport()
// after each iteration it completes, a tree search's snapshot()).
struct SearchWatch {
  const std::atomic<bool>* stop = nullptr;
  std::chrono::milliseconds progressEvery{0};
  std::function<void()> progress;

  bool stopped() const { return stop && stop->load(std::memory_order_relaxed); }
  // Whether progress is to be called now, given when it last was (`last`, updated): the first
  // time at once, then once every progressEvery.
  bool progressDue(std::optional<std::chrono::steady_clock::time_point>& last) const {
    if (!progress || progressEvery.count() <= 0) return false;
    const auto now = std::chrono::steady_clock::now();
    if (last && now - *last < progressEvery) return false;
    last = now;
    return true;
  }
};

// What a searching player can say about its last move: the engine protocol's `info` line, the
// value `camelot play` shows.
template <class Rules>
struct BasicMoveReport {
  int visits = 0;                        // of a tree search's root; the nodes of alpha-beta
  float value = 0.0f;                    // expected score for the side to move, in [-1, 1]
  std::vector<typename Rules::Move> pv;  // the principal variation, the chosen move first
  int depth = 0;  // plies searched: alpha-beta's deepest iteration, a tree's PV length
};

// One interface per variant (engine/game_rules.hpp): Player for the standard game,
// GrandPlayer for Grand Camelot, where one player moves for a seat.
template <class Rules>
class BasicPlayer {
 public:
  using Game = typename Rules::Game;
  using Move = typename Rules::Move;
  using MoveReport = BasicMoveReport<Rules>;

  virtual ~BasicPlayer() = default;

  // The player and its settings, in the form the command line takes (e.g. "alphabeta:depth=4").
  virtual std::string name() const = 0;

  // A legal move in game.position(). Precondition: !game.finished().
  virtual Move chooseMove(const Game& game, const ThinkingBudget& budget = {}) = 0;

  // Called before a new game: forget anything kept from the last one (a reused tree, say).
  virtual void newGame() {}

  // The report of the last chooseMove; none from a player that does not search.
  virtual std::optional<MoveReport> lastReport() const { return std::nullopt; }
};

using MoveReport = BasicMoveReport<StandardRules>;
using Player = BasicPlayer<StandardRules>;
using GrandMoveReport = BasicMoveReport<GrandRules>;
using GrandPlayer = BasicPlayer<GrandRules>;

}  // namespace camelot
