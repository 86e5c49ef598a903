#pragma once
// Batched games small enough for a test: a few games a worker, 8 simulations (2 cheap), half of
// the moves searched in full, a short length cap.

#include "training/selfplay/batched_games.hpp"

namespace camelot::testing_support {

inline BatchedGamesSettings quickBatchedSettings(int workers = 2, int maxPlies = 60) {
  BatchedGamesSettings s;
  s.selfplay.workers = workers;
  s.selfplay.gamesPerWorker = 3;
  s.selfplay.simulations = 8;
  s.selfplay.cheapSimulations = 2;
  s.selfplay.fullSearchFraction = 0.5;
  s.selfplay.maxPlies = maxPlies;
  s.seed = 5;
  return s;
}

}  // namespace camelot::testing_support
