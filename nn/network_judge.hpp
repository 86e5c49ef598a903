#pragma once
// A network as alpha-beta's judge (mcts/position_judge.hpp): its expected score (win - loss) for
// the side to move, scaled to the judge's units, and its policy as move priors, one position at
// a time (the fast network answers a single position in a few microseconds). Alpha-beta keeps
// no game history at its nodes, so a model that reads earlier positions sees none. Either
// variant's network (engine/game_rules.hpp).

#include <memory>

#include "mcts/position_judge.hpp"
#include "nn/model.hpp"

namespace camelot {

template <class Rules>
std::unique_ptr<BasicPositionJudge<Rules>> makeNetworkJudgeFor(const Model& model);

inline std::unique_ptr<PositionJudge> makeNetworkJudge(const Model& model) {
  return makeNetworkJudgeFor<StandardRules>(model);
}

}  // namespace camelot
