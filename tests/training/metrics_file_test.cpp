// metrics.csv: the standard columns lead, a new column widens the header of every row, and a
// reopened file knows its generations and the run's elapsed time; a damaged row is an error
// naming the file and the line.

#include "training/run/metrics_file.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

#include "tests/scratch_dir.hpp"

namespace camelot {
namespace {

namespace fs = std::filesystem;

std::string contents(const fs::path& file) {
  std::ifstream in(file);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(MetricsFile, GrowsItsHeaderAndReopens) {
  const testing_support::ScratchDir dir;
  const fs::path file = dir / "metrics.csv";
  {
    MetricsFile metrics(file);
    EXPECT_FALSE(metrics.has(1));
    EXPECT_EQ(metrics.elapsedSeconds(), 0.0);
    metrics.append({{"generation", "1"}, {"elapsed_seconds", "10.5"}, {"value_loss", "0.9"}});
    metrics.append({{"generation", "2"}, {"elapsed_seconds", "21.0"}, {"score_random", "0.750"}});
  }
  const std::string standard =
      "generation,elapsed_seconds,games,positions,positions_per_second,selfplay_seconds,"
      "training_steps,training_seconds,policy_loss,value_loss,moves_left_loss,policy_entropy,"
      "learning_rate,evaluation_seconds";
  EXPECT_EQ(contents(file), standard + ",score_random\n" + "1,10.5,,,,,,,,0.9,,,,,\n" +
                                "2,21.0,,,,,,,,,,,,,0.750\n");
  MetricsFile reopened(file);
  EXPECT_TRUE(reopened.has(1));
  EXPECT_TRUE(reopened.has(2));
  EXPECT_FALSE(reopened.has(3));
  EXPECT_EQ(reopened.elapsedSeconds(), 21.0);
  reopened.append({{"generation", "3"}, {"rating", "12.0"}});
  EXPECT_EQ(contents(file), standard + ",score_random,rating\n" + "1,10.5,,,,,,,,0.9,,,,,,\n" +
                                "2,21.0,,,,,,,,,,,,,0.750,\n" + "3,,,,,,,,,,,,,,,12.0\n");
  EXPECT_TRUE(reopened.has(3));
  EXPECT_EQ(reopened.elapsedSeconds(), 21.0);
}

TEST(MetricsFile, ADamagedRowIsNamedByFileAndLine) {
  const testing_support::ScratchDir dir;
  const fs::path file = dir / "metrics.csv";
  for (const std::string row : {"2,\"21.0", "x,21.0", "2,soon"}) {
    std::ofstream(file) << "generation,elapsed_seconds\n1,10.5\n" << row << "\n";
    try {
      MetricsFile metrics(file);
      ADD_FAILURE() << row << " was accepted";
    } catch (const std::runtime_error& e) {
      EXPECT_EQ(std::string(e.what()).rfind(file.string() + ": line 3 is not a metrics row", 0), 0u)
          << e.what();
    }
  }
}

}  // namespace
}  // namespace camelot
