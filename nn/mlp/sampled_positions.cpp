#include "nn/mlp/sampled_positions.hpp"

#include <random>

#include "engine/game_rules.hpp"
#include "nn/features/grand_features.hpp"
#include "nn/features/sparse_features.hpp"

namespace camelot {
namespace {

// 4,096 positions: a few milliseconds, and enough that what they show holds at a search's
// leaves (docs/network.md).
constexpr int kSampleGames = 64;
constexpr int kSamplePlies = 64;
constexpr std::uint32_t kSampleSeed = 20261129;

}  // namespace

template <class Rules>
void forEachSampledPosition(const std::function<void(const std::vector<std::int32_t>&)>& visit) {
  std::mt19937 rng(kSampleSeed);
  typename Rules::MoveList moves;
  std::vector<std::int32_t> features;
  for (int game = 0; game < kSampleGames; ++game) {
    typename Rules::Position p = Rules::Position::start();
    for (int ply = 0; ply < kSamplePlies; ++ply) {
      Rules::legalMoves(p, moves);
      if (moves.empty() || Rules::finalValue(p, moves, /*third=*/false)) break;
      features.clear();
      activeFeatures(p, moves, /*repetitions=*/0, features);
      visit(features);
      p = Rules::after(p, moves[rng() % moves.size()]);
    }
  }
}

template void forEachSampledPosition<StandardRules>(
    const std::function<void(const std::vector<std::int32_t>&)>&);
template void forEachSampledPosition<GrandRules>(
    const std::function<void(const std::vector<std::int32_t>&)>&);

}  // namespace camelot
