#pragma once
// The figure issue 35 names, `alpha-beta with the network: N% of the nodes/s of the hand-written
// evaluation`: alpha-beta's nodes per second on a network's integer inference against the
// hand-written evaluation's, the same positions and depth on one core, for the standard game and
// for Grand Camelot. Linked without LibTorch, so that node_rate_bench runs on any host a
// `camelot` binary runs on; nn_bench prints the same rows in its full table.

#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>
#include <vector>

#include "benchmarks/bench_positions.hpp"
#include "nn/mlp/mlp_layout.hpp"
#include "nn/model.hpp"
#include "nn/network_judge.hpp"
#include "players/alphabeta_player.hpp"

namespace camelot::bench {

// Nodes searched and seconds taken by alpha-beta to `depth` (or for `time`) from each position
// of the game Rules plays, on `model`'s value and priors or, without a model, on the
// hand-written evaluation; one fresh player per position.
struct SearchFigures {
  double nodes = 0.0, seconds = 0.0, depth = 0.0;  // depth: the mean depth completed
  double nodesPerSecond() const { return nodes / seconds; }
};
template <class Rules>
SearchFigures searchFigures(const Model* model,
                            const std::vector<typename Rules::Position>& positions, int depth,
                            std::optional<std::chrono::milliseconds> time = std::nullopt) {
  SearchFigures f;
  for (const typename Rules::Position& p : positions) {
    BasicAlphaBetaSettings<Rules> settings;
    settings.maxDepth = depth;
    settings.timeLimit = time;
    BasicAlphaBetaPlayer<Rules> player =
        model ? BasicAlphaBetaPlayer<Rules>(settings, makeNetworkJudgeFor<Rules>(*model), "net:")
              : BasicAlphaBetaPlayer<Rules>(settings);
    player.chooseMove(BasicGame<Rules>(p));
    f.nodes += static_cast<double>(player.lastSearch().nodes);
    f.seconds += std::chrono::duration<double>(player.lastSearch().elapsed).count();
    f.depth += player.lastSearch().depth / static_cast<double>(positions.size());
  }
  return f;
}

// A network checkpoint in its integer form (what plays) and its float form (the reference).
struct NetworkForms {
  std::shared_ptr<const Model> quantized, reference;
};
NetworkForms networkForms(const std::filesystem::path& network, MlpWeights* weightsOut = nullptr);

// 20 middle-game positions of the benchmark file, every seventh.
std::vector<Position> middleGame20(const std::vector<BenchPosition>& positions);

// The standard network's rows: the start to depth 6 and middleGame20 to depth 5.
void nodeRateTable(const NetworkForms& forms, const std::vector<BenchPosition>& positions);

// The Grand network's rows against the Grand hand-written evaluation: the start to depth 5 and
// 10 middle-game positions of seeded random games (grandMiddleGame) to depth 4.
void grandNodeRateTable(const std::filesystem::path& network);

}  // namespace camelot::bench
