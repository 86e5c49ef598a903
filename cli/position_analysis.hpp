#pragma once
// A position searched by a player for a reader, in either variant: the listed moves with what
// the search and the network say of each, the value, the principal variation and the search's
// figures. `analyze` prints one (a table or one JSON object); `analysis`, the JSON analysis
// engine, answers queries with them (docs/analysis_engine.md), partial ones included.

#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "engine/game_rules.hpp"
#include "mcts/evaluator.hpp"
#include "players/mcts_player.hpp"
#include "players/player.hpp"
#include "players/player_factory.hpp"
#include "players/player_spec.hpp"

namespace camelot {
class Model;
}

namespace camelot::cli {

// One listed move and what the search and the network say of it.
template <class Rules>
struct MoveLine {
  typename Rules::Move move;
  std::optional<float> prior;            // a tree's, else the network's
  std::optional<int> visits;             // a tree search's
  std::optional<float> q;                // a tree search's mean value for the mover
  std::optional<Wdl> wdlAfter;           // the network's view after the move, from the mover's side
  std::vector<typename Rules::Move> pv;  // the line the search expects, this move first
};

// What a search found.
template <class Rules>
struct PositionAnalysis {
  std::vector<MoveLine<Rules>> lines;  // the search's best first
  float value = 0.0f;                  // the search's, for the side to move, in [-1, 1]
  std::optional<Wdl> wdl;              // the network's at the root
  std::vector<typename Rules::Move> pv;
  int depth = 0;                   // alpha-beta's deepest iteration, a tree's PV length
  std::uint64_t nodes = 0;         // alpha-beta's nodes, a tree's nodes
  std::optional<int> simulations;  // a tree search's
  double seconds = 0.0;
};

// The chosen player of one spec, ready to analyse positions one after another (one thread).
template <class Rules>
class PositionAnalyzer {
 public:
  using Game = typename Rules::Game;

  // Throws UsageError for a player that neither stands on a network nor searches a tree, and
  // as makePlayer does (SpecError, CheckpointError, WrongVariantError).
  explicit PositionAnalyzer(const PlayerSpec& spec);
  ~PositionAnalyzer();

  // "alphabeta", "puct", "gumbel" for a network, else the player's name
  // ("mcts:sims=50,eval=uniform").
  const std::string& searchName() const { return searchName_; }

  // Searches game.position() (the game not over) within `budget` (its own limits where it sets
  // none) and lists `top` moves: a tree search's root moves, the move it plays first, then the
  // most visited; alpha-beta's move first, then the network's prior.
  PositionAnalysis<Rules> analyze(const Game& game, const ThinkingBudget& budget, int top);

  // The search in progress, from budget.watch's progress call during analyze().
  PositionAnalysis<Rules> progress(const Game& game, int top) const;

 private:
  class NetworkView;

  // The lines and figures of the search as it stands (`finished`: its last result).
  PositionAnalysis<Rules> current(const Game& game, int top, bool finished) const;

  std::string searchName_;
  std::unique_ptr<BasicPlayer<Rules>> player_;
  const BasicMctsPlayer<Rules>* searcher_ = nullptr;  // player_ as a tree search
  std::unique_ptr<NetworkView> network_;
  std::optional<Evaluation> rootEvaluation_;  // the network's, at the position analysed
  std::chrono::steady_clock::time_point begin_;
};

// {"fen", "search", "value", "wdl", "depth", "nodes", "simulations", "seconds", "pv",
// "moves": [{"move", "prior", "visits", "q", "wdl", "pv"}, ...]}, each optional field only
// where the search has it (docs/analysis_engine.md).
template <class Rules>
nlohmann::json analysisJson(const typename Rules::Game& game, const std::string& search,
                            const PositionAnalysis<Rules>& analysis);

}  // namespace camelot::cli
