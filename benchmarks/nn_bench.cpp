// Network speed. First the fast network (the mlp of the config, configs/default.toml unless
// given): positions per second of its evaluator (features + accumulator + dense layers +
// per-move policy) on one core at the config's self-play batch (games per worker), and
// training samples per second through the Trainer at the config's batch size on every core.
// With --resnet, the same for the residual network (`--blocks`, `--channels`), plus its raw
// folded forward pass at batch sizes 1-256 on 1 and 2 intra-op threads.
//
// Then the shipped network (or --network FILE) as alpha-beta's judge: its nodes per second
// against the hand-written evaluation's on the same positions and depth, in integers and in
// float, and the depth each reaches in 100 ms a move; and the cost of a leaf for accumulators
// of 256, 512 and 1,024. Then the shipped Grand network (or --grand-network FILE) likewise as
// Grand alpha-beta's judge.
//
//   nn_bench [CONFIG] [--seconds S] [--network FILE] [--grand-network FILE] [--resnet]
//            [--blocks B] [--channels C] [--node-rate]
//
// --node-rate prints the node-rate rows alone (both networks against the hand-written
// evaluations; benchmarks/node_rate.hpp), for a quick check of a change to the leaves;
// node_rate_bench prints the same rows from a build without LibTorch.
#include <torch/utils.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "benchmarks/bench_positions.hpp"
#include "benchmarks/node_rate.hpp"
#include "nn/backend/fresh_network.hpp"
#include "nn/backend/trainer.hpp"
#include "nn/checkpoint.hpp"
#include "nn/features/encoding.hpp"
#include "nn/mlp/mlp_model.hpp"
#include "nn/mlp/simd.hpp"
#include "nn/resnet/inference_net.hpp"
#include "nn/resnet/resnet_model.hpp"
#include "training/run/train_config.hpp"

