#pragma once
// The strongest classical player: iterative deepening negamax with alpha-beta (principal
// variation search, late move reductions, a ply more for forced replies and compulsory
// captures), a Zobrist-keyed transposition table, move ordering (transposition move, goal
// entries, captures by material won, killers, history) and a quiescence search over captures,
// on the hand-written evaluation of evaluation.hpp, or on another judge of positions (a
// network's value at the leaves, its policy ordering the moves: position_judge.hpp).

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
#include "players/player.hpp"

namespace camelot {

struct AlphaBetaSettings {
  int maxDepth = 4;  // plies of the full-width search (the quiescence search goes beyond)
  std::optional<std::chrono::milliseconds> timeLimit;  // per move; none: depth only
  int ttMegabytes = 16;
  std::uint64_t seed = 0;  // shuffles the root moves, so equal moves are chosen at random
  EvalWeights weights{};
  // With a judge that has priors (a network): order the moves by them at nodes far enough from
  // the horizon; otherwise by captures, goal entries, killers and history alone.
  bool orderByPriors = true;
};

// What the last search found.
struct SearchReport {
  int score = 0;  // from the side to move's view; beyond kWinThreshold a forced win or loss
  int depth = 0;  // the deepest iteration completed
  std::uint64_t nodes = 0;
  std::chrono::microseconds elapsed{0};
  std::vector<Move> pv;  // the principal variation, the chosen move first
};

class AlphaBetaPlayer final : public Player {
 public:
  explicit AlphaBetaPlayer(const AlphaBetaSettings& settings = {});
  // Standing on `judge` instead of the hand-written evaluation; its name starts with
  // `namePrefix` ("net:FILE,") instead of "alphabeta:".
  AlphaBetaPlayer(const AlphaBetaSettings& settings, std::unique_ptr<PositionJudge> judge,
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

  const SearchReport& lastSearch() const { return report_; }
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

  AlphaBetaSettings settings_;
  std::unique_ptr<PositionJudge> judge_;  // none: evaluate() with the settings' weights
  std::string namePrefix_ = "alphabeta:";
  std::mt19937_64 rng_;
  std::vector<TtEntry> table_;  // buckets of two: depth-preferred, then always-replace
  std::uint8_t age_ = 0;
  // history_[colour][from][to]: how often a quiet move caused a cutoff, weighted by depth.
  std::vector<std::int32_t> history_;
  SearchReport report_;
};

}  // namespace camelot
