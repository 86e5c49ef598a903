// The Trainer: it lowers the loss on a fixed buffer with either optimizer, follows its learning
// rate schedule, resumes exactly from its own checkpoints (optimizer state included) and from
// fresh ones, hands out inference snapshots that learned what it was taught, and rejects bad
// settings and damaged optimizer files with clear errors. Torch-free on purpose: the header must
// be usable without LibTorch.
#include "nn/backend/trainer.hpp"

#include <ATen/Parallel.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <numbers>
#include <numeric>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "engine/game.hpp"
#include "engine/rules_status.hpp"
#include "nn/backend/fresh_network.hpp"
#include "nn/features/encoding.hpp"
#include "nn/model.hpp"
#include "nn/torch/checkpoint_module.hpp"
#include "tests/scratch_dir.hpp"

namespace camelot {
namespace {

NetworkConfig tinyConfig() {
  NetworkConfig config;
  config.blocks = 1;
  config.channels = 16;
  config.globalPoolingEvery = 1;
  config.policyChannels = 8;
  config.valueChannels = 8;
  config.valueHidden = 16;
  return config;
}

// A sample of the last position of a random game of up to 50 plies: the search's target puts
// 0.9 on one random legal (from, to) pair and spreads the rest evenly; random result and length.
std::vector<TrainingSample> randomSamples(int count, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<TrainingSample> samples;
  LegalPolicy legal;
  while (static_cast<int>(samples.size()) < count) {
    Game game;
    const int plies = std::uniform_int_distribution<int>(0, 50)(rng);
    for (int ply = 0; ply < plies && !game.finished(); ++ply) {
      const MoveList& moves = game.legalMoves();
      game.play(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
    }
    if (game.finished()) continue;
    TrainingSample s;
    s.position = game.position();
    const auto& positions = game.positions();
    const std::size_t earlier = std::min<std::size_t>(positions.size() - 1, kMaxHistoryPlies);
    s.history.assign(positions.end() - 1 - static_cast<std::ptrdiff_t>(earlier),
                     positions.end() - 1);
    legal.assign(game.legalMoves(), s.position.sideToMove());
    s.policyIndices = legal.indices;
    const std::size_t n = legal.size();
    const std::size_t chosen = std::uniform_int_distribution<std::size_t>(0, n - 1)(rng);
    s.policyTarget.assign(n, n > 1 ? 0.1f / static_cast<float>(n - 1) : 0.0f);
    s.policyTarget[chosen] = n > 1 ? 0.9f : 1.0f;
    s.result = static_cast<std::int8_t>(std::uniform_int_distribution<int>(-1, 1)(rng));
    s.movesLeft = std::uniform_int_distribution<int>(1, 150)(rng);
    samples.push_back(std::move(s));
  }
  return samples;
}

// Trains `steps` steps on consecutive batches of `batchSize` drawn in order from `samples`.
void trainInOrder(Trainer& trainer, const std::vector<TrainingSample>& samples, int steps,
                  std::size_t batchSize) {
  const std::span<const TrainingSample> all(samples);
  for (int i = 0; i < steps; ++i) {
    const std::size_t begin = (static_cast<std::size_t>(i) * batchSize) % samples.size();
    trainer.trainStep(all.subspan(begin, std::min(batchSize, samples.size() - begin)));
  }
}

template <typename F>
std::string errorOf(F&& f) {
  try {
    f();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(Trainer, LowersTheLossOnAFixedBuffer) {
  const std::vector<TrainingSample> samples = randomSamples(64, 1);
  TrainerSettings settings;
  settings.learningRate = 3e-3;
  Trainer trainer(tinyConfig(), settings, 7);
  const TrainStepStats before = trainer.measure(samples);
  EXPECT_EQ(trainer.step(), 0);
  trainInOrder(trainer, samples, 150, 32);
  const TrainStepStats after = trainer.measure(samples);
  EXPECT_EQ(trainer.step(), 150);
  EXPECT_TRUE(std::isfinite(before.totalLoss));
  EXPECT_GT(before.policyLoss, 2.0);  // close to uniform over ~10-40 legal pairs
  EXPECT_NEAR(before.totalLoss, before.policyLoss + before.valueLoss + 0.1 * before.movesLeftLoss,
              1e-5);
  EXPECT_LT(after.totalLoss, 0.6 * before.totalLoss);
  EXPECT_LT(after.policyLoss, before.policyLoss);
  EXPECT_LT(after.valueLoss, before.valueLoss);
  EXPECT_LT(after.policyEntropy, before.policyEntropy);
  // measure() changes nothing.
  const TrainStepStats again = trainer.measure(samples);
  EXPECT_EQ(again.totalLoss, after.totalLoss);
  EXPECT_EQ(trainer.step(), 150);
}

// A step runs on the threads the settings give (0: every core), whatever the calling thread was
// set to before (a self-play worker runs LibTorch on one).
TEST(Trainer, AStepRunsOnTheThreadsItIsGiven) {
  const std::vector<TrainingSample> samples = randomSamples(8, 2);
  const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  for (const int threads : {1, 0}) {
    TrainerSettings settings;
    settings.threads = threads;
    Trainer trainer(tinyConfig(), settings, 7);
    at::set_num_threads(threads == 1 ? cores : 1);
    trainer.trainStep(samples);
    EXPECT_EQ(at::get_num_threads(), threads == 1 ? 1 : cores) << "threads " << threads;
  }
}

TEST(ValueTarget, MixesTheResultWithTheRootValue) {
  TrainingSample s;
  s.result = 1;
  s.rootValue = -0.5f;
  EXPECT_EQ(valueTarget(s, 0.0), (std::array<float, 3>{1.0f, 0.0f, 0.0f}));
  EXPECT_EQ(valueTarget(s, 1.0), (std::array<float, 3>{0.0f, 0.5f, 0.5f}));
  EXPECT_EQ(valueTarget(s, 0.5), (std::array<float, 3>{0.5f, 0.25f, 0.25f}));
  s.result = 0;
  s.rootValue = 0.25f;
  EXPECT_EQ(valueTarget(s, 0.5), (std::array<float, 3>{0.125f, 0.875f, 0.0f}));
  s.result = -1;
  s.rootValue = 1.0f;
  EXPECT_EQ(valueTarget(s, 0.25), (std::array<float, 3>{0.25f, 0.0f, 0.75f}));
}

// The trainer's value loss follows the mixed target: a won game whose search saw a sure loss
// is, at weight 1, the same value target as a lost game.
TEST(Trainer, ValueLossUsesTheRootValueWeight) {
  std::vector<TrainingSample> won = randomSamples(16, 3);
  std::vector<TrainingSample> lost = won;
  for (std::size_t i = 0; i < won.size(); ++i) {
    won[i].result = 1;
    won[i].rootValue = -1.0f;
    lost[i].result = -1;
  }
  TrainerSettings byRootValue;
  byRootValue.rootValueWeight = 1.0;
  const double mixed = Trainer(tinyConfig(), byRootValue, 5).measure(won).valueLoss;
  EXPECT_DOUBLE_EQ(mixed, Trainer(tinyConfig(), TrainerSettings{}, 5).measure(lost).valueLoss);
  EXPECT_NE(mixed, Trainer(tinyConfig(), TrainerSettings{}, 5).measure(won).valueLoss);
}

// Positions recorded for their value alone (no policy entries, a cheap search's) count in the
// value loss and nowhere in the policy's loss or entropy.
TEST(Trainer, ValueOnlySamplesTakeNoPartInThePolicyLoss) {
  const std::vector<TrainingSample> samples = randomSamples(16, 4);
  const std::vector<TrainingSample> full(samples.begin(), samples.begin() + 8);
  const std::vector<TrainingSample> others(samples.begin() + 8, samples.end());
  std::vector<TrainingSample> mixed = full;
  for (TrainingSample s : others) {
    s.policyIndices.clear();
    s.policyTarget.clear();
    mixed.push_back(s);
  }
  Trainer trainer(tinyConfig(), TrainerSettings{}, 5);
  const TrainStepStats onlyFull = trainer.measure(full);
  const TrainStepStats both = trainer.measure(mixed);
  EXPECT_NEAR(both.policyLoss, onlyFull.policyLoss, 1e-5);
  EXPECT_NEAR(both.policyEntropy, onlyFull.policyEntropy, 1e-5);
  EXPECT_NEAR(both.valueLoss, (onlyFull.valueLoss + trainer.measure(others).valueLoss) / 2, 1e-5);

  const std::vector<TrainingSample> valueOnly(mixed.begin() + 8, mixed.end());
  const TrainStepStats none = trainer.measure(valueOnly);
  EXPECT_EQ(none.policyLoss, 0.0);
  EXPECT_EQ(none.policyEntropy, 0.0);
  EXPECT_GT(none.valueLoss, 0.0);
  EXPECT_TRUE(std::isfinite(trainer.trainStep(valueOnly).totalLoss));
}

TEST(Trainer, CosineScheduleAndSgd) {
  TrainerSettings settings;
  settings.optimizer = "sgd";
  settings.learningRate = 0.05;
  settings.finalLearningRate = 0.001;
  settings.schedule = "cosine";
  settings.scheduleSteps = 40;
  EXPECT_EQ(learningRateAt(settings, 0), 0.05);
  EXPECT_NEAR(learningRateAt(settings, 40), 0.001, 1e-12);
  EXPECT_NEAR(learningRateAt(settings, 1000), 0.001, 1e-12);
  EXPECT_NEAR(learningRateAt(settings, 20), (0.05 + 0.001) / 2, 1e-12);
  EXPECT_NEAR(learningRateAt(settings, 10),
              0.001 + 0.5 * (0.05 - 0.001) * (1 + std::cos(std::numbers::pi / 4)), 1e-12);
  TrainerSettings constant;
  EXPECT_EQ(learningRateAt(constant, 12345), constant.learningRate);
  // scheduleSteps 0: the cosine follows the share of the run done, whatever the step.
  TrainerSettings overRun = settings;
  overRun.scheduleSteps = 0;
  EXPECT_EQ(learningRateAt(overRun, 500, 0.0), 0.05);
  EXPECT_NEAR(learningRateAt(overRun, 0, 0.5), (0.05 + 0.001) / 2, 1e-12);
  EXPECT_NEAR(learningRateAt(overRun, 0, 1.0), 0.001, 1e-12);
  EXPECT_NEAR(learningRateAt(overRun, 0, 7.0), 0.001, 1e-12);

  // The steps report the rate they used: learningRate first, finalLearningRate from step 40 on.
  const std::vector<TrainingSample> samples = randomSamples(64, 2);
  Trainer trainer(tinyConfig(), settings, 3);
  const TrainStepStats before = trainer.measure(samples);
  EXPECT_EQ(before.learningRate, 0.05);
  std::vector<double> rates;
  const std::span<const TrainingSample> all(samples);
  for (int i = 0; i < 60; ++i)
    rates.push_back(trainer.trainStep(all.subspan((i % 2) * 32, 32)).learningRate);
  EXPECT_EQ(rates[0], 0.05);
  EXPECT_NEAR(rates[20], (0.05 + 0.001) / 2, 1e-12);
  EXPECT_NEAR(rates[40], 0.001, 1e-12);
  EXPECT_NEAR(rates[59], 0.001, 1e-12);
  const TrainStepStats after = trainer.measure(samples);
  EXPECT_LT(after.totalLoss, 0.9 * before.totalLoss);
  EXPECT_LT(after.policyLoss, before.policyLoss);

  // Over the run, a step uses the rate of the progress last set.
  Trainer spanning(tinyConfig(), overRun, 3);
  EXPECT_EQ(spanning.trainStep(all.first(32)).learningRate, 0.05);
  spanning.setRunProgress(0.5);
  EXPECT_NEAR(spanning.trainStep(all.first(32)).learningRate, (0.05 + 0.001) / 2, 1e-12);
  spanning.setRunProgress(2.0);
  EXPECT_NEAR(spanning.trainStep(all.first(32)).learningRate, 0.001, 1e-12);
}

TEST(Trainer, ResumeContinuesExactly) {
  const testing_support::ScratchDir dir;
  const std::vector<TrainingSample> samples = randomSamples(48, 3);
  const std::span<const TrainingSample> all(samples);
  for (const char* optimizer : {"adamw", "sgd"}) {
    SCOPED_TRACE(optimizer);
    TrainerSettings settings;
    settings.optimizer = optimizer;
    settings.learningRate = optimizer == std::string("sgd") ? 0.02 : 2e-3;
    settings.schedule = "cosine";
    settings.scheduleSteps = 50;
    Trainer original(tinyConfig(), settings, 11);
    trainInOrder(original, samples, 6, 16);
    original.setGeneration(4);
    const auto file = dir / (std::string(optimizer) + ".ckpt");
    original.save(file);
    EXPECT_TRUE(std::filesystem::exists(file.string() + ".optim"));
    const CheckpointHeader header = readCheckpointHeader(file);
    EXPECT_EQ(header.trainingStep, 6);
    EXPECT_EQ(header.generation, 4);
    EXPECT_EQ(header.config, tinyConfig());

    Trainer resumed = Trainer::resume(file, settings);
    EXPECT_EQ(resumed.step(), 6);
    EXPECT_EQ(resumed.generation(), 4);
    EXPECT_EQ(resumed.config(), tinyConfig());
    for (int i = 0; i < 3; ++i) {
      const auto batch = all.subspan(static_cast<std::size_t>(i) * 16, 16);
      const TrainStepStats a = original.trainStep(batch);
      const TrainStepStats b = resumed.trainStep(batch);
      EXPECT_EQ(a.totalLoss, b.totalLoss);
      EXPECT_EQ(a.policyLoss, b.policyLoss);
      EXPECT_EQ(a.valueLoss, b.valueLoss);
      EXPECT_EQ(a.movesLeftLoss, b.movesLeftLoss);
      EXPECT_EQ(a.learningRate, b.learningRate);
    }
    EXPECT_EQ(original.measure(samples).totalLoss, resumed.measure(samples).totalLoss);
  }

  // A fresh checkpoint (camelot net init) has no .optim: step 0 with a fresh optimizer, and the
  // same weights as a Trainer built from the same seed.
  const auto fresh = dir / "fresh.ckpt";
  writeFreshNetwork(fresh, tinyConfig(), 21);
  TrainerSettings settings;
  Trainer fromFile = Trainer::resume(fresh, settings);
  Trainer fromSeed(tinyConfig(), settings, 21);
  EXPECT_EQ(fromFile.step(), 0);
  EXPECT_EQ(fromFile.generation(), 0);
  for (int i = 0; i < 2; ++i) {
    const auto batch = all.subspan(static_cast<std::size_t>(i) * 16, 16);
    EXPECT_EQ(fromFile.trainStep(batch).totalLoss, fromSeed.trainStep(batch).totalLoss);
  }

  // An .optim written by the other optimizer is set aside for a fresh one (the settings switched).
  TrainerSettings sgd;
  sgd.optimizer = "sgd";
  Trainer switched = Trainer::resume(dir / "adamw.ckpt", sgd);
  EXPECT_EQ(switched.step(), 6);
  EXPECT_TRUE(std::isfinite(switched.trainStep(all.first(16)).totalLoss));
}

TEST(Trainer, InferenceSnapshotsLearnTheTarget) {
  const std::vector<TrainingSample> samples = randomSamples(1, 4);
  const TrainingSample& sample = samples[0];
  const int target = sample.policyIndices[static_cast<std::size_t>(
      std::max_element(sample.policyTarget.begin(), sample.policyTarget.end()) -
      sample.policyTarget.begin())];
  const MoveList moves = legalMoves(sample.position);
  const auto historyFor = [&](int plies) {
    const std::size_t keep = std::min<std::size_t>(sample.history.size(), plies);
    return std::span<const Position>(sample.history).last(keep);
  };
  const auto evaluate = [&](const Model& model) {
    const auto evaluator = model.evaluator();
    const EvaluationRequest request{&sample.position, &moves, historyFor(model.historyPlies()),
                                    sample.repetitions};
    std::vector<Evaluation> results(1);
    evaluator->evaluate(std::span(&request, 1), results);
    return results[0];
  };
  const auto targetPrior = [&](const Evaluation& e) {
    double prior = 0.0;
    for (std::size_t m = 0; m < moves.size(); ++m) {
      if (policyIndex(moves[m], sample.position.sideToMove()) == target) prior += e.priors[m];
    }
    return prior;
  };
  const auto priorSum = [](const Evaluation& e) {
    return std::accumulate(e.priors.begin(), e.priors.end(), 0.0);
  };

  TrainerSettings settings;
  settings.learningRate = 3e-3;
  Trainer trainer(tinyConfig(), settings, 5);
  const std::shared_ptr<const Model> before = trainer.model();
  EXPECT_EQ(before->historyPlies(), tinyConfig().historyPlies);
  const Evaluation first = evaluate(*before);
  EXPECT_NEAR(priorSum(first), 1.0, 1e-5);
  const std::vector<TrainingSample> batch(8, sample);
  for (int i = 0; i < 50; ++i)
    trainer.trainStep(batch);
  const Evaluation trained = evaluate(*trainer.model("cpu"));
  EXPECT_NEAR(priorSum(trained), 1.0, 1e-5);
  EXPECT_GT(targetPrior(trained), targetPrior(first) + 0.2);
  // The earlier snapshot did not move with the training: same priors and value, bit for bit.
  const Evaluation again = evaluate(*before);
  EXPECT_EQ(again.priors, first.priors);
  EXPECT_EQ(again.value.win, first.value.win);
  EXPECT_EQ(again.value.draw, first.value.draw);
  EXPECT_EQ(again.value.loss, first.value.loss);
  EXPECT_NE(trained.value.win, first.value.win);
  EXPECT_THROW(trainer.model("tpu"), std::invalid_argument);
}

TEST(Trainer, BadSettingsSamplesAndOptimizerFilesAreClearErrors) {
  const auto expectBad = [](const char* name, auto change) {
    TrainerSettings settings;
    change(settings);
    const std::string message = errorOf([&] { Trainer(tinyConfig(), settings, 1).step(); });
    EXPECT_NE(message.find(name), std::string::npos) << message;
    EXPECT_THROW(validate(settings), std::invalid_argument);
  };
  expectBad("optimizer", [](TrainerSettings& s) { s.optimizer = "adam"; });
  expectBad("batchSize", [](TrainerSettings& s) { s.batchSize = 0; });
  expectBad("learningRate", [](TrainerSettings& s) { s.learningRate = 0.0; });
  expectBad("learningRate", [](TrainerSettings& s) { s.learningRate = std::nan(""); });
  expectBad("schedule", [](TrainerSettings& s) { s.schedule = "linear"; });
  expectBad("finalLearningRate", [](TrainerSettings& s) { s.finalLearningRate = -1.0; });
  expectBad("scheduleSteps", [](TrainerSettings& s) { s.scheduleSteps = -1; });
  expectBad("momentum", [](TrainerSettings& s) { s.momentum = 1.0; });
  expectBad("weightDecay", [](TrainerSettings& s) { s.weightDecay = -1e-4; });
  expectBad("movesLeftWeight", [](TrainerSettings& s) { s.movesLeftWeight = -0.1; });
  expectBad("rootValueWeight", [](TrainerSettings& s) { s.rootValueWeight = 1.5; });
  expectBad("device", [](TrainerSettings& s) { s.device = "tpu"; });
  expectBad("threads", [](TrainerSettings& s) { s.threads = -1; });
  EXPECT_NO_THROW(validate(TrainerSettings{}));
  NetworkConfig odd = tinyConfig();
  odd.channels = 15;
  EXPECT_THROW(Trainer(odd, TrainerSettings{}, 1), std::invalid_argument);

  // Malformed batches.
  Trainer trainer(tinyConfig(), TrainerSettings{}, 1);
  std::vector<TrainingSample> samples = randomSamples(4, 6);
  EXPECT_THROW(trainer.trainStep(std::span<const TrainingSample>{}), std::invalid_argument);
  EXPECT_THROW(trainer.measure(std::span<const TrainingSample>{}), std::invalid_argument);
  std::vector<TrainingSample> bad = samples;
  bad[1].policyTarget.pop_back();
  EXPECT_THROW(trainer.trainStep(bad), std::invalid_argument);
  bad = samples;
  bad[2].policyIndices[0] = kPolicySize;
  EXPECT_THROW(trainer.trainStep(bad), std::invalid_argument);
  bad = samples;
  bad[0].result = 2;
  EXPECT_THROW(trainer.trainStep(bad), std::invalid_argument);
  EXPECT_EQ(trainer.step(), 0);

  // Damaged or mismatched optimizer files.
  const testing_support::ScratchDir dir;
  const auto file = dir / "net.ckpt";
  const std::string optim = file.string() + ".optim";
  trainer.trainStep(samples);
  trainer.save(file);
  std::string bytes;
  {
    std::ifstream in(optim, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), {});
  }
  ASSERT_GT(bytes.size(), 100u);
  const auto writeOptim = [&](const std::string& content) {
    std::ofstream(optim, std::ios::binary | std::ios::trunc) << content;
  };
  for (const std::string& damaged :
       {std::string("not a zip archive"), bytes.substr(0, bytes.size() / 2), std::string()}) {
    writeOptim(damaged);
    try {
      Trainer::resume(file, TrainerSettings{});
      ADD_FAILURE() << "a damaged .optim was accepted";
    } catch (const CheckpointError& e) {
      EXPECT_NE(std::string(e.what()).find(optim), std::string::npos) << e.what();
    }
  }
  // An .optim from another step (a save cut short between the checkpoint and its .optim).
  writeOptim(bytes);
  Trainer later = Trainer::resume(file, TrainerSettings{});
  later.trainStep(samples);
  later.save(dir / "later.ckpt");
  std::filesystem::copy_file(dir / "later.ckpt.optim", optim,
                             std::filesystem::copy_options::overwrite_existing);
  const std::string message = errorOf([&] { Trainer::resume(file, TrainerSettings{}); });
  EXPECT_NE(message.find(optim), std::string::npos) << message;
  EXPECT_NE(message.find("step 2"), std::string::npos) << message;
  // A bad checkpoint is a CheckpointError too; nothing but the two files per save is left.
  EXPECT_THROW(Trainer::resume(dir / "missing.ckpt", TrainerSettings{}), CheckpointError);
  int files = 0;
  for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(dir.path()))
    ++files;
  EXPECT_EQ(files, 4);
}

}  // namespace
}  // namespace camelot
