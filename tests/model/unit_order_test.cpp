// The accumulator's units paired by their activity (nn/mlp/unit_order.hpp): the pairing on
// hand-made activity, its local optimality and its gain on the shipped networks, and the
// reordered network's outputs, the same as before to the bit.
#include "nn/mlp/unit_order.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <numeric>
#include <random>

#include "engine/game.hpp"
#include "nn/checkpoint.hpp"
#include "nn/features/grand_features.hpp"
#include "nn/features/sparse_features.hpp"

namespace camelot {
namespace {

// Activity of `units` units over samples, each unit live in the samples listed for it.
UnitActivity activityOf(int units, int samples, const std::vector<std::vector<int>>& liveIn) {
  UnitActivity a{units, std::vector<bool>(static_cast<std::size_t>(units * samples))};
  for (int u = 0; u < units; ++u)
    for (const int s : liveIn[static_cast<std::size_t>(u)])
      a.live[static_cast<std::size_t>(s * units + u)] = true;
  return a;
}

std::vector<int> identity(int units) {
  std::vector<int> order(static_cast<std::size_t>(units));
  std::iota(order.begin(), order.end(), 0);
  return order;
}

// Units 0 and 3 are live in sample 0 alone, 1 and 4 in samples 1 and 2, 2 and 5 in samples 3 to
// 5: those are the pairs, the one live least often first.
TEST(PairedUnitOrder, PairsTheUnitsThatAreLiveTogether) {
  const UnitActivity a = activityOf(6, 6, {{0}, {1, 2}, {3, 4, 5}, {0}, {1, 2}, {3, 4, 5}});
  EXPECT_EQ(pairedUnitOrder(a), (std::vector<int>{0, 3, 1, 4, 2, 5}));
  EXPECT_EQ(livePairs(a, pairedUnitOrder(a)), 6u);
  EXPECT_EQ(livePairs(a, identity(6)), 12u);  // pairs (0,1), (2,3), (4,5): live in 3, 4, 5
}

// How many samples each two units are live in, either or both: livePairs of the pair alone.
std::vector<std::vector<std::uint64_t>> togetherCounts(const UnitActivity& a) {
  const std::size_t units = static_cast<std::size_t>(a.units), samples = a.live.size() / units;
  std::vector<std::vector<std::uint64_t>> bits(units,
                                               std::vector<std::uint64_t>((samples + 63) / 64));
  for (std::size_t s = 0; s < samples; ++s)
    for (std::size_t u = 0; u < units; ++u)
      if (a.live[s * units + u]) bits[u][s / 64] |= std::uint64_t{1} << (s % 64);
  std::vector<std::vector<std::uint64_t>> counts(units, std::vector<std::uint64_t>(units));
  for (std::size_t x = 0; x < units; ++x)
    for (std::size_t y = 0; y < units; ++y)
      for (std::size_t w = 0; w < bits[x].size(); ++w)
        counts[x][y] += static_cast<std::uint64_t>(std::popcount(bits[x][w] | bits[y][w]));
  return counts;
}

// The order is a permutation of every unit, and no two of its pairs would be live less often
// by trading partners.
void expectLocallyBestPairing(const UnitActivity& a, const std::vector<int>& order) {
  std::vector<int> sorted = order;
  std::sort(sorted.begin(), sorted.end());
  ASSERT_EQ(sorted, identity(a.units));
  const std::vector<std::vector<std::uint64_t>> counts = togetherCounts(a);
  const auto together = [&](std::size_t i, std::size_t j) {
    return counts[static_cast<std::size_t>(order[i])][static_cast<std::size_t>(order[j])];
  };
  for (std::size_t i = 0; i < order.size(); i += 2)
    for (std::size_t j = i + 2; j < order.size(); j += 2) {
      const std::uint64_t now = together(i, i + 1) + together(j, j + 1);
      ASSERT_LE(now, together(i, j) + together(i + 1, j + 1)) << "pairs " << i / 2 << ", " << j / 2;
      ASSERT_LE(now, together(i, j + 1) + together(i + 1, j)) << "pairs " << i / 2 << ", " << j / 2;
    }
}

// Random activity where greedy pairing alone leaves trades that help: the swaps take them all.
TEST(PairedUnitOrder, LeavesNoTradeOfPartnersThatHelps) {
  std::mt19937 rng(3);
  const int units = 32, samples = 200;
  UnitActivity a{units, std::vector<bool>(static_cast<std::size_t>(units * samples))};
  for (int u = 0; u < units; ++u) {
    const unsigned percent = 10 + rng() % 60;  // each unit live in 10-70% of the samples
    for (int s = 0; s < samples; ++s)
      a.live[static_cast<std::size_t>(s * units + u)] = rng() % 100 < percent;
  }
  const std::vector<int> order = pairedUnitOrder(a);
  expectLocallyBestPairing(a, order);
  EXPECT_LT(livePairs(a, order), livePairs(a, identity(units)));
}

// The clipped activations of `net` for `features`, summed from scratch.
std::vector<std::int16_t> activations(const QuantizedMlp& net,
                                      const std::vector<std::int32_t>& features) {
  std::vector<std::int32_t> sums(net.bias.begin(), net.bias.end());
  for (const std::int32_t f : features)
    for (int u = 0; u < net.accumulator; ++u)
      sums[static_cast<std::size_t>(u)] += column(net, f)[u];
  std::vector<std::int16_t> out(sums.size());
  for (std::size_t u = 0; u < sums.size(); ++u)
    out[u] = static_cast<std::int16_t>(std::clamp<std::int32_t>(sums[u], 0, net.one));
  return out;
}

// On the shipped network of the game Rules plays: the order found in random play's positions
// is locally best there and makes far fewer pairs live than the checkpoint's order; and the
// network reordered by it gives every output (the value's logits, the moves left, the policy's
// query) of the original, to the bit, in 300 positions of other random games.
template <class Rules>
void checkShippedNetwork(const std::filesystem::path& shipped) {
  const QuantizedMlp net = quantize(mlpWeights(shipped, readCheckpoint(shipped)));
  const UnitActivity activity = sampledUnitActivity<Rules>(net);
  ASSERT_EQ(activity.units, net.accumulator);
  ASSERT_EQ(activity.live.size() % static_cast<std::size_t>(net.accumulator), 0u);
  ASSERT_EQ(sampledUnitActivity<Rules>(net).live, activity.live);  // seeded
  const std::vector<int> order = pairedUnitOrder(activity);
  expectLocallyBestPairing(activity, order);
  const std::uint64_t before = livePairs(activity, identity(net.accumulator));
  const std::uint64_t after = livePairs(activity, order);
  std::printf("live pairs: %llu before, %llu after\n", static_cast<unsigned long long>(before),
              static_cast<unsigned long long>(after));
  EXPECT_LT(after * 100, before * 85);

  QuantizedMlp reordered = net;
  reorderUnits(reordered, order);
  std::mt19937_64 rng(29);
  BasicGame<Rules> game;
  QuantizedScratch scratch;
  std::vector<std::int32_t> features;
  for (int n = 0; n < 300; ++n) {
    if (game.finished()) game = BasicGame<Rules>();
    features.clear();
    activeFeatures(game.position(), game.legalMoves(), 0, features);
    std::array<float, kHeadOutputs> heads{}, reorderedHeads{};
    quantizedHeads(net, activations(net, features).data(), scratch, heads.data());
    quantizedHeads(reordered, activations(reordered, features).data(), scratch,
                   reorderedHeads.data());
    ASSERT_EQ(heads, reorderedHeads) << "position " << n;
    std::vector<float> query(static_cast<std::size_t>(net.query.outputs)), reorderedQuery = query;
    quantizedQuery(net, activations(net, features).data(), scratch, query.data(),
                   net.query.outputs);
    quantizedQuery(reordered, activations(reordered, features).data(), scratch,
                   reorderedQuery.data(), net.query.outputs);
    ASSERT_EQ(query, reorderedQuery) << "position " << n;
    const auto& moves = game.legalMoves();
    game.play(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
  }
}

TEST(UnitOrder, ShippedNetworkPairsItsUnitsAndKeepsItsOutputs) {
  checkShippedNetwork<StandardRules>(CAMELOT_SHIPPED_NETWORK);
}

TEST(UnitOrder, ShippedGrandNetworkPairsItsUnitsAndKeepsItsOutputs) {
  checkShippedNetwork<GrandRules>(CAMELOT_SHIPPED_GRAND_NETWORK);
}

}  // namespace
}  // namespace camelot
