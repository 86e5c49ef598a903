#pragma once
// Batched games small enough for a test: a few games a worker, 8 simulations (2 cheap), half of
// the moves searched in full, a short length cap.

#include "training/selfplay/batched_games.hpp"

namespace camelot::testing_support {

inline BatchedGamesSettings quickBatchedSettings(int workers = 2, int maxPlies = 60) {
  BatchedGamesSettings s;
  s.workers = workers;
  s.gamesPerWorker = 3;
  s.simulations = 8;
  s.cheapSimulations = 2;
  s.fullSearchFraction = 0.5;
  s.maxPlies = maxPlies;
  s.seed = 5;
  return s;
}

}  // namespace camelot::testing_support
