// Network speed. First the fast network (the mlp of the config, configs/default.toml unless
// given): positions per second of its evaluator (features + accumulator + dense layers +
// per-move policy) on one core at the config's self-play batch (games per worker), and
// training samples per second through the Trainer at the config's batch size on every core.
// With --resnet, the same for the residual network (`--blocks`, `--channels`), plus its raw
// folded forward pass at batch sizes 1-256 on 1 and 2 intra-op threads.
//
//   nn_bench [CONFIG] [--seconds S] [--resnet] [--blocks B] [--channels C]
#include <torch/torch.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "benchmarks/bench_positions.hpp"
#include "nn/encoding.hpp"
#include "nn/inference_net.hpp"
#include "nn/resnet_model.hpp"
#include "nn/trainer.hpp"
#include "training/run/train_config.hpp"

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

// Positions/s of `model`'s evaluator at `batch` on this thread; `needPriors` false asks for the
// value alone, as alpha-beta's leaves do.
double evaluatorRate(const Model& model, const std::vector<bench::BenchPosition>& positions,
                     int batch, int threads, double seconds, bool needPriors = true) {
  const std::unique_ptr<Evaluator> evaluator = model.evaluator(threads);
  std::vector<EvaluationRequest> requests = bench::benchRequests(positions, batch);
  for (EvaluationRequest& r : requests)
    r.needPriors = needPriors;
  std::vector<Evaluation> results(requests.size());
  return rate(batch, seconds, [&] { evaluator->evaluate(requests, results); });
}

// Training samples of the positions: a uniform policy over the legal moves, a drawn result.
std::vector<TrainingSample> trainingSamples(const std::vector<bench::BenchPosition>& positions) {
  std::vector<TrainingSample> samples;
  LegalPolicy legal;
  for (const bench::BenchPosition& p : positions) {
    TrainingSample s;
    s.position = p.position;
    s.history = p.history;
    legal.assign(p.moves, p.position.sideToMove());
    s.policyIndices = legal.indices;
    s.policyTarget.assign(legal.size(), 1.0f / static_cast<float>(legal.size()));
    s.movesLeft = 80;
    samples.push_back(std::move(s));
  }
  return samples;
}

// Samples/s of Trainer::trainStep at `batchSize` (every core).
double trainingRate(Trainer& trainer, const std::vector<TrainingSample>& samples, int batchSize,
                    double seconds) {
  const std::vector<TrainingSample> batch(samples.begin(), samples.begin() + batchSize);
  return rate(batchSize, seconds, [&] { trainer.trainStep(batch); });
}

void residualTable(const NetworkConfig& config, const std::vector<bench::BenchPosition>& positions,
                   double seconds) {
  torch::manual_seed(1);
  Network network(config);
  network->eval();
  const auto net = std::make_shared<const InferenceNet>(*network, torch::kCPU);
  const std::shared_ptr<const Model> model = makeResnetModel(net);
  const int planes = inputPlaneCount(config.historyPlies, config.tacticalPlanes);
  std::printf("residual network %s, %d input planes\n", describe(config).c_str(), planes);
  std::printf("%-7s %-7s %12s %12s %8s\n", "threads", "batch", "forward/s", "evaluator/s", "ratio");
  for (const int threads : {1, 2}) {
    for (const int batch : {1, 8, 32, 64, 128, 256}) {
      at::set_num_threads(threads);
      const torch::Tensor input =
          torch::rand({batch, planes, kGridRows, kGridColumns}).gt(0.8).toType(torch::kFloat);
      const double forward = rate(batch, seconds, [&] { net->forward(input); });
      const double evaluated = evaluatorRate(*model, positions, batch, threads, seconds);
      std::printf("%-7d %-7d %12.0f %12.0f %7.1f%%\n", threads, batch, forward, evaluated,
                  100.0 * evaluated / forward);
    }
  }
}

int run(int argc, char** argv) {
  std::string configFile = "configs/default.toml";
  double seconds = 2.0;
  bool resnet = false;
  NetworkConfig residual = defaultNetworkConfig(Architecture::Resnet);
  for (int i = 1; i < argc; ++i) {
    const bool hasValue = i + 1 < argc;
    if (!std::strcmp(argv[i], "--seconds") && hasValue)
      seconds = std::stod(argv[++i]);
    else if (!std::strcmp(argv[i], "--blocks") && hasValue)
      residual.blocks = std::stoi(argv[++i]), resnet = true;
    else if (!std::strcmp(argv[i], "--channels") && hasValue)
      residual.channels = std::stoi(argv[++i]), resnet = true;
    else if (!std::strcmp(argv[i], "--resnet"))
      resnet = true;
    else
      configFile = argv[i];
  }
  const TrainConfig config = loadTrainConfig(configFile);
  const std::vector<bench::BenchPosition> positions = bench::benchPositions(512);
  const std::vector<TrainingSample> samples = trainingSamples(positions);
  const int selfPlayBatch = config.selfplay.gamesPerWorker;
  const int batchSize = std::min<int>(config.training.batchSize, static_cast<int>(samples.size()));
  std::printf("config %s: network %s, %.1f s per figure\n", configFile.c_str(),
              describe(config.network).c_str(), seconds);

  Trainer trainer(config.network, TrainerSettings{}, 1);
  const std::shared_ptr<const Model> model = trainer.model();
  for (const int batch : {1, 256}) {
    std::printf("evaluator at batch %d on one core: %.0f positions/s\n", batch,
                evaluatorRate(*model, positions, batch, 1, seconds));
  }
  std::printf(
      "evaluator, value alone (alpha-beta's leaves), at batch 1 on one core: %.0f "
      "positions/s\n",
      evaluatorRate(*model, positions, 1, 1, seconds, /*needPriors=*/false));
  const double evaluated = evaluatorRate(*model, positions, selfPlayBatch, 1, seconds);
  const double trained = trainingRate(trainer, samples, batchSize, seconds);
  const char* family = config.network.architecture == Architecture::Mlp ? "fast" : "residual";
  std::printf("%s network: %.0f positions/s on one core (batch %d, the self-play batch)\n", family,
              evaluated, selfPlayBatch);
  std::printf("%s network training: %.0f samples/s at batch %d on every core\n", family, trained,
              batchSize);

  if (resnet) {
    residualTable(residual, positions, seconds);
    Trainer residualTrainer(residual, TrainerSettings{}, 1);
    std::printf("residual network training: %.0f samples/s at batch %d on every core\n",
                trainingRate(residualTrainer, samples, batchSize, seconds), batchSize);
  }
  return 0;
}

}  // namespace
}  // namespace camelot

int main(int argc, char** argv) {
  try {
    return camelot::run(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "nn_bench: %s\n", e.what());
    return 1;
  }
}
