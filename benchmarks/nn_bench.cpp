// Network speed: positions per second of the raw folded forward pass and of NetEvaluator
// (encode + forward + softmax over the legal moves) at several batch sizes and intra-op thread
// counts, and training samples per second. The last line compares the two at batch 64: the
// share of the raw forward speed the evaluator keeps.
//
//   nn_bench [--blocks B] [--channels C] [--seconds S]
#include <torch/torch.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "engine/game.hpp"
#include "nn/encoding.hpp"
#include "nn/inference_net.hpp"
#include "nn/losses.hpp"
#include "nn/net_evaluator.hpp"

namespace camelot {
namespace {

using Clock = std::chrono::steady_clock;

// Calls `run` (which handles `batch` positions) until `seconds` have passed; positions/s.
template <typename Run>
double rate(int batch, double seconds, Run&& run) {
  run();  // warm-up: oneDNN picks its kernels on the first call
  int calls = 0;
  const auto begin = Clock::now();
  double elapsed = 0.0;
  do {
    run();
    ++calls;
    elapsed = std::chrono::duration<double>(Clock::now() - begin).count();
  } while (elapsed < seconds || calls < 3);
  return calls * batch / elapsed;
}

struct Sample {
  Position position;
  std::vector<Position> history;
  MoveList moves;
};

// Middle-game positions from seeded random games, with their history.
std::vector<Sample> samplePositions(int count) {
  std::mt19937_64 rng(7);
  std::vector<Sample> samples;
  while (static_cast<int>(samples.size()) < count) {
    Game game;
    const int plies = std::uniform_int_distribution<int>(4, 60)(rng);
    for (int ply = 0; ply < plies && !game.finished(); ++ply) {
      const MoveList& moves = game.legalMoves();
      game.play(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
    }
    if (game.finished()) continue;
    Sample s;
    s.position = game.position();
    s.history.assign(game.positions().end() - 3, game.positions().end() - 1);
    s.moves = game.legalMoves();
    samples.push_back(std::move(s));
  }
  return samples;
}

int run(int argc, char** argv) {
  NetworkConfig config;
  double seconds = 2.0;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!std::strcmp(argv[i], "--blocks")) config.blocks = std::stoi(argv[i + 1]);
    if (!std::strcmp(argv[i], "--channels")) config.channels = std::stoi(argv[i + 1]);
    if (!std::strcmp(argv[i], "--seconds")) seconds = std::stod(argv[i + 1]);
  }
  torch::manual_seed(1);
  Network network(config);
  network->eval();
  const auto net = std::make_shared<const InferenceNet>(*network, torch::kCPU);
  const int planes = inputPlaneCount(config.historyPlies, config.tacticalPlanes);
  const std::vector<Sample> samples = samplePositions(256);
  std::printf("network %s, %d input planes, %.1f s per figure\n", describe(config).c_str(), planes,
              seconds);
  std::printf("%-7s %-7s %12s %12s %8s\n", "threads", "batch", "forward/s", "evaluator/s", "ratio");

  double forward64 = 0.0, evaluator64 = 0.0;
  for (const int threads : {1, 2}) {
    at::set_num_threads(threads);
    for (const int batch : {1, 8, 32, 64, 128, 256}) {
      const torch::Tensor input =
          torch::rand({batch, planes, kGridRows, kGridColumns}).gt(0.8).toType(torch::kFloat);
      const double forward = rate(batch, seconds, [&] { net->forward(input); });

      NetEvaluator evaluator(net);
      std::vector<EvaluationRequest> requests;
      for (int i = 0; i < batch; ++i) {
        const Sample& s = samples[static_cast<std::size_t>(i) % samples.size()];
        requests.push_back({&s.position, &s.moves, s.history, 0});
      }
      std::vector<Evaluation> results(requests.size());
      const double evaluated = rate(batch, seconds, [&] { evaluator.evaluate(requests, results); });
      std::printf("%-7d %-7d %12.0f %12.0f %7.1f%%\n", threads, batch, forward, evaluated,
                  100.0 * evaluated / forward);
      if (threads == 1 && batch == 64) {
        forward64 = forward;
        evaluator64 = evaluated;
      }
    }
  }

  // Training: forward, losses and backward with AdamW at batch 256 on random targets.
  for (const int threads : {1, 2}) {
    at::set_num_threads(threads);
    network->train();
    torch::optim::AdamW optimizer(network->parameters(), torch::optim::AdamWOptions(1e-3));
    const std::int64_t n = 256, legal = 48;
    TrainingBatch batch;
    batch.input = torch::rand({n, planes, kGridRows, kGridColumns}).gt(0.8).toType(torch::kFloat);
    batch.policyIndices = torch::randint(kPolicySize, {n, legal}, torch::kLong);
    batch.legalMask = torch::ones({n, legal}, torch::kBool);
    batch.policyTarget = torch::full({n, legal}, 1.0f / legal);
    batch.wdlTarget = torch::full({n, 3}, 1.0f / 3);
    batch.movesLeftTarget = torch::rand({n});
    const double trained = rate(static_cast<int>(n), seconds, [&] {
      optimizer.zero_grad();
      computeLosses(*network, batch).total.backward();
      optimizer.step();
    });
    std::printf("training at batch 256, %d thread%s: %.0f samples/s\n", threads,
                threads == 1 ? "" : "s", trained);
  }
  std::printf("evaluator efficiency at batch 64: %.0f%% of forward\n",
              100.0 * evaluator64 / forward64);
  return 0;
}

}  // namespace
}  // namespace camelot

int main(int argc, char** argv) {
  return camelot::run(argc, argv);
}
