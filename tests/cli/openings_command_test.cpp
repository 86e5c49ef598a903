// `camelot openings import`: its summary and rate, bad lines on stderr, a second import that adds
// nothing, the tree's plies fixed at creation, and one clear error line for a bad source.
#include <gtest/gtest.h>

#include <fstream>

#include "tests/cli/cli_runner.hpp"
#include "tests/scratch_dir.hpp"

namespace camelot::cli {
namespace {

TEST(OpeningsCommand, ImportsReportsAndRefusesWhatItCannotUse) {
  const testing_support::ScratchDir dir;
  const std::string games = (dir / "games.txt").string();
  std::ofstream(games) << "D7-D8 I10-I9 1-0\nD7-D8 D7-D9 0-1\nE7-E8 *\n";
  const std::string db = (dir / "games.db").string();

  const CliResult first = runCamelot({"openings", "import", db, games, "--plies", "10"});
  ASSERT_EQ(first.status, 0) << first.err;
  EXPECT_NE(first.out.find("imported 2 games (0 already in the database, 1 bad lines skipped) "
                           "into " + db + ": 2 games in all\n"),
            std::string::npos)
      << first.out;
  EXPECT_NE(first.out.find("openings import: "), std::string::npos);
  EXPECT_NE(first.err.find("openings import: skipped " + games + ":2: move 2 'D7-D9': "),
            std::string::npos)
      << first.err;

  const CliResult again = runCamelot({"openings", "import", db, games});
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_NE(again.out.find("imported 0 games (2 already in the database, 1 bad lines skipped)"),
            std::string::npos)
      << again.out;

  const CliResult otherPlies = runCamelot({"openings", "import", db, games, "--plies", "20"});
  EXPECT_EQ(otherPlies.status, 1);
  EXPECT_EQ(otherPlies.err, "camelot openings: " + db +
                                ": counts the first 10 plies of each game; it cannot count 20 "
                                "(a new database can)\n");

  const CliResult missing = runCamelot({"openings", "import", db, (dir / "none.txt").string()});
  EXPECT_EQ(missing.status, 1);
  EXPECT_EQ(missing.err, "camelot openings: " + (dir / "none.txt").string() + ": no such file\n");

  const CliResult noSource = runCamelot({"openings", "import", db});
  EXPECT_EQ(noSource.status, 2);
}

}  // namespace
}  // namespace camelot::cli
