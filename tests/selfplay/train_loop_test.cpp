// The training loop on configs/tiny.toml: a whole run, the same games and network for any
// number of workers, both network families and Grand Camelot, a run directory of another config
// or in use refused, and a corrupt chunk skipped with its message (resuming:
// train_loop_resume_test.cpp).
#include "training/run/train_loop.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/cfen.hpp"
#include "engine/grand/grand_rules.hpp"
#include "nn/checkpoint.hpp"
#include "tests/selfplay/train_loop_fixture.hpp"
#include "training/evaluation/results_file.hpp"
#include "training/replay/chunk_file.hpp"
#include "training/run/directory_lock.hpp"
#include "training/run/train_config.hpp"

namespace camelot {
namespace {

TEST_F(TrainLoop, TinyConfigRunsTwoGenerationsAndRecordsEverything) {
  const std::atomic<bool> never{false};
  const std::string log = train(kTinyConfig, never);
  expectCompleteRun();
  EXPECT_NE(log.find("done: 2 generations"), std::string::npos) << log;
  const auto lines = metricsLines();
  for (const char* column :
       {"generation", "elapsed_seconds", "games", "positions", "positions_per_second",
        "policy_loss", "value_loss", "policy_entropy", "test_policy_loss", "test_value_loss",
        "score_random", "elo_random", "score_previous"})
    EXPECT_NE(lines[0].find(column), std::string::npos) << column;
  // The config as used, the log and the game records are in the run directory.
  EXPECT_EQ(loadTrainConfig(dir_ / "run" / "config.toml"), loadTrainConfig(kTinyConfig));
  EXPECT_TRUE(fs::exists(dir_ / "run" / "log.txt"));
  std::ifstream games(dir_ / "run" / "games" / "gen-000001.jsonl");
  int records = 0;
  int fromTheStart = 0;
  const std::string start = "\"start\":\"" + toCfen(Position::start()) + "\"";
  for (std::string line; std::getline(games, line);) {
    ++records;
    fromTheStart += line.find(start) != std::string::npos ? 1 : 0;
  }
  EXPECT_EQ(records, 8);
  // tiny.toml starts half its games scattered (selfplay.scattered_start_fraction = 0.5).
  EXPECT_GT(fromTheStart, 0);
  EXPECT_LT(fromTheStart, 8);
  // The evaluation games (generation 1: 2 against random; generation 2: 2 against
  // generation 1 and 2 against random) and their ratings, anchored at random.
  const ResultsRead results = readResults(dir_ / "run" / "results.csv");
  ASSERT_EQ(results.games.size(), 6u);
  EXPECT_EQ(results.games[0].white, "gen-1");
  EXPECT_EQ(results.games[0].black, "random");
  EXPECT_EQ(results.games[1].white, "random");
  std::ifstream ratings(dir_ / "run" / "ratings.csv");
  std::vector<std::string> ratingLines;
  for (std::string line; std::getline(ratings, line);)
    ratingLines.push_back(line);
  ASSERT_EQ(ratingLines.size(), 4u);
  EXPECT_NE(std::find_if(ratingLines.begin(), ratingLines.end(),
                         [](const std::string& l) { return l.starts_with("random,4,"); }),
            ratingLines.end());
  EXPECT_NE(lines[0].find("rating_margin"), std::string::npos);

  // Running the finished run again does nothing more.
  train(kTinyConfig, never);
  expectCompleteRun();
}

// Each game's randomness comes from (run seed, game index), not from the worker or slot that
// plays it: one worker and two play the same games and train the same first network.
TEST_F(TrainLoop, SameSeedGivesTheSameGamesAndNetworkForAnyNumberOfWorkers) {
  std::string games[2];
  std::uint64_t checksums[2];
  for (const int workers : {1, 2}) {
    TrainConfig config = loadTrainConfig(kTinyConfig);
    config.run.generations = 1;
    config.selfplay.workers = workers;
    const fs::path file = dir_ / ("workers-" + std::to_string(workers) + ".toml");
    std::ofstream(file) << toToml(config);
    const fs::path run = dir_ / ("run-" + std::to_string(workers));
    std::ostringstream log, progress;
    const std::atomic<bool> never{false};
    runTraining({file, run, std::nullopt, false, {}}, log, progress, never);
    std::ifstream in(run / "games" / "gen-000001.jsonl");
    games[workers - 1] = std::string(std::istreambuf_iterator<char>(in), {});
    checksums[workers - 1] =
        readCheckpointHeader(run / "checkpoints" / "gen-000001.ckpt").weightsChecksum;
  }
  EXPECT_FALSE(games[0].empty());
  EXPECT_EQ(games[0], games[1]);
  EXPECT_EQ(checksums[0], checksums[1]);
}

// The residual family still trains: tiny.toml with a one-block resnet instead of its mlp.
TEST_F(TrainLoop, TinyConfigTrainsTheResidualFamilyToo) {
  TrainConfig config = loadTrainConfig(kTinyConfig);
  config.network = defaultNetworkConfig(Architecture::Resnet);
  config.network.blocks = 1;
  config.network.channels = 8;
  config.network.policyChannels = 4;
  config.network.valueChannels = 4;
  config.network.valueHidden = 8;
  const fs::path file = dir_ / "resnet.toml";
  std::ofstream(file) << toToml(config);
  const std::atomic<bool> never{false};
  const std::string log = train(file, never);
  expectCompleteRun();
  EXPECT_NE(log.find("network 1x8"), std::string::npos) << log;
  EXPECT_EQ(readCheckpointHeader(dir_ / "run" / "latest.ckpt").config, config.network);
}

TEST_F(TrainLoop, G2_TinyConfigLearnsGrandCamelot) {
  TrainConfig config = loadTrainConfig(kTinyConfig);
  config.network.variant = Variant::Grand;
  config.selfplay.scatteredStartFraction = 0.0;
  config.evaluation.baselines = {"random", "greedy"};
  const fs::path file = dir_ / "grand.toml";
  std::ofstream(file) << toToml(config);
  const std::atomic<bool> never{false};
  const std::string log = train(file, never);
  expectCompleteRun();
  EXPECT_NE(log.find("network mlp 16-8-8 (moves 8, Grand Camelot)"), std::string::npos) << log;
  EXPECT_EQ(readCheckpointHeader(dir_ / "run" / "latest.ckpt").config.variant, Variant::Grand);
  // Its chunks hold Grand Camelot samples; its games and results are Grand Camelot's.
  for (const auto& e : fs::directory_iterator(dir_ / "run" / "chunks"))
    for (const GrandTrainingSample& s : readChunk<GrandRules>(e.path()))
      EXPECT_FALSE(grand::legalMoves(s.position).empty());
  std::ifstream games(dir_ / "run" / "games" / "gen-000001.jsonl");
  std::string line;
  ASSERT_TRUE(std::getline(games, line));
  EXPECT_NE(line.find("\"variant\":\"grand\""), std::string::npos) << line;
  std::ifstream results(dir_ / "run" / "results.csv");
  std::getline(results, line);
  ASSERT_TRUE(std::getline(results, line));
  EXPECT_TRUE(line.starts_with("gen-1,random,")) << line;
  // white,black,result,reason,plies,start: the start is a GFEN.
  std::string start = line;
  for (int field = 0; field < 5; ++field)
    start = start.substr(start.find(',') + 1);
  EXPECT_NO_THROW(grand::parseGfen(start.substr(0, start.find(',')))) << line;
}

TEST_F(TrainLoop, RunDirectoryOfAnotherConfigIsRefused) {
  const std::atomic<bool> never{false};
  train(kTinyConfig, never);
  TrainConfig changed = loadTrainConfig(kTinyConfig);
  changed.selfplay.simulations = 6;
  const fs::path other = dir_ / "other.toml";
  std::ofstream(other) << toToml(changed);
  try {
    train(other, never);
    FAIL() << "a different config was accepted";
  } catch (const std::runtime_error& e) {
    const std::string run = (dir_ / "run").string();
    EXPECT_EQ(std::string(e.what()),
              run +
                  ": was started with a different config (the run's value first: "
                  "selfplay.simulations: 8 against 6); resume it with 'camelot train --run-dir " +
                  run + "' (its own config), or give " + other.string() + " another --run-dir");
  }
  expectCompleteRun();  // nothing touched
}

// Without a config, a run goes on with the one it keeps (a length given with --hours kept in
// it too); a new run without one takes configs/default.toml.
TEST_F(TrainLoop, ARunDirectoryAloneResumesWithItsOwnConfig) {
  TrainConfig config = loadTrainConfig(kTinyConfig);
  config.run.generations = 1;
  const fs::path file = dir_ / "mine.toml";
  std::ofstream(file) << toToml(config);
  const std::atomic<bool> never{false};
  train(file, never);
  fs::remove(file);
  std::ostringstream log, progress;
  runTraining({{}, dir_ / "run", 1e-6, false, {}}, log, progress, never);
  const std::string stored = (dir_ / "run" / "config.toml").string();
  EXPECT_NE(log.str().find("resuming " + (dir_ / "run").string() + " with " + stored),
            std::string::npos)
      << log.str();
  EXPECT_NE(log.str().find("the run's length is now 0.00 hours, 1 generation (it was no hour "
                           "limit, 1 generation)"),
            std::string::npos)
      << log.str();
  EXPECT_EQ(loadTrainConfig(stored).run.hours, 1e-6);
  config.run.hours = 1e-6;
  EXPECT_EQ(loadTrainConfig(stored), config);
  EXPECT_EQ(countChunks(1), 8);
  EXPECT_EQ(countChunks(2), 0);
}

// What cannot work on this machine is refused before anything is made, and a start that fails
// later (here a missing --init checkpoint) leaves nothing behind: the corrected command then
// starts a new run.
TEST_F(TrainLoop, AFailedStartLeavesNoRunBehind) {
  TrainConfig config = loadTrainConfig(kTinyConfig);
  config.training.device = "cuda:99";
  const fs::path file = dir_ / "gpu.toml";
  std::ofstream(file) << toToml(config);
  const std::atomic<bool> never{false};
  try {
    train(file, never);
    FAIL() << "a device this machine lacks was accepted";
  } catch (const ConfigError& e) {
    EXPECT_EQ(std::string(e.what()).find(file.string() + ": training.device: \"cuda:99\" cannot "
                                                         "be used on this machine ("),
              0u)
        << e.what();
  }
  EXPECT_FALSE(fs::exists(dir_ / "run"));

  // A batch whose training step needs more memory than any machine here has (~390 GB).
  TrainConfig huge = loadTrainConfig(kTinyConfig);
  huge.network = defaultNetworkConfig(Architecture::Resnet);
  huge.training.batchSize = 65536;
  huge.buffer.window = 65536;
  const fs::path hugeFile = dir_ / "huge.toml";
  std::ofstream(hugeFile) << toToml(huge);
  try {
    train(hugeFile, never);
    FAIL() << "a batch no machine here can hold was accepted";
  } catch (const ConfigError& e) {
    EXPECT_EQ(std::string(e.what()).find(hugeFile.string() +
                                         ": training.batch_size: 65536 positions a step need "
                                         "about "),
              0u)
        << e.what();
    EXPECT_NE(std::string(e.what()).find(" this machine has free; about "), std::string::npos);
  }
  EXPECT_FALSE(fs::exists(dir_ / "run"));

  // An outside engine among the baselines that is no engine (here a missing program).
  TrainConfig engine = loadTrainConfig(kTinyConfig);
  engine.evaluation.baselines = {"random", "engine:./nosuch-engine"};
  const fs::path engineFile = dir_ / "engine.toml";
  std::ofstream(engineFile) << toToml(engine);
  try {
    train(engineFile, never);
    FAIL() << "a baseline engine that does not start was accepted";
  } catch (const ConfigError& e) {
    EXPECT_EQ(std::string(e.what()), engineFile.string() +
                                         ": evaluation.baselines: engine './nosuch-engine' did "
                                         "not start: ended (exit status 127)");
  }
  EXPECT_FALSE(fs::exists(dir_ / "run"));

  fs::create_directories(dir_ / "run");  // an empty directory given stays, empty
  std::ostringstream log, progress;
  EXPECT_THROW(runTraining({kTinyConfig, dir_ / "run", std::nullopt, false, dir_ / "nosuch.ckpt"},
                           log, progress, never),
               std::runtime_error);
  EXPECT_TRUE(fs::is_empty(dir_ / "run"));

  train(kTinyConfig, never);
  expectCompleteRun();
}

TEST_F(TrainLoop, ARunDirectoryThatIsAFileOrHoldsOtherFilesIsRefused) {
  const std::atomic<bool> never{false};
  const fs::path run = dir_ / "run";
  std::ofstream(run) << "notes\n";
  try {
    train(kTinyConfig, never);
    FAIL() << "a file was taken for a run directory";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()),
              run.string() + ": is a file, not a run directory; choose another --run-dir");
  }
  fs::remove(run);
  fs::create_directories(run);
  std::ofstream(run / "notes.txt") << "notes\n";
  try {
    train(kTinyConfig, never);
    FAIL() << "a directory of other files was taken for a run directory";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()), run.string() +
                                         ": not a run directory (it holds notes.txt and no "
                                         "config.toml); choose a new or empty --run-dir");
  }
  std::vector<fs::path> left;
  for (const auto& entry : fs::directory_iterator(run))
    left.push_back(entry.path().filename());
  EXPECT_EQ(left, std::vector<fs::path>{"notes.txt"});
}

