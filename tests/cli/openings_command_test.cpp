// `camelot openings import`: its summary and rate, bad lines on stderr, a second import that adds
// nothing, the tree's plies fixed at creation, and one clear error line for a bad source.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <thread>

#include "tests/cli/cli_runner.hpp"
#include "tests/scratch_dir.hpp"

namespace camelot::cli {
namespace {

namespace fs = std::filesystem;

TEST(OpeningsCommand, ImportsReportsAndRefusesWhatItCannotUse) {
  const testing_support::ScratchDir dir;
  const std::string games = (dir / "games.txt").string();
  std::ofstream(games) << "D7-D8 I10-I9 1-0\nD7-D8 D7-D9 0-1\nE7-E8 *\n";
  const std::string db = (dir / "games.db").string();

  const CliResult first = runCamelot({"openings", "import", db, games, "--plies", "10"});
  ASSERT_EQ(first.status, 0) << first.err;
  EXPECT_NE(first.out.find("imported 2 games (0 already in the database, 1 bad lines skipped) "
                           "into " +
                           db + ": 2 games in all\n"),
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
  EXPECT_EQ(otherPlies.err, "camelot openings import: " + db +
                                ": counts the first 10 plies of each game; it cannot count 20 "
                                "(a new database can)\n");

  const CliResult missing = runCamelot({"openings", "import", db, (dir / "none.txt").string()});
  EXPECT_EQ(missing.status, 1);
  EXPECT_EQ(missing.err,
            "camelot openings import: " + (dir / "none.txt").string() + ": no such file\n");

  const CliResult noSource = runCamelot({"openings", "import", db});
  EXPECT_EQ(noSource.status, 2);
}

// Ctrl-C or SIGTERM stops an import between games with the status of a stopped program
// (128 + the signal), as every long command does, and keeps what it read.
TEST(OpeningsCommand, AnInterruptedImportKeepsItsGamesAndSaysItStopped) {
  const testing_support::ScratchDir dir;
  const fs::path games = dir / "games.txt";
  {
    std::ofstream text(games);
    text << "D7-D8 I10-I9 1-0\n";
    for (int i = 0; i < 2'000'000; ++i)
      text << "E7-E8 *\n";  // one game, then the same again: long to read, quick to write
  }
  const fs::path db = dir / "games.db";
  const fs::path log = dir / "err.txt";
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    if (freopen(log.c_str(), "w", stderr) == nullptr) _exit(126);
    if (freopen("/dev/null", "w", stdout) == nullptr) _exit(126);
    execl(CAMELOT_BINARY, CAMELOT_BINARY, "openings", "import", db.c_str(), games.c_str(),
          static_cast<char*>(nullptr));
    _exit(127);
  }
  const auto begin = std::chrono::steady_clock::now();
  while (!fs::exists(db) && std::chrono::steady_clock::now() - begin < std::chrono::seconds(60))
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  kill(child, SIGINT);
  int status = 0;
  waitpid(child, &status, 0);
  ASSERT_TRUE(WIFEXITED(status)) << "killed by the signal instead of stopping";
  EXPECT_EQ(WEXITSTATUS(status), 128 + SIGINT);
  std::ifstream err(log);
  const std::string said((std::istreambuf_iterator<char>(err)), {});
  EXPECT_NE(said.find("camelot openings import: interrupted; the games read so far are kept\n"),
            std::string::npos)
      << said;
  const CliResult show = runCamelot({"openings", "show", db.string()});
  ASSERT_EQ(show.status, 0) << show.err;
  EXPECT_NE(show.out.find("2 games"), std::string::npos) << show.out;
}

// A database counting 10,000 plies a game imports within 1 GB of address space: its batches
// are sized by what the games hold, not by the setting (20,000 games x 10,000 plies once were
// reserved up front, 4.8 GB).
TEST(OpeningsCommand, ManyTreePliesCostNoMoreMemoryThanTheGamesHold) {
  const testing_support::ScratchDir dir;
  const fs::path games = dir / "games.txt";
  std::ofstream(games) << "D7-D8 I10-I9 1-0\nE7-E8 *\n";
  const fs::path db = dir / "games.db";
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    const rlimit memory{1L << 30, 1L << 30};
    if (setrlimit(RLIMIT_AS, &memory) != 0) _exit(125);
    if (freopen("/dev/null", "w", stdout) == nullptr) _exit(126);
    execl(CAMELOT_BINARY, CAMELOT_BINARY, "openings", "import", db.c_str(), games.c_str(),
          "--plies", "10000", static_cast<char*>(nullptr));
    _exit(127);
  }
  int status = 0;
  waitpid(child, &status, 0);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
  const CliResult again = runCamelot({"openings", "import", db.string(), games.string()});
  EXPECT_EQ(again.status, 0) << again.err;  // the database stays usable
}

TEST(OpeningsCommand, ShowsAPositionsMovesWithTheirResultsAndContinuations) {
  const testing_support::ScratchDir dir;
  const std::string games = (dir / "games.txt").string();
  // Two move orders to one position, then two different replies.
  std::ofstream(games) << "D7-D8 I10-I9 E7-E8 H10-H9 1-0\n"
                          "E7-E8 I10-I9 D7-D8 H10-H9 0-1\n"
                          "E7-E8 I10-I9 D7-D8 D10-D9 1/2-1/2\n";
  const std::string db = (dir / "games.db").string();
  ASSERT_EQ(runCamelot({"openings", "import", db, games}).status, 0);

  const CliResult start = runCamelot({"openings", "show", db, "--json", "--continuation", "2"});
  ASSERT_EQ(start.status, 0) << start.err;
  const nlohmann::json json = nlohmann::json::parse(start.out);
  EXPECT_EQ(json["side_to_move"], "white");
  EXPECT_EQ(json["games"], 3);
  ASSERT_EQ(json["moves"].size(), 2u);
  EXPECT_EQ(json["moves"][0]["move"], "E7-E8");
  EXPECT_EQ(json["moves"][0]["games"], 2);
  EXPECT_EQ(json["moves"][0]["black_wins"], 1);
  EXPECT_EQ(json["moves"][0]["draws"], 1);
  EXPECT_EQ(json["moves"][0]["score"], 0.25);  // White's: a loss and a draw
  EXPECT_EQ(json["moves"][0]["continuation"], nlohmann::json({"I10-I9", "D7-D8"}));
  EXPECT_EQ(json["moves"][1]["move"], "D7-D8");
  EXPECT_EQ(json["moves"][1]["score"], 1.0);

  // The transposed position holds all three games; Black's score.
  const CliResult merged = runCamelot({"openings", "show", db, "--moves", "D7-D8 I10-I9 E7-E8"});
  ASSERT_EQ(merged.status, 0) << merged.err;
  EXPECT_NE(merged.out.find("3 games through this position; score is Black's"), std::string::npos)
      << merged.out;
  EXPECT_NE(merged.out.find("H10-H9                        2   50.0%    0.0%   50.0%  0.500"),
            std::string::npos)
      << merged.out;
  EXPECT_NE(merged.out.find("D10-D9                        1    0.0%  100.0%    0.0%  0.500"),
            std::string::npos)
      << merged.out;

  const CliResult unknown = runCamelot({"openings", "show", db, "--moves", "F7-F8"});
  ASSERT_EQ(unknown.status, 0);
  EXPECT_NE(unknown.out.find("no games in " + db + " go through this position"), std::string::npos);
  EXPECT_EQ(runCamelot({"openings", "show", db, "--moves", "F7-F9"}).status, 1);
  const CliResult missing = runCamelot({"openings", "show", (dir / "none.db").string()});
  EXPECT_EQ(missing.status, 1);
  EXPECT_EQ(missing.err,
            "camelot openings show: " + (dir / "none.db").string() + ": no such database\n");
}

TEST(OpeningsCommand, TrendTabulatesARunsOpeningsAndWritesTheirCsv) {
  const testing_support::ScratchDir dir;
  std::filesystem::create_directories(dir / "run" / "games");
  std::ofstream(dir / "run" / "games" / "gen-000001.jsonl")
      << R"({"moves":["D6-F8","D11-F9"],"result":"draw"})"
      << "\n"
      << R"({"moves":["D6-F8","I11-G9"],"result":"draw"})"
      << "\n";
  std::ofstream(dir / "run" / "games" / "gen-000002.jsonl")
      << R"({"moves":["I6-G8","I11-G9"],"result":"white"})"
      << "\n";
  const std::string csv = (dir / "trend.csv").string();
  const CliResult trend =
      runCamelot({"openings", "trend", (dir / "run").string(), "--top", "1", "--csv", csv});
  ASSERT_EQ(trend.status, 0) << trend.err;
  EXPECT_NE(trend.out.find(": 2 generations, 3 games from the start position, in bins of 1 "
                           "generations"),
            std::string::npos)
      << trend.out;
  EXPECT_NE(trend.out.find("generations    games     D6-F8     other\n"
                           "1-1                2    100.0%      0.0%\n"
                           "2-2                1      0.0%    100.0%\n"),
            std::string::npos)
      << trend.out;
  std::ifstream in(csv);
  const std::string written((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(written,
            "first_generation,last_generation,ply,move,games,share\n"
            "1,1,1,D6-F8,2,1\n"
            "1,1,2,D11-F9,1,0.5\n"
            "1,1,2,I11-G9,1,0.5\n"
            "2,2,1,I6-G8,1,1\n"
            "2,2,2,I11-G9,1,1\n");
  EXPECT_EQ(runCamelot({"openings", "trend", dir.path().string()}).status, 1);
}

// grow adds positions best first and goes on where it stopped; show gives each move's book value
// and margin; export writes the balanced positions as a suite the arena reads.
TEST(OpeningsCommand, GrowShowAndExportTheBook) {
  const testing_support::ScratchDir dir;
  const std::string db = (dir / "book.db").string();
  const std::string net = (std::filesystem::path(CAMELOT_TEST_DATA) / "mlp-tiny.ckpt").string();
  const CliResult first =
      runCamelot({"openings", "grow", db, "--net", net, "--nodes", "3", "--depth", "1"});
  ASSERT_EQ(first.status, 0) << first.err;
  EXPECT_NE(first.out.find(": " + db + " holds 3 book positions (0 before); the start's value "),
            std::string::npos)
      << first.out;
  const CliResult more =
      runCamelot({"openings", "grow", db, "--net", net, "--nodes", "2", "--depth", "1"});
  ASSERT_EQ(more.status, 0) << more.err;
  EXPECT_NE(more.out.find("holds 5 book positions (3 before)"), std::string::npos) << more.out;

  const CliResult shown = runCamelot({"openings", "show", db, "--json"});
  ASSERT_EQ(shown.status, 0) << shown.err;
  const nlohmann::json json = nlohmann::json::parse(shown.out);
  EXPECT_EQ(json["games"], 0);
  ASSERT_TRUE(json["book_value"].is_number());
  ASSERT_FALSE(json["moves"].empty());
  // Best first: the first move carries the position's value and no margin.
  EXPECT_DOUBLE_EQ(json["moves"][0]["book_value"].get<double>(), json["book_value"].get<double>());
  EXPECT_EQ(json["moves"][0]["book_margin"], 0.0);
  for (const auto& move : json["moves"])
    EXPECT_GE(move["book_margin"].get<double>(), 0.0) << move;

  const std::string suite = (dir / "suite.txt").string();
  const CliResult exported =
      runCamelot({"openings", "export", db, "--plies", "1", "--max-value", "2", "--out", suite});
  ASSERT_EQ(exported.status, 0) << exported.err;
  const std::size_t startMoves = json["moves"].size();
  EXPECT_NE(exported.out.find("wrote " + std::to_string(startMoves) + " openings to " + suite),
            std::string::npos)
      << exported.out;
  const CliResult arena = runCamelot({"arena", "--players", "random,greedy", "--games", "2",
                                      "--openings", suite, "--out", (dir / "arena").string()});
  EXPECT_EQ(arena.status, 0) << arena.err;

  const CliResult none =
      runCamelot({"openings", "export", db, "--plies", "9", "--max-value", "0.1", "--out", suite});
  EXPECT_EQ(none.status, 1);
  EXPECT_NE(none.err.find("no book position 9 plies from the start"), std::string::npos);
}

}  // namespace
}  // namespace camelot::cli
