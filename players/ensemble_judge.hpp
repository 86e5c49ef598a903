#pragma once
// A judge whose value is the mean of several networks' values and whose priors are the first
// network's: `net:FILE,with=FILE2[+FILE3...]`. Networks trained from different starting
// weights err in different positions, so their mean judges better than either (a deep-learning
// ensemble); networks continued from one another do not (docs/learning.md, "A partner from
// fresh weights"). Each extra network costs its evaluation at every leaf.

#include <memory>
#include <vector>

#include "mcts/position_judge.hpp"

namespace camelot {

// Precondition: `networks` holds at least one judge.
template <class Rules>
std::unique_ptr<BasicPositionJudge<Rules>> makeEnsembleJudge(
    std::vector<std::unique_ptr<BasicPositionJudge<Rules>>> networks);

}  // namespace camelot
