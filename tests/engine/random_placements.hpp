#pragma once
// Seeded random placements of pieces aimed at the rare rules (must-leave, castle moves, long
// canters, long jump chains, knights next to enemies), for the reference cross-check.

#include <random>

#include "engine/position.hpp"

namespace camelot::random_placements {

enum Scenario {
  kDenseRandom,
  kMustLeave,
  kOnGoal,
  kCanterLattice,
  kJumpLattice,
  kMixedLattice,
  kKnightsNextToEnemies,
  kSparseEnding,
  kScenarioCount
};

const char* scenarioName(int scenario);

// A position of the given scenario: legal material (at most 10 men and 4 knights a side),
// random side to move, castle moves used and clock.
Position randomPlacement(std::mt19937_64& rng, int scenario);

}  // namespace camelot::random_placements
