#pragma once
// What search asks of a network (or of any stand-in): for a batch of positions, a prior over
// each position's legal moves and a win/draw/loss value from the side to move's view (in Grand
// Camelot, the partnership to move's). Search never sees a tensor; nn/'s models
// (nn/model.hpp) implement it. One interface per variant (engine/game_rules.hpp).

#include <algorithm>
#include <cmath>
#include <span>
#include <vector>

#include "engine/game_rules.hpp"

namespace camelot {

// Probabilities of a win, a draw and a loss for the side to move; they sum to 1.
struct Wdl {
  float win = 0.0f;
  float draw = 1.0f;
  float loss = 0.0f;

  // The expected score from the side to move's view in [-1, 1] (a draw scores 0).
  float expected() const { return win - loss; }
  // The same result seen by the other side.
  Wdl flipped() const { return {loss, draw, win}; }
};

// The Wdl with this expected score and as much draw as it allows.
inline Wdl wdlFromExpected(float expected) {
  const float e = std::clamp(expected, -1.0f, 1.0f);
  return {std::max(e, 0.0f), 1.0f - std::abs(e), std::max(-e, 0.0f)};
}

template <class Rules>
struct BasicEvaluationRequest {
  using Position = typename Rules::Position;

  const Position* position;
  // The legal moves, in the order the priors come back; without needPriors, the tactical moves
  // are enough (Rules::tacticalMoves: a value reads no others).
  const typename Rules::MoveList* moves;
  // The positions just before this one, oldest first: as many as the search's
  // SearchParams::historyPlies asks for, fewer near the start of a game. A network that
  // looks at earlier positions reads them here.
  std::span<const Position> history = {};
  // Earlier occurrences of this position in the game and the search path (R9 e): 0 or 1
  // (a third occurrence ends the game and is never evaluated).
  int repetitions = 0;
  // False when the caller reads the value alone (alpha-beta's leaves): an evaluator may then
  // skip the policy and leave the priors empty.
  bool needPriors = true;
};

struct Evaluation {
  std::vector<float> priors;  // one per move of the request, summing to 1
  Wdl value;
  float movesLeft = 0.0f;  // plies to the end of the game, a network's estimate (0: none)
};

template <class Rules>
class BasicEvaluator {
 public:
  virtual ~BasicEvaluator() = default;

  // results[i] answers requests[i]; results.size() == requests.size(). A result's priors
  // vector is resized to its request's move count (callers may reuse results across calls).
  virtual void evaluate(std::span<const BasicEvaluationRequest<Rules>> requests,
                        std::span<Evaluation> results) = 0;
};

using EvaluationRequest = BasicEvaluationRequest<StandardRules>;
using Evaluator = BasicEvaluator<StandardRules>;
using GrandEvaluationRequest = BasicEvaluationRequest<GrandRules>;
using GrandEvaluator = BasicEvaluator<GrandRules>;

}  // namespace camelot
