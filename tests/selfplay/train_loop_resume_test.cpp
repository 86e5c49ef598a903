// The training loop stopped and started again: interrupted in process, killed with kill -9, cut
// short in its training phase, and made longer. Nothing is lost or repeated, and a resumed run
// ends as the same run uninterrupted.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <thread>

#include "tests/selfplay/train_loop_fixture.hpp"
#include "training/run/metrics_file.hpp"
#include "training/run/train_config.hpp"

namespace camelot {
namespace {

TEST_F(TrainLoop, InterruptedRunResumesWithoutLosingOrRepeatingWork) {
  std::atomic<bool> interrupted{false};
  // Interrupt as soon as the second generation's first game is saved.
  std::thread watcher([&] {
    while (!interrupted) {
      if (fs::exists(dir_ / "run" / "chunks") && countChunks(2) > 0) interrupted = true;
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
  });
  const std::string first = train(kTinyConfig, interrupted);
  interrupted = true;
  watcher.join();
  EXPECT_NE(first.find("interrupted"), std::string::npos) << first;
  const int before = countChunks(2);
  EXPECT_GE(before, 1);
  EXPECT_LT(before, 8);
  const auto firstCheckpoint = fs::file_size(dir_ / "run" / "checkpoints" / "gen-000001.ckpt");

  const std::atomic<bool> never{false};
  const std::string second = train(kTinyConfig, never);
  EXPECT_NE(second.find("resuming"), std::string::npos);
  char resumed[64];
  std::snprintf(resumed, sizeof resumed, "(%d already played)", before);
  EXPECT_NE(second.find(resumed), std::string::npos) << second;
  expectCompleteRun();
  EXPECT_EQ(fs::file_size(dir_ / "run" / "checkpoints" / "gen-000001.ckpt"), firstCheckpoint);
}

TEST_F(TrainLoop, KilledProcessResumes) {
  // kill -9 in the middle of the run, then the same command again.
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    const std::atomic<bool> never{false};
    std::ostringstream sink;
    try {
      runTraining({kTinyConfig, dir_ / "run", std::nullopt, false, {}}, sink, sink, never);
    } catch (...) {
    }
    _exit(0);
  }
  while (!(fs::exists(dir_ / "run" / "chunks") && countChunks(1) >= 3))
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  kill(child, SIGKILL);
  int status = 0;
  waitpid(child, &status, 0);
  const std::atomic<bool> never{false};
  train(kTinyConfig, never);
  expectCompleteRun();
}

// A generation whose self-play one session did and whose training the next: its metrics row
// holds both sessions' work and the run's time counts both.
TEST_F(TrainLoop, AnInterruptedGenerationsMetricsRowHoldsEverySessionsWork) {
  const std::string first = trainUntil("generation 2: training", false);
  ASSERT_NE(first.find("interrupted"), std::string::npos) << first;
  ASSERT_EQ(metricsLines().size(), 2u);  // generation 2 has no row yet
  const MetricsFile pending(dir_ / "run" / "metrics-pending.csv");
  ASSERT_EQ(pending.rows().size(), 1u);
  MetricsFile::Row saved = pending.rows()[0];
  EXPECT_EQ(saved["generation"], "2");
  const double evaluations = std::stod(saved["selfplay_evaluations"]);
  EXPECT_GT(evaluations, 0.0);
  const double elapsedAtInterruption = std::stod(saved["elapsed_seconds"]);
  EXPECT_GE(elapsedAtInterruption, std::stod(metricsColumn("elapsed_seconds")[0]));

  const std::atomic<bool> never{false};
  const std::string second = train(kTinyConfig, never);
  EXPECT_EQ(second.find("generation 2: self-play"), std::string::npos) << second;
  expectCompleteRun();
  ASSERT_EQ(metricsColumn("generation").size(), 2u);
  EXPECT_EQ(std::stod(metricsColumn("selfplay_evaluations")[1]), evaluations);
  EXPECT_GT(std::stod(metricsColumn("positions_per_second")[1]), 0.0);
  EXPECT_GE(std::stod(metricsColumn("elapsed_seconds")[1]), elapsedAtInterruption);
  EXPECT_FALSE(fs::exists(dir_ / "run" / "metrics-pending.csv"));
}

// A training phase cut short part-way resumes from its partial checkpoint and ends with the
// network the same run trains uninterrupted, bit for bit: each step draws its batch from a seed
// of its own (an MPI run killed during its training phase resumed with other batches once).
TEST_F(TrainLoop, ATrainingPhaseCutShortPartWayEndsWithTheUninterruptedNetwork) {
  const std::string first = trainUntil("generation 2 training: step 3/", true);
  ASSERT_TRUE(fs::exists(dir_ / "run" / "partial.ckpt")) << first;
  const std::atomic<bool> never{false};
  const std::string resumed = train(kTinyConfig, never);
  EXPECT_NE(resumed.find("(3 done before)"), std::string::npos) << resumed;
  expectCompleteRun();

  std::ostringstream wholeLog, wholeProgress;
  runTraining({kTinyConfig, dir_ / "whole", std::nullopt, false, {}}, wholeLog, wholeProgress,
              never);
  const fs::path last = fs::path("checkpoints") / "gen-000002.ckpt";
  EXPECT_EQ(readCheckpointHeader(dir_ / "run" / last).weightsChecksum,
            readCheckpointHeader(dir_ / "whole" / last).weightsChecksum);
  EXPECT_TRUE(testing_support::readText(dir_ / "run" / last) ==
              testing_support::readText(dir_ / "whole" / last));  // no byte dump
}

TEST_F(TrainLoop, ALongerRunOfTheSameConfigGoesOnAndItsHoursCountEverySession) {
  const std::atomic<bool> never{false};
  train(kTinyConfig, never);
  // The two generations took more than a millisecond: a run of that length is done at once.
  std::ostringstream log, progress;
  runTraining({kTinyConfig, dir_ / "run", 1e-6, false, {}}, log, progress, never);
  EXPECT_NE(log.str().find("done: the run has had its 0.00 hours"), std::string::npos) << log.str();
  expectCompleteRun();

  // Three generations instead of two: not a different config, the run trains one more.
  TrainConfig longer = loadTrainConfig(kTinyConfig);
  longer.run.generations = 3;
  const fs::path file = dir_ / "longer.toml";
  std::ofstream(file) << toToml(longer);
  const std::string resumed = train(file, never);
  EXPECT_NE(resumed.find("resuming"), std::string::npos) << resumed;
  EXPECT_NE(resumed.find("the run's length is now no hour limit, 3 generations (it was 0.00 "
                         "hours, 2 generations)"),
            std::string::npos)
      << resumed;
  EXPECT_EQ(countChunks(3), 8);
  EXPECT_EQ(readCheckpointHeader(dir_ / "run" / "latest.ckpt").generation, 3);
  EXPECT_EQ(loadTrainConfig(dir_ / "run" / "config.toml").run.generations, 3);
}

}  // namespace
}  // namespace camelot
