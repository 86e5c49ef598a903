#pragma once
// What alpha-beta asks of a position beyond the rules: a static value where it stops searching
// and, where the judge has one, a prior over the moves to search the likely best first. The
// hand-written evaluation (mcts/evaluation.hpp, mcts/grand_evaluation.hpp, no priors) unless a
// player is given another judge, such as a network (nn/network_judge.hpp). One interface per
// variant (engine/game_rules.hpp).

#include <cstdint>
#include <vector>

#include "engine/game_rules.hpp"

namespace camelot {

// A sure win in a judge's value units: ten men of the hand-written evaluation (a man is about
// 100), still far below the search's proven wins (kWinThreshold).
inline constexpr int kJudgeWinUnits = 1000;

template <class Rules>
class BasicPositionJudge {
 public:
  using Position = typename Rules::Position;
  using MoveList = typename Rules::MoveList;

  virtual ~BasicPositionJudge() = default;
  // The position's value for the side to move, in the units of the hand-written evaluation.
  // The game goes on (there is at least one legal move); `moves` holds its legal moves or only
  // the tactical ones (Rules::tacticalMoves): a value may read the captures and goal entries
  // alone. `hash` is Rules::hash(position), which the search has at hand: a judge's table of
  // values is keyed by it, and Grand Camelot's costs a pass over the board to compute again.
  virtual int value(const Position& position, const MoveList& moves, std::uint64_t hash) = 0;
  // A hint that `value` of `position` may be asked soon (alpha-beta gives it before it generates
  // the node's moves): a judge with a table of values loads the position's entry meanwhile.
  virtual void prefetch(const Position& /*position*/, std::uint64_t /*hash*/) {}
  // One prior a move of `moves` into `priors`, summing to 1.
  virtual void priors(const Position& position, const MoveList& moves,
                      std::vector<float>& priors) = 0;
};

using PositionJudge = BasicPositionJudge<StandardRules>;
using GrandPositionJudge = BasicPositionJudge<GrandRules>;

}  // namespace camelot
