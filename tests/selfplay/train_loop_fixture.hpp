#pragma once
// The training loop's test fixture on configs/tiny.toml: a scratch run directory, the loop run
// in process (to its end or until a line it writes), and what a finished run must hold.

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "nn/checkpoint.hpp"
#include "tests/scratch_dir.hpp"
#include "training/run/train_loop.hpp"

namespace camelot {

namespace fs = std::filesystem;

// A stream buffer that sets `flag` when a line it is sent holds `text`.
class InterruptOn : public std::stringbuf {
 public:
  InterruptOn(std::string text, std::atomic<bool>& flag) : text_(std::move(text)), flag_(flag) {}
  int sync() override {
    if (str().find(text_) != std::string::npos) flag_ = true;
    return 0;
  }

 private:
  std::string text_;
  std::atomic<bool>& flag_;
};

inline const fs::path kTinyConfig = fs::path(CAMELOT_CONFIG_DIR) / "tiny.toml";

class TrainLoop : public ::testing::Test {
 protected:
  // Runs the loop in process; returns its log.
  std::string train(const fs::path& config, const std::atomic<bool>& interrupted) {
    std::ostringstream log, progress;
    runTraining({config, dir_ / "run", std::nullopt, false, {}}, log, progress, interrupted);
    return log.str();
  }

  // Runs the loop until a line of its log (or, with `watchProgress`, of its live progress)
  // holds `text`, which interrupts it; returns the log.
  std::string trainUntil(const std::string& text, bool watchProgress) {
    std::atomic<bool> interrupted{false};
    InterruptOn watched(text, interrupted);
    std::ostream watchedStream(&watched);
    std::ostringstream other;
    std::ostream& log = watchProgress ? static_cast<std::ostream&>(other) : watchedStream;
    std::ostream& progress = watchProgress ? watchedStream : static_cast<std::ostream&>(other);
    runTraining({kTinyConfig, dir_ / "run", std::nullopt, watchProgress, {}}, log, progress,
                interrupted);
    return watchProgress ? other.str() : watched.str();
  }

  int countChunks(int generation) const {
    int n = 0;
    char prefix[32];
    std::snprintf(prefix, sizeof prefix, "chunk-%06d-", generation);
    for (const auto& e : fs::directory_iterator(dir_ / "run" / "chunks"))
      n += e.path().filename().string().starts_with(prefix) ? 1 : 0;
    return n;
  }

  std::vector<std::string> metricsLines() const {
    std::ifstream in(dir_ / "run" / "metrics.csv");
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);)
      lines.push_back(line);
    return lines;
  }

  // One column of metrics.csv, a cell per generation.
  std::vector<std::string> metricsColumn(const std::string& name) const {
    std::vector<std::vector<std::string>> rows;
    for (const std::string& line : metricsLines()) {
      std::istringstream in(line + ",");
      rows.emplace_back();
      for (std::string cell; std::getline(in, cell, ',');)
        rows.back().push_back(cell);
    }
    EXPECT_FALSE(rows.empty());
    const auto column = static_cast<std::size_t>(
        std::find(rows.front().begin(), rows.front().end(), name) - rows.front().begin());
    EXPECT_LT(column, rows.front().size()) << name;
    std::vector<std::string> cells;
    for (std::size_t r = 1; r < rows.size(); ++r)
      cells.push_back(column < rows[r].size() ? rows[r][column] : "?");
    return cells;
  }

  // Checks a finished two-generation tiny run: everything recorded once.
  void expectCompleteRun() const {
    EXPECT_EQ(countChunks(1), 8);
    EXPECT_EQ(countChunks(2), 8);
    EXPECT_EQ(countChunks(3), 0);
    const auto lines = metricsLines();
    ASSERT_EQ(lines.size(), 3u);  // header and two generations
    EXPECT_TRUE(lines[1].starts_with("1,"));
    EXPECT_TRUE(lines[2].starts_with("2,"));
    for (int g = 0; g <= 2; ++g)
      EXPECT_TRUE(
          fs::exists(dir_ / "run" / "checkpoints" / ("gen-00000" + std::to_string(g) + ".ckpt")));
    EXPECT_EQ(readCheckpointHeader(dir_ / "run" / "latest.ckpt").generation, 2);
    for (const auto& e : fs::recursive_directory_iterator(dir_ / "run"))
      EXPECT_EQ(e.path().string().find(".tmp-"), std::string::npos) << e.path();
  }

  testing_support::ScratchDir dir_;
};

}  // namespace camelot
