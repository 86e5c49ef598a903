#pragma once
// A judge whose value mixes a network's with the hand-written evaluation's, as the hybrid
// engines of Stockfish 12's time mixed their network and classical evaluations: at every
// leaf, (100 - P)% of the network judge's value and P% of the variant's hand-written
// evaluation (clamped to the judge's range, ±kJudgeWinUnits); the priors are the network's.
// `net:FILE,hand=P` (docs/learning.md measures it in each game).

#include <memory>

#include "mcts/position_judge.hpp"
#include "players/alphabeta_variant.hpp"

namespace camelot {

// Precondition: 0 < handPercent <= 100.
template <class Rules>
std::unique_ptr<BasicPositionJudge<Rules>> makeBlendedJudge(
    std::unique_ptr<BasicPositionJudge<Rules>> network, int handPercent,
    const typename AlphaBetaVariant<Rules>::Weights& weights);

}  // namespace camelot
