// Self-play speed against the network's own speed, measured in the same run: simulations per
// second of self-play (search, features or planes, batching, decoding and the network together;
// each simulation that reaches a new leaf evaluates it, so this counts network evaluations and
// leaves out the few simulations that end on a position scored exactly), and the network's
// evaluator alone at self-play's mean batch size on as many threads as self-play has workers.
// The last line is the ratio.
//
//   selfplay_bench [CONFIG] [--games N]
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "benchmarks/bench_positions.hpp"
#include "nn/backend/trainer.hpp"
#include "nn/model.hpp"
#include "training/run/train_config.hpp"
#include "training/run/train_loop.hpp"
#include "training/selfplay/batched_games.hpp"

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
  const std::shared_ptr<const Model> model =
      Trainer(config.network, TrainerSettings{}, 1).model(sp.device);

  const BatchedGamesSettings settings = selfPlaySettings(config);
  GamePlan plan;
  plan.start = Position::start();
  plan.sides = {GameSide{0, "", "net"}, GameSide{0, "", "net"}};
  plan.record = true;
  std::printf("config %s: network %s, %d workers x %d games, %d games\n", configFile.c_str(),
              describe(config.network).c_str(), sp.workers, sp.gamesPerWorker, games);
  const BatchedGamesStats stats = playBatchedGames(
      {model}, settings, games, [&](int) { return plan; }, [](FinishedGame&&) {});
  const double selfplay = static_cast<double>(stats.evaluations) / stats.seconds;
  const double meanBatch =
      static_cast<double>(stats.evaluations) / static_cast<double>(stats.batches);
  std::printf(
      "self-play: %d games, %lld plies, %lld positions evaluated in %.1f s, mean batch %.1f\n",
      stats.games, static_cast<long long>(stats.plies), static_cast<long long>(stats.evaluations),
      stats.seconds, meanBatch);
  std::printf("selfplay: %.0f simulations/s\n", selfplay);

  // The evaluator alone: one thread per worker, each at the mean batch size.
  const int batch = std::max(1, static_cast<int>(meanBatch + 0.5));
  const std::vector<bench::BenchPosition> positions = bench::benchPositions(256);
  const double seconds = std::max(5.0, stats.seconds / 4);
  std::vector<std::int64_t> done(static_cast<std::size_t>(sp.workers), 0);
  std::vector<std::thread> threads;
  const auto begin = Clock::now();
  for (int w = 0; w < sp.workers; ++w) {
    threads.emplace_back([&, w] {
      const std::unique_ptr<Evaluator> evaluator = model->evaluator(1);
      const std::vector<EvaluationRequest> requests = bench::benchRequests(positions, batch);
      std::vector<Evaluation> results(requests.size());
      evaluator->evaluate(requests, results);
      while (std::chrono::duration<double>(Clock::now() - begin).count() < seconds) {
        evaluator->evaluate(requests, results);
        done[static_cast<std::size_t>(w)] += batch;
      }
    });
  }
  for (std::thread& t : threads)
    t.join();
  std::int64_t total = 0;
  for (const std::int64_t d : done)
    total += d;
  const double alone =
      static_cast<double>(total) / std::chrono::duration<double>(Clock::now() - begin).count();
  std::printf("network alone at batch %d on %d threads: %.0f positions/s\n", batch, sp.workers,
              alone);
  std::printf("selfplay efficiency: %.0f%% of the network alone\n", 100.0 * selfplay / alone);
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
