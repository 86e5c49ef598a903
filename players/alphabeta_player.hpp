#pragma once
// The strongest classical player: iterative deepening negamax with alpha-beta (principal
// variation search, late move reductions, a ply more for forced replies and compulsory
// captures), a transposition table keyed on the whole position, move ordering (transposition
// move, wins on the spot, captures by material won, goal entries, killers, history) and a
// quiescence search over captures, on the variant's hand-written evaluation or on another judge
// of positions (a network's value at the leaves, its policy ordering the moves:
// position_judge.hpp). One player per variant (players/alphabeta_variant.hpp): Grand Camelot's
// partnerships alternate every ply, so its ply is one player's move or pass and its side the
// partnership.

#include <array>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "mcts/evaluation.hpp"
#include "mcts/position_judge.hpp"
#include "players/alphabeta_variant.hpp"
#include "players/player.hpp"

namespace camelot {

template <class Rules>
struct BasicAlphaBetaSettings {
  int maxDepth = 4;  // plies of the full-width search (the quiescence search goes beyond)
  std::optional<std::chrono::milliseconds> timeLimit;  // per move; none: depth only
  int ttMegabytes = 16;
  std::uint64_t seed = 0;  // shuffles the root moves, so equal moves are chosen at random
  typename AlphaBetaVariant<Rules>::Weights weights{};
  // With a judge that has priors (a network): order the root's moves by them, and the quiet moves
  // by them instead of history at nodes far enough from the horizon (after captures, goal entries
  // and killers).
  bool orderByPriors = true;
  // With a time limit: a new iteration starts only while the search has used less than this
  // percentage of the move's time. At 100 one starts whenever time is left and is cut at the
  // deadline, keeping the best root move it completed: +33 Elo over stopping at a third, the
  // default until 2026-12-05 (docs/learning.md, "The whole move's time").
  int deepenPercent = 100;
  // With a judge that has priors and orderByPriors: at nodes off the principal variation one or
  // two plies from the horizon, only this many quiet moves a ply of depth, the highest priors
  // first, are searched after the tactical moves and killers (0: all of them).
  int policyPruneMoves = 0;
};

// What the last search found.
template <class Rules>
struct BasicSearchReport {
  int score = 0;  // from the side to move's view; beyond kWinThreshold a forced win or loss
  int depth = 0;  // the deepest iteration completed
  std::uint64_t nodes = 0;
  std::chrono::microseconds elapsed{0};
  std::vector<typename Rules::Move> pv;  // the principal variation, the chosen move first
};

template <class Rules>
class BasicAlphaBetaPlayer final : public BasicPlayer<Rules> {
 public:
  using Game = typename Rules::Game;
  using Move = typename Rules::Move;
  using MoveReport = BasicMoveReport<Rules>;
  using Settings = BasicAlphaBetaSettings<Rules>;
  using Judge = BasicPositionJudge<Rules>;

  explicit BasicAlphaBetaPlayer(const Settings& settings = {});
  // Standing on `judge` instead of the hand-written evaluation; its name starts with
  // `namePrefix` ("net:FILE,") instead of "alphabeta:".
  BasicAlphaBetaPlayer(const Settings& settings, std::unique_ptr<Judge> judge,
                       std::string namePrefix);

  // "alphabeta:depth=4", with ",time=250" (milliseconds) when a time limit is set.
  std::string name() const override;
  // A budget with a depth or a time replaces the settings' depth and time for this move (a
  // time alone: as deep as the time allows).
  Move chooseMove(const Game& game, const ThinkingBudget& budget = {}) override;
  // Clears the transposition table and the move-ordering statistics.
  void newGame() override;
  // Visits are the nodes searched; the value is the score in expected-score units (a judge's
  // win, ten men of the hand-written evaluation, is 1).
  std::optional<MoveReport> lastReport() const override;

  const BasicSearchReport<Rules>& lastSearch() const { return report_; }
  std::uint64_t nodes() const { return report_.nodes; }

  // One transposition table slot: 16 bytes.
  struct TtEntry {
    std::uint64_t key = 0;
    std::uint32_t move = 0;  // moveKey() of the best move, 0 for none
    std::int16_t score = 0;
    std::int8_t depth = 0;
    std::uint8_t boundAndAge = 0;  // bound in the low two bits, search generation above
  };

 private:
  class Search;

  Settings settings_;
  std::unique_ptr<Judge> judge_;  // none: the variant's evaluate() with the settings' weights
  std::string namePrefix_ = "alphabeta:";
  std::mt19937_64 rng_;
  std::vector<TtEntry> table_;  // buckets of two: depth-preferred, then always-replace
  std::uint8_t age_ = 0;
  // history_[seat][from][to]: how often a quiet move caused a cutoff, weighted by depth.
  std::vector<std::int32_t> history_;
  BasicSearchReport<Rules> report_;
};

using AlphaBetaSettings = BasicAlphaBetaSettings<StandardRules>;
using SearchReport = BasicSearchReport<StandardRules>;
using AlphaBetaPlayer = BasicAlphaBetaPlayer<StandardRules>;
using GrandAlphaBetaSettings = BasicAlphaBetaSettings<GrandRules>;
using GrandAlphaBetaPlayer = BasicAlphaBetaPlayer<GrandRules>;

extern template class BasicAlphaBetaPlayer<StandardRules>;
extern template class BasicAlphaBetaPlayer<GrandRules>;

}  // namespace camelot
