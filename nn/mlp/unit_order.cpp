#include "nn/mlp/unit_order.hpp"

#include <algorithm>
#include <bit>
#include <tuple>

#include "engine/game_rules.hpp"
#include "nn/mlp/sampled_positions.hpp"
#include "nn/mlp/simd.hpp"

namespace camelot {
namespace {

// A swap pass over every two pairs at most this many times (it settles in fewer).
constexpr int kMostSwapPasses = 32;

// Each unit's live samples as a bitset.
using LiveBits = std::vector<std::vector<std::uint64_t>>;

LiveBits liveBits(const UnitActivity& activity) {
  const std::size_t units = static_cast<std::size_t>(activity.units);
  const std::size_t samples = units == 0 ? 0 : activity.live.size() / units;
  LiveBits bits(units, std::vector<std::uint64_t>((samples + 63) / 64));
  for (std::size_t s = 0; s < samples; ++s)
    for (std::size_t u = 0; u < units; ++u)
      if (activity.live[s * units + u]) bits[u][s / 64] |= std::uint64_t{1} << (s % 64);
  return bits;
}

std::uint64_t liveTogether(const std::vector<std::uint64_t>& a,
                           const std::vector<std::uint64_t>& b) {
  std::uint64_t count = 0;
  for (std::size_t w = 0; w < a.size(); ++w)
    count += static_cast<std::uint64_t>(std::popcount(a[w] | b[w]));
  return count;
}

// Which units of `net` are above 0 with `features` active: the bias and their columns summed and
// clipped by the inference's own kernel.
void addActivity(const QuantizedMlp& net, const std::vector<std::int32_t>& features,
                 std::vector<const std::int16_t*>& columns, std::vector<std::int16_t>& scratch,
                 UnitActivity& activity) {
  columns.clear();
  for (const std::int32_t f : features)
    columns.push_back(column(net, f));
  scratch.resize(2 * static_cast<std::size_t>(net.accumulator));
  std::int16_t* clipped = scratch.data() + net.accumulator;
  simd::accumulate(net.bias.data(), columns, {}, scratch.data(), {}, net.one, clipped,
                   net.accumulator);
  for (int u = 0; u < net.accumulator; ++u)
    activity.live.push_back(clipped[u] > 0);
}

}  // namespace

std::vector<int> pairedUnitOrder(const UnitActivity& activity) {
  const LiveBits bits = liveBits(activity);
  const std::size_t units = bits.size();
  // How often each two units would make a live pair; the pairs least often live first.
  std::vector<std::vector<std::uint64_t>> together(units, std::vector<std::uint64_t>(units));
  std::vector<std::tuple<std::uint64_t, int, int>> pairs;
  for (std::size_t u = 0; u < units; ++u)
    for (std::size_t v = u + 1; v < units; ++v) {
      together[u][v] = together[v][u] = liveTogether(bits[u], bits[v]);
      pairs.emplace_back(together[u][v], static_cast<int>(u), static_cast<int>(v));
    }
  std::sort(pairs.begin(), pairs.end());
  std::vector<bool> taken(units);
  std::vector<int> order;
  for (const auto& [count, u, v] : pairs)
    if (!taken[static_cast<std::size_t>(u)] && !taken[static_cast<std::size_t>(v)]) {
      taken[static_cast<std::size_t>(u)] = taken[static_cast<std::size_t>(v)] = true;
      order.push_back(u);
      order.push_back(v);
    }
  const auto cost = [&](int a, int b) {
    return together[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)];
  };
  // Pairs (a, b) and (c, d) become (a, c) and (b, d), or (a, d) and (b, c), whichever is live
  // least often, if either is live less often than they are.
  for (int pass = 0; pass < kMostSwapPasses; ++pass) {
    bool improved = false;
    for (std::size_t i = 0; i < order.size(); i += 2)
      for (std::size_t j = i + 2; j < order.size(); j += 2) {
        int &a = order[i], &b = order[i + 1], &c = order[j], &d = order[j + 1];
        const std::uint64_t now = cost(a, b) + cost(c, d);
        const std::uint64_t crossed = cost(a, c) + cost(b, d), swapped = cost(a, d) + cost(b, c);
        if (std::min(crossed, swapped) >= now) continue;
        std::swap(b, crossed <= swapped ? c : d);
        improved = true;
      }
    if (!improved) break;
  }
  return order;
}

void reorderUnits(QuantizedMlp& net, const std::vector<int>& order) {
  const int units = net.accumulator;
  const auto reordered = [&](const std::int16_t* from, std::int16_t* to) {
    for (int k = 0; k < units; ++k)
      to[k] = from[order[static_cast<std::size_t>(k)]];
  };
  std::vector<std::int16_t> old(static_cast<std::size_t>(units));
  for (std::size_t at = 0; at < net.columns.size(); at += static_cast<std::size_t>(units)) {
    std::copy_n(net.columns.begin() + static_cast<std::ptrdiff_t>(at), units, old.begin());
    reordered(old.data(), net.columns.data() + at);
  }
  old.assign(net.bias.begin(), net.bias.end());
  reordered(old.data(), net.bias.data());
  for (QuantizedLayer* layer : {&net.layer1, &net.query}) {
    const simd::AlignedVector<std::int16_t> weights = layer->weights;
    for (int k = 0; k < units; ++k)
      for (int o = 0; o < layer->outputs; ++o)
        layer->weights[simd::pairedIndex(k, o, layer->outputs)] =
            weights[simd::pairedIndex(order[static_cast<std::size_t>(k)], o, layer->outputs)];
  }
}

template <class Rules>
UnitActivity sampledUnitActivity(const QuantizedMlp& net) {
  UnitActivity activity{net.accumulator, {}};
  std::vector<const std::int16_t*> columns;
  std::vector<std::int16_t> scratch;
  forEachSampledPosition<Rules>([&](const std::vector<std::int32_t>& features) {
    addActivity(net, features, columns, scratch, activity);
  });
  return activity;
}

template UnitActivity sampledUnitActivity<StandardRules>(const QuantizedMlp&);
template UnitActivity sampledUnitActivity<GrandRules>(const QuantizedMlp&);

std::uint64_t livePairs(const UnitActivity& activity, const std::vector<int>& order) {
  const LiveBits bits = liveBits(activity);
  std::uint64_t live = 0;
  for (std::size_t k = 0; k + 1 < order.size(); k += 2)
    live += liveTogether(bits[static_cast<std::size_t>(order[k])],
                         bits[static_cast<std::size_t>(order[k + 1])]);
  return live;
}

}  // namespace camelot