// Two processes on one run directory would write the same game ids and files: the second is
// refused at once, naming the holder, and the run is untouched.
TEST_F(TrainLoop, ASecondProcessOnTheRunDirectoryIsRefused) {
  const std::atomic<bool> never{false};
  train(kTinyConfig, never);
  const DirectoryLock holder(dir_ / "run");
  try {
    train(kTinyConfig, never);
    FAIL() << "a held run directory was used";
  } catch (const DirectoryInUse& e) {
    EXPECT_EQ(std::string(e.what()), (dir_ / "run").string() + ": in use by process " +
                                         std::to_string(::getpid()) +
                                         " (another camelot writes it; wait for it to end or "
                                         "stop it)");
  }
  expectCompleteRun();
}

TEST_F(TrainLoop, InitStartsANewRunFromACheckpointOfTheSameNetwork) {
  const std::atomic<bool> never{false};
  train(kTinyConfig, never);
  const fs::path from = dir_ / "run" / "latest.ckpt";
  std::ostringstream log, progress;
  TrainRunOptions options{kTinyConfig, dir_ / "second", std::nullopt, false, from};
  runTraining(options, log, progress, never);
  EXPECT_NE(log.str().find("generation 0 from " + from.string() + " (its generation 2)"),
            std::string::npos)
      << log.str();
  const CheckpointContents start =
      readCheckpoint(dir_ / "second" / "checkpoints" / "gen-000000.ckpt");
  EXPECT_EQ(start.header.generation, 0);
  EXPECT_EQ(start.header.trainingStep, 0);
  const CheckpointContents original = readCheckpoint(from);
  ASSERT_EQ(start.tensors.size(), original.tensors.size());
  for (std::size_t i = 0; i < start.tensors.size(); ++i)
    EXPECT_EQ(start.tensors[i].data, original.tensors[i].data) << start.tensors[i].name;
  EXPECT_EQ(readCheckpointHeader(dir_ / "second" / "latest.ckpt").generation, 2);

  // Another network than the config's: one line naming both, and no run started.
  TrainConfig wider = loadTrainConfig(kTinyConfig);
  wider.network.hidden *= 2;
  const fs::path file = dir_ / "wider.toml";
  std::ofstream(file) << toToml(wider);
  try {
    runTraining({file, dir_ / "third", std::nullopt, false, from}, log, progress, never);
    FAIL() << "a checkpoint of another network was accepted";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()), from.string() + ": --init needs a network of the config's " +
                                         describe(wider.network) + ", not " +
                                         describe(loadTrainConfig(kTinyConfig).network));
  }
  EXPECT_FALSE(fs::exists(dir_ / "third" / "latest.ckpt"));
}