namespace camelot {
namespace {

using Clock = std::chrono::steady_clock;
using bench::middleGame20;
using bench::NetworkForms;
using bench::networkForms;
using bench::nodeRateTable;
using bench::SearchFigures;
using bench::searchFigures;

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

// Positions/s of `model`'s evaluator at `batch` on this thread, each call on the next `batch`
// of the positions (so that no call repeats the last one's positions); `needPriors` false asks
// for the value alone, as alpha-beta's leaves do.
double evaluatorRate(const Model& model, const std::vector<bench::BenchPosition>& positions,
                     int batch, int threads, double seconds, bool needPriors = true) {
  const std::unique_ptr<Evaluator> evaluator = model.evaluator(threads);
  std::vector<EvaluationRequest> requests =
      bench::benchRequests(positions, static_cast<int>(positions.size()));
  for (EvaluationRequest& r : requests)
    r.needPriors = needPriors;
  std::vector<Evaluation> results(static_cast<std::size_t>(batch));
  std::size_t offset = 0;
  return rate(batch, seconds, [&] {
    if (offset + static_cast<std::size_t>(batch) > requests.size()) offset = 0;
    evaluator->evaluate(std::span(requests).subspan(offset, static_cast<std::size_t>(batch)),
                        results);
    offset += static_cast<std::size_t>(batch);
  });
}

// The shipped network in alpha-beta against the hand-written evaluation (same positions, same
// depth, one core), its integer inference against its float one, and the depth each reaches in
// 100 ms a move.
void alphaBetaTable(const std::filesystem::path& network,
                    const std::vector<bench::BenchPosition>& positions, double seconds) {
  MlpWeights weights;
  const NetworkForms forms = networkForms(network, &weights);
  const Model& quantized = *forms.quantized;
  const Model& reference = *forms.reference;
  std::printf("network %s (%s), integer kernels: %s\n", network.c_str(),
              describe(weights.config).c_str(), simd::instructionSet());
  for (const int batch : {1, 32}) {
    const double q = evaluatorRate(quantized, positions, batch, 1, seconds);
    const double f = evaluatorRate(reference, positions, batch, 1, seconds);
    std::printf(
        "  evaluator at batch %d, unrelated positions: integer %.0f, float %.0f positions/s "
        "(%.2fx)\n",
        batch, q, f, q / f);
  }
  const double qv = evaluatorRate(quantized, positions, 1, 1, seconds, false);
  const double fv = evaluatorRate(reference, positions, 1, 1, seconds, false);
  std::printf(
      "  value alone at batch 1, unrelated positions: integer %.0f, float %.0f positions/s "
      "(%.2fx)\n",
      qv, fv, qv / fv);

  nodeRateTable(forms, positions);
  const std::vector<Position> start{Position::start()}, middle = middleGame20(positions);
  struct Row {
    const char* name;
    const std::vector<Position>* positions;
  };
  for (const Row& row : {Row{"start", &start}, Row{"20 middle-game positions", &middle}}) {
    const auto time = std::chrono::milliseconds(100);
    std::printf(
        "depth in 100 ms a move, %s: network %.1f (float inference %.1f), hand-written "
        "%.1f\n",
        row.name, searchFigures<StandardRules>(&quantized, *row.positions, 64, time).depth,
        searchFigures<StandardRules>(&reference, *row.positions, 64, time).depth,
        searchFigures<StandardRules>(nullptr, *row.positions, 64, time).depth);
  }
}

// The cost of a leaf by accumulator width: fresh networks of 256, 512 and 1,024 units (the
// config's other sizes), in integers, as alpha-beta's judge on the same positions and depth,
// and their value alone at batch 1 along the plies of random games (each position a move from
// the last, as a search's leaves are).
void widthTable(const NetworkConfig& base, const std::vector<bench::BenchPosition>& positions,
                double seconds) {
  const std::vector<Position> middle = middleGame20(positions);
  std::vector<bench::BenchPosition> line;
  std::mt19937_64 rng(3);
  while (line.size() < 2000) {
    Game game;
    while (!game.finished() && line.size() < 2000) {
      line.push_back({game.position(), {}, game.legalMoves()});
      const MoveList& moves = game.legalMoves();
      game.play(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
    }
  }
  const SearchFigures hand = searchFigures<StandardRules>(nullptr, middle, 4);
  std::printf(
      "accumulator width (fresh networks, integer inference; hand-written evaluation: "
      "%.0f nodes/s)\n",
      hand.nodesPerSecond());
  const std::filesystem::path file =
      std::filesystem::temp_directory_path() / ("nn_bench-" + std::to_string(::getpid()) + ".ckpt");
  for (const int width : {256, 512, 1024}) {
    NetworkConfig config = base;
    config.accumulator = width;
    writeFreshNetwork(file, config, 1);
    const std::shared_ptr<const Model> model =
        makeMlpModel(mlpWeights(file, readCheckpoint(file)), MlpInference::Quantized);
    const double value = evaluatorRate(*model, line, 1, 1, seconds, false);
    const SearchFigures search = searchFigures<StandardRules>(model.get(), middle, 4);
    std::printf(
        "  %5d: value alone along game lines %.0f positions/s, alpha-beta %.0f nodes/s "
        "(%.0f%% of the hand-written evaluation's)\n",
        width, value, search.nodesPerSecond(),
        100.0 * search.nodesPerSecond() / hand.nodesPerSecond());
  }
  std::filesystem::remove(file);
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
  std::filesystem::path network = "networks/camelotzero.ckpt";
  std::filesystem::path grandNetwork = "networks/grand.ckpt";
  double seconds = 2.0;
  bool resnet = false, nodeRate = false;
  NetworkConfig residual = defaultNetworkConfig(Architecture::Resnet);
  for (int i = 1; i < argc; ++i) {
    const bool hasValue = i + 1 < argc;
    if (!std::strcmp(argv[i], "--seconds") && hasValue)
      seconds = std::stod(argv[++i]);
    else if (!std::strcmp(argv[i], "--blocks") && hasValue)
      residual.blocks = std::stoi(argv[++i]), resnet = true;
    else if (!std::strcmp(argv[i], "--channels") && hasValue)
      residual.channels = std::stoi(argv[++i]), resnet = true;
    else if (!std::strcmp(argv[i], "--network") && hasValue)
      network = argv[++i];
    else if (!std::strcmp(argv[i], "--grand-network") && hasValue)
      grandNetwork = argv[++i];
    else if (!std::strcmp(argv[i], "--resnet"))
      resnet = true;
    else if (!std::strcmp(argv[i], "--node-rate"))
      nodeRate = true;
    else
      configFile = argv[i];
  }
  const std::vector<bench::BenchPosition> positions = bench::benchPositions(512);
  if (nodeRate) {
    nodeRateTable(networkForms(network), positions);
    bench::grandNodeRateTable(grandNetwork);
    return 0;
  }
  const TrainConfig config = loadTrainConfig(configFile);
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

  alphaBetaTable(network, positions, seconds);
  bench::grandNodeRateTable(grandNetwork);
  if (config.network.architecture == Architecture::Mlp)
    widthTable(config.network, positions, seconds);

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
