#pragma once
// The one-ply baselines' choice: the move with the best score, drawn at random among ties.

#include <cstddef>
#include <random>
#include <vector>

namespace camelot {

// The index into `moves` of a move whose scoreOf(move) is the largest (by <), each such move as
// likely as the others. Precondition: moves is not empty.
template <class Moves, class ScoreOf>
std::size_t randomBest(const Moves& moves, ScoreOf scoreOf, std::mt19937_64& rng) {
  std::vector<std::size_t> best{0};
  auto bestScore = scoreOf(moves[0]);
  for (std::size_t i = 1; i < moves.size(); ++i) {
    const auto score = scoreOf(moves[i]);
    if (bestScore < score) {
      bestScore = score;
      best.clear();
    }
    if (!(score < bestScore)) best.push_back(i);
  }
  return best[std::uniform_int_distribution<std::size_t>(0, best.size() - 1)(rng)];
}

}  // namespace camelot
