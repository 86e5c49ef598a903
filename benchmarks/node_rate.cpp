#include "benchmarks/node_rate.hpp"

#include <algorithm>
#include <cstdio>

#include "nn/checkpoint.hpp"
#include "nn/mlp/mlp_model.hpp"

namespace camelot::bench {
namespace {

// The rounds of a node-rate row. A 2-core cloud machine's speed wanders by 10-20% within minutes
// (a Zen 3 read one leaf loop at 415 ns and then 635 ns), and the fastest of three rounds of each
// search read the same build at 90% and 100% an hour apart: each round runs the two searches back
// to back (in either order by turns), and the row reads the median of the rounds' ratios, so that
// a slow spell falling on one search moves one round and not the figure.
constexpr int kNodeRateRounds = 5;

// Alpha-beta's nodes/s on `model`'s integer inference against the hand-written evaluation's, from
// `positions` to `depth`: the median of kNodeRateRounds paired rounds and their range, and its
// float inference's (one round: a reference, not the goal), printed as `<game>alpha-beta with the
// network: N% ...`.
template <class Rules>
void nodeRateRow(const char* game, const Model& quantized, const Model& reference, const char* name,
                 const std::vector<typename Rules::Position>& positions, int depth) {
  struct Round {
    SearchFigures hand, q;
    double ratio() const { return q.nodesPerSecond() / hand.nodesPerSecond(); }
  };
  std::vector<Round> rounds(kNodeRateRounds);
  for (std::size_t r = 0; r < rounds.size(); ++r) {
    const bool handFirst = r % 2 == 0;
    if (handFirst) rounds[r].hand = searchFigures<Rules>(nullptr, positions, depth);
    rounds[r].q = searchFigures<Rules>(&quantized, positions, depth);
    if (!handFirst) rounds[r].hand = searchFigures<Rules>(nullptr, positions, depth);
  }
  std::sort(rounds.begin(), rounds.end(),
            [](const Round& a, const Round& b) { return a.ratio() < b.ratio(); });
  const Round& median = rounds[rounds.size() / 2];
  const SearchFigures f = searchFigures<Rules>(&reference, positions, depth);
  std::printf(
      "  %salpha-beta, %s: hand-written %.0f nodes/s (%.0f nodes), network %.0f nodes/s "
      "(%.0f nodes; float: %.0f nodes/s)\n",
      game, name, median.hand.nodesPerSecond(), median.hand.nodes, median.q.nodesPerSecond(),
      median.q.nodes, f.nodesPerSecond());
  std::printf(
      "%salpha-beta with the network: %.0f%% of the nodes/s of the hand-written evaluation "
      "(%s; the median of %d rounds, %.0f-%.0f%%; float inference: %.0f%%)\n",
      game, 100.0 * median.ratio(), name, kNodeRateRounds, 100.0 * rounds.front().ratio(),
      100.0 * rounds.back().ratio(), 100.0 * f.nodesPerSecond() / median.hand.nodesPerSecond());
}

}  // namespace

NetworkForms networkForms(const std::filesystem::path& network, MlpWeights* weightsOut) {
  const MlpWeights weights = mlpWeights(network, readCheckpoint(network));
  if (weightsOut) *weightsOut = weights;
  return {makeMlpModel(weights, MlpInference::Quantized),
          makeMlpModel(weights, MlpInference::Float)};
}

std::vector<Position> middleGame20(const std::vector<BenchPosition>& positions) {
  std::vector<Position> middle;
  for (std::size_t i = 0; i < 20; ++i)
    middle.push_back(positions[i * 7].position);
  return middle;
}

void nodeRateTable(const NetworkForms& forms, const std::vector<BenchPosition>& positions) {
  const std::vector<Position> start{Position::start()}, middle = middleGame20(positions);
  nodeRateRow<StandardRules>("", *forms.quantized, *forms.reference, "start, depth 6", start, 6);
  nodeRateRow<StandardRules>("", *forms.quantized, *forms.reference,
                             "20 middle-game positions, depth 5", middle, 5);
}

void grandNodeRateTable(const std::filesystem::path& network) {
  MlpWeights weights;
  const auto [quantized, reference] = networkForms(network, &weights);
  std::printf("Grand network %s (%s)\n", network.c_str(), describe(weights.config).c_str());
  const std::vector<grand::GrandPosition> start{grand::GrandPosition::start()};
  const std::vector<grand::GrandPosition> middle = grandMiddleGame(10);
  nodeRateRow<GrandRules>("Grand ", *quantized, *reference, "start, depth 5", start, 5);
  nodeRateRow<GrandRules>("Grand ", *quantized, *reference, "10 middle-game positions, depth 4",
                          middle, 4);
}

}  // namespace camelot::bench
