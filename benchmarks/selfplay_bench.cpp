// Self-play speed against the network's raw speed, measured in the same run: positions
// evaluated per second by self-play (search, encoding, batching, decoding and the forward pass
// together), and the forward pass alone at self-play's mean batch size on as many threads as
// self-play has workers, each with one intra-op thread. The last line is the ratio.
//
//   selfplay_bench [CONFIG] [--games N]
#include <torch/torch.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "nn/encoding.hpp"
#include "nn/inference_net.hpp"
#include "nn/network.hpp"
#include "training/batched_games.hpp"
#include "training/train_config.hpp"
#include "training/train_loop.hpp"

namespace camelot {
namespace {

using Clock = std::chrono::steady_clock;

int run(int argc, char** argv) {
  std::string configFile = "configs/default.toml";
  int games = 0;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--games") && i + 1 < argc)
      games = std::stoi(argv[++i]);
    else
      configFile = argv[i];
  }
  const TrainConfig config = loadTrainConfig(configFile);
  const auto& sp = config.selfplay;
  if (games == 0) games = 2 * sp.workers * sp.gamesPerWorker;
  torch::manual_seed(1);
  Network network(config.network);
  network->eval();
  const auto net = std::make_shared<const InferenceNet>(*network, torch::kCPU);

  const BatchedGamesSettings settings = selfPlaySettings(config);
  GamePlan plan;
  plan.start = Position::start();
  plan.sides = {GameSide{0, "", "net"}, GameSide{0, "", "net"}};
  plan.record = true;
  std::printf("config %s: network %s, %d workers x %d games, %d games\n", configFile.c_str(),
              describe(config.network).c_str(), sp.workers, sp.gamesPerWorker, games);
  const BatchedGamesStats stats = playBatchedGames(
      {net}, settings, games, [&](int) { return plan; }, [](FinishedGame&&) {});
  const double selfplay = static_cast<double>(stats.evaluations) / stats.seconds;
  const double meanBatch =
      static_cast<double>(stats.evaluations) / static_cast<double>(stats.batches);
  std::printf(
      "self-play: %d games, %lld plies, %lld positions evaluated in %.1f s: %.0f/s, mean batch "
      "%.1f\n",
      stats.games, static_cast<long long>(stats.plies), static_cast<long long>(stats.evaluations),
      stats.seconds, selfplay, meanBatch);

  // The forward pass alone: one thread per worker, each at the mean batch size.
  const int batch = std::max(1, static_cast<int>(meanBatch + 0.5));
  const double seconds = std::max(5.0, stats.seconds / 4);
  std::vector<std::int64_t> done(static_cast<std::size_t>(sp.workers), 0);
  std::vector<std::thread> threads;
  const auto begin = Clock::now();
  for (int w = 0; w < sp.workers; ++w) {
    threads.emplace_back([&, w] {
      at::set_num_threads(1);
      const torch::Tensor input =
          torch::rand({batch,
                       inputPlaneCount(config.network.historyPlies, config.network.tacticalPlanes),
                       kGridRows, kGridColumns})
              .gt(0.8)
              .toType(torch::kFloat);
      net->forward(input);
      while (std::chrono::duration<double>(Clock::now() - begin).count() < seconds) {
        net->forward(input);
        done[static_cast<std::size_t>(w)] += batch;
      }
    });
  }
  for (std::thread& t : threads)
    t.join();
  std::int64_t total = 0;
  for (const std::int64_t d : done)
    total += d;
  const double forward =
      static_cast<double>(total) / std::chrono::duration<double>(Clock::now() - begin).count();
  std::printf("raw forward at batch %d on %d threads: %.0f positions/s\n", batch, sp.workers,
              forward);
  std::printf("selfplay efficiency: %.0f%% of forward\n", 100.0 * selfplay / forward);
  return 0;
}

}  // namespace
}  // namespace camelot

int main(int argc, char** argv) {
  try {
    return camelot::run(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "selfplay_bench: %s\n", e.what());
    return 1;
  }
}
