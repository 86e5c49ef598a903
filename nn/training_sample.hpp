#pragma once
// One recorded self-play position, as the replay buffer stores it and the trainer learns from
// it: the position with the history the network reads, the search's policy target over the
// legal moves (by policy index), and what happened afterwards. One type per variant
// (engine/game_rules.hpp): TrainingSample, GrandTrainingSample. Torch-free.

#include <array>
#include <cstdint>
#include <vector>

#include "engine/game_rules.hpp"

namespace camelot {

template <class Rules>
struct BasicTrainingSample {
  typename Rules::Position position;
  // The positions before it, oldest first: at most kMaxHistoryPlies, fewer near the start (the
  // mlp, Grand Camelot's only network, reads none).
  std::vector<typename Rules::Position> history;
  std::uint8_t repetitions = 0;  // earlier occurrences of the position in its game (R9 e, G12.5)
  // Every distinct policy index of the legal moves (nn/features/encoding.hpp,
  // nn/features/grand_features.hpp) with its target probability (the search's visit shares or
  // improved policy); the targets sum to 1. Both empty: no policy target, the position was recorded
  // for its value alone (a cheap search's, selfplay.record_cheap_searches).
  std::vector<std::int32_t> policyIndices;
  std::vector<float> policyTarget;
  // The game's result from the side to move's view (in Grand Camelot, its partnership's):
  // +1 won, 0 drawn (adjudicated games included), -1 lost.
  std::int8_t result = 0;
  float rootValue = 0.0f;      // the search's value at the root, same view, in [-1, 1]
  std::int32_t movesLeft = 0;  // plies from this position to the end of the game

  bool operator==(const BasicTrainingSample&) const = default;
};

using TrainingSample = BasicTrainingSample<StandardRules>;
using GrandTrainingSample = BasicTrainingSample<GrandRules>;

// The same sample reflected left-right (the standard game's symmetry): position, history and
// policy. Grand Camelot has no such reflection; its symmetry, the transposition, is built into
// its features (nn/features/grand_features.hpp).
TrainingSample mirrored(const TrainingSample& sample);

// The value head's target (win, draw, loss) for the side to move: the game's result, with the
// share `rootValueWeight` in [0, 1] taken from the search's root value v instead, read as the
// distribution (max(v, 0), 1 - |v|, max(-v, 0)) whose expected score is v. The result alone
// is one noisy outcome per game; the root value differs from position to position and already
// sees a few plies ahead.
std::array<float, 3> valueTarget(std::int8_t result, float rootValue, double rootValueWeight);
template <class Rules>
std::array<float, 3> valueTarget(const BasicTrainingSample<Rules>& sample, double rootValueWeight) {
  return valueTarget(sample.result, sample.rootValue, rootValueWeight);
}

}  // namespace camelot