TEST_F(TrainLoop, MatchesArePlayedEveryNthGenerationOnly) {
  TrainConfig config = loadTrainConfig(kTinyConfig);
  config.evaluation.every = 2;
  const fs::path file = dir_ / "every2.toml";
  std::ofstream(file) << toToml(config);
  const std::atomic<bool> never{false};
  const std::string log = train(file, never);
  EXPECT_EQ(log.find("generation 1: scores"), std::string::npos) << log;
  EXPECT_NE(log.find("generation 2: scores"), std::string::npos) << log;
  const std::vector<std::string> scores = metricsColumn("score_random");
  ASSERT_EQ(scores.size(), 2u);
  EXPECT_EQ(scores[0], "");  // generation 1: no matches
  EXPECT_NE(scores[1], "");
}

// schedule_steps = 0: the cosine spans the run, by the share of its generations (or hours)
// done when a generation trains; a run with no length is refused before anything is written.
TEST_F(TrainLoop, CosineOverTheRunFollowsTheShareOfTheRunDone) {
  TrainConfig config = loadTrainConfig(kTinyConfig);
  config.training.schedule = "cosine";
  config.training.scheduleSteps = 0;
  config.training.learningRate = 2e-3;
  config.training.finalLearningRate = 1e-4;
  const fs::path file = dir_ / "cosine.toml";
  std::ofstream(file) << toToml(config);
  const std::atomic<bool> never{false};
  train(file, never);
  // Generation 1 trains at 0% of the run, generation 2 at 50%: the cosine's middle.
  EXPECT_EQ(metricsColumn("learning_rate"), (std::vector<std::string>{"0.002000", "0.001050"}));

  config.run.generations = 0;
  const fs::path endless = dir_ / "endless.toml";
  std::ofstream(endless) << toToml(config);
  std::ostringstream log, progress;
  try {
    runTraining({endless, dir_ / "endless", std::nullopt, false, {}}, log, progress, never);
    FAIL() << "a schedule over a run without a length was accepted";
  } catch (const ConfigError& e) {
    EXPECT_EQ(std::string(e.what()),
              endless.string() +
                  ": training.schedule_steps: 0 (over the run's length) needs a length: "
                  "run.hours, run.generations or --hours");
  }
  EXPECT_FALSE(fs::exists(dir_ / "endless"));
}

TEST_F(TrainLoop, CorruptChunkIsSkippedWithItsName) {
  const std::atomic<bool> never{false};
  train(kTinyConfig, never);
  const fs::path chunk = dir_ / "run" / "chunks" / "chunk-000001-000003.chunk";
  fs::resize_file(chunk, fs::file_size(chunk) / 2);
  const std::string log = train(kTinyConfig, never);
  EXPECT_NE(log.find("skipped chunk-000001-000003.chunk"), std::string::npos) << log;
}

}  // namespace
}  // namespace camelot
