// openingTrend: a run's first and second moves per bin of generations, from its games that
// start at the start position only, with bad lines reported and skipped.
#include "openings/opening_trend.hpp"

#include <gtest/gtest.h>

#include <fstream>

#include "engine/cfen.hpp"
#include "openings/game_source.hpp"
#include "tests/scratch_dir.hpp"

namespace camelot {
namespace {

namespace fs = std::filesystem;

std::string record(const std::string& start, const std::string& moves) {
  return R"({"start":")" + start + R"(","moves":[)" + moves + R"(],"result":"draw"})" + "\n";
}

TEST(OpeningTrend, CountsTheFirstTwoMovesOfGamesFromTheStartPerBin) {
  const testing_support::ScratchDir dir;
  fs::create_directories(dir / "run" / "games");
  const std::string start = toCfen(Position::start());
  const std::string scattered = "M1/4M3/10/12/12/12/12/12/12/12/12/m11/12/10/8/2 w 0 0 0";
  std::ofstream(dir / "run" / "games" / "gen-000001.jsonl")
      << record(start, R"("D6-F8","D11-F9","E6-E7")") << record(start, R"("D6-F8","I11-G9")")
      << record(scattered, R"("G15-G16")");
  std::ofstream(dir / "run" / "games" / "gen-000002.jsonl")
      << record(start, R"("I6-G8")") << record(start, R"("D6-F9")") << "{broken\n";
  std::ofstream(dir / "run" / "games" / "gen-000003.jsonl") << record(start, R"("J6-H8","J11-H9")");

  std::vector<std::string> bad;
  const std::vector<TrendBin> bins =
      openingTrend(dir / "run", 2, [&](const std::string& line) { bad.push_back(line); });
  ASSERT_EQ(bins.size(), 2u);
  EXPECT_EQ(bins[0].firstGeneration, 1);
  EXPECT_EQ(bins[0].lastGeneration, 2);
  EXPECT_EQ(bins[0].games, 3);  // the scattered start and the two bad lines do not count
  EXPECT_EQ(bins[0].plies[0], (std::map<std::string, int>{{"D6-F8", 2}, {"I6-G8", 1}}));
  EXPECT_EQ(bins[0].plies[1], (std::map<std::string, int>{{"D11-F9", 1}, {"I11-G9", 1}}));
  EXPECT_EQ(bins[1].firstGeneration, 3);
  EXPECT_EQ(bins[1].lastGeneration, 3);
  EXPECT_EQ(bins[1].games, 1);
  EXPECT_EQ(bins[1].plies[1], (std::map<std::string, int>{{"J11-H9", 1}}));
  ASSERT_EQ(bad.size(), 2u);
  const std::string second = (dir / "run" / "games" / "gen-000002.jsonl").string();
  EXPECT_TRUE(bad[0].starts_with(second + ":2: illegal move 'D6-F9'")) << bad[0];
  EXPECT_TRUE(bad[1].starts_with(second + ":3: not a JSON object (")) << bad[1];

  EXPECT_THROW(openingTrend(dir, 1, [](const std::string&) {}), GameSourceError);
}

// A Grand Camelot run is said to be one, not tabulated as "0 games".
TEST(OpeningTrend, AGrandCamelotRunIsOneClearError) {
  const testing_support::ScratchDir dir;
  fs::create_directories(dir / "run" / "games");
  const fs::path file = dir / "run" / "games" / "gen-000001.jsonl";
  std::ofstream(file) << R"({"variant":"grand","rb":"a","gy":"b","moves":[],"result":"draw"})"
                      << '\n';
  try {
    openingTrend(dir / "run", 1, [](const std::string&) {});
    ADD_FAILURE() << "a Grand run was tabulated";
  } catch (const GameSourceError& e) {
    EXPECT_EQ(std::string(e.what()), file.string() +
                                         ":1: a game of the variant 'grand'; openings trend "
                                         "reads the standard game only");
  }
}

}  // namespace
}  // namespace camelot
