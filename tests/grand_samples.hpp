#pragma once
// Grand Camelot training samples for tests: every position of seeded random games (restarted at
// their end) with its legal policy indices, random normalised targets, and random result, value
// and moves left.

#include <cstdint>
#include <random>
#include <vector>

#include "engine/game.hpp"
#include "nn/features/grand_features.hpp"
#include "nn/training_sample.hpp"

namespace camelot::testing_support {

inline std::vector<GrandTrainingSample> randomGrandSamples(std::uint64_t seed, std::size_t count) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f);
  std::vector<GrandTrainingSample> samples;
  grand::GrandGame game;
  LegalPolicy legal;
  while (samples.size() < count) {
    if (game.finished()) game = grand::GrandGame();
    GrandTrainingSample s;
    s.position = game.position();
    s.repetitions = static_cast<std::uint8_t>(game.repetitions() - 1);
    assignLegalPolicy(legal, s.position, game.legalMoves());
    s.policyIndices = legal.indices;
    float sum = 0.0f;
    for (std::size_t i = 0; i < legal.size(); ++i)
      sum += s.policyTarget.emplace_back(0.01f + unit(rng));
    for (float& target : s.policyTarget)
      target /= sum;
    s.result = static_cast<std::int8_t>(std::uniform_int_distribution<int>(-1, 1)(rng));
    s.rootValue = 2.0f * unit(rng) - 1.0f;
    s.movesLeft = std::uniform_int_distribution<std::int32_t>(0, 300)(rng);
    samples.push_back(s);
    const auto& moves = game.legalMoves();
    game.play(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
  }
  return samples;
}

}  // namespace camelot::testing_support
