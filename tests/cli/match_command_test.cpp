// `camelot match` as a user runs it: the JSON summary, the saved game records, and errors.

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

#include "tests/cli/cli_runner.hpp"
#include "tests/scratch_dir.hpp"

namespace camelot::cli {
namespace {

using Result = CliResult;
namespace fs = std::filesystem;

class MatchCommand : public ::testing::Test {
 protected:
  testing_support::ScratchDir dir_;
};

TEST_F(MatchCommand, JsonSummaryFromTheWhiteSpecsView) {
  const Result r =
      runCamelot({"match", "--white", "greedy", "--black", "random", "--games", "4", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto json = nlohmann::json::parse(r.out);
  EXPECT_EQ(json["games"], 4);
  EXPECT_EQ(json["wins"].get<int>() + json["draws"].get<int>() + json["losses"].get<int>(), 4);
  const double score = (json["wins"].get<int>() + 0.5 * json["draws"].get<int>()) / 4.0;
  EXPECT_DOUBLE_EQ(json["score"].get<double>(), score);
  for (const char* key : {"elo", "elo_low", "elo_high"})
    EXPECT_TRUE(json.contains(key)) << key;
  // One progress line per game plus the header on standard error.
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 5);
}

TEST_F(MatchCommand, SavesEveryGameAndNeverOverwrites) {
  const std::vector<std::string> args = {"match",   "--white", "random",
                                         "--black", "greedy",  "--games",
                                         "3",       "--out",   dir_.path().string()};
  const Result first = runCamelot(args);
  ASSERT_EQ(first.status, 0) << first.err;
  std::ifstream in(dir_ / "games.jsonl");
  std::string line;
  int games = 0;
  while (std::getline(in, line)) {
    const auto record = nlohmann::json::parse(line);
    EXPECT_TRUE(record["moves"].is_array());
    EXPECT_TRUE(record.contains("result") && record.contains("reason"));
    ++games;
  }
  EXPECT_EQ(games, 3);
  EXPECT_FALSE(std::filesystem::exists(dir_ / "games.jsonl.tmp"));

  // The same match again: nothing left to play, nothing rewritten, the same summary.
  std::ifstream before(dir_ / "games.jsonl");
  const std::string saved((std::istreambuf_iterator<char>(before)), {});
  const Result second = runCamelot(args);
  EXPECT_EQ(second.status, 0) << second.err;
  EXPECT_NE(
      second.err.find("resuming " + (dir_ / "games.jsonl").string() + ": 3 games already played"),
      std::string::npos)
      << second.err;
  EXPECT_EQ(second.out, first.out);
  std::ifstream after(dir_ / "games.jsonl");
  EXPECT_EQ(std::string((std::istreambuf_iterator<char>(after)), {}), saved);
}

// A match killed with a game half written resumes: the cut line is dropped, only the missing
// games are played, and the file ends as an uninterrupted match's (deterministic players).
TEST_F(MatchCommand, AKilledMatchResumesWithItsMissingGamesOnly) {
  const auto args = [&](const std::string& out) {
    return std::vector<std::string>{
        "match", "--white", "alphabeta:depth=1", "--black", "greedy", "--games", "4", "--out", out};
  };
  const fs::path whole = dir_ / "whole";
  const fs::path cut = dir_ / "cut";
  ASSERT_EQ(runCamelot(args(whole.string())).status, 0);
  ASSERT_EQ(runCamelot(args(cut.string())).status, 0);
  std::ifstream in(whole / "games.jsonl");
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);)
    lines.push_back(line);
  ASSERT_EQ(lines.size(), 4u);
  // Games 1 and 3 finished, game 2 cut short in the middle of its line.
  std::ofstream(cut / "games.jsonl", std::ios::trunc) << lines[0] << '\n'
                                                      << lines[2] << '\n'
                                                      << lines[1].substr(0, 40);

  const Result resumed = runCamelot(args(cut.string()));
  ASSERT_EQ(resumed.status, 0) << resumed.err;
  EXPECT_NE(resumed.err.find(": 2 games already played"), std::string::npos) << resumed.err;
  EXPECT_NE(resumed.err.find("game 2 (3/4 done)"), std::string::npos) << resumed.err;
  const auto summary = [](const std::string& out) {
    return out.substr(0, out.find("games saved"));
  };
  EXPECT_EQ(summary(resumed.out), summary(runCamelot(args(whole.string())).out));
  std::ifstream again(cut / "games.jsonl");
  std::vector<std::string> resumedLines;
  for (std::string line; std::getline(again, line);)
    resumedLines.push_back(line);
  std::sort(lines.begin(), lines.end());
  std::sort(resumedLines.begin(), resumedLines.end());
  EXPECT_EQ(resumedLines, lines);
}

TEST_F(MatchCommand, ADirectoryOfAnotherMatchIsRefusedAndKept) {
  const std::vector<std::string> args = {"match",   "--white", "random",
                                         "--black", "greedy",  "--games",
                                         "2",       "--out",   dir_.path().string()};
  ASSERT_EQ(runCamelot(args).status, 0);
  std::vector<std::string> other = args;
  other[6] = "4";
  const Result r = runCamelot(other);
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "camelot match: --out " + dir_.path().string() +
                       " holds another match (games: 2 there, 4 here); choose another directory\n");
  std::ifstream in(dir_ / "games.jsonl");
  EXPECT_EQ(std::count(std::istreambuf_iterator<char>(in), {}, '\n'), 2);

  // Games without the settings they were played with (an older match) are never touched.
  const fs::path old = dir_ / "old";
  fs::create_directories(old);
  std::ofstream(old / "games.jsonl") << "{}\n";
  const Result refused =
      runCamelot({"match", "--white", "random", "--black", "greedy", "--out", old.string()});
  EXPECT_EQ(refused.status, 1);
  EXPECT_NE(refused.err.find("already holds games of a match without its settings"),
            std::string::npos)
      << refused.err;
}

// Ctrl-C: the games in play are dropped, the finished ones kept and summed up, and the status
// says the match was stopped (128 + SIGINT).
TEST_F(MatchCommand, CtrlCKeepsTheFinishedGamesAndPrintsTheirSummary) {
  const fs::path out = dir_ / "stopped";
  const fs::path printed = dir_ / "out.txt";
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    if (freopen(printed.c_str(), "w", stdout) == nullptr) _exit(126);
    if (freopen("/dev/null", "w", stderr) == nullptr) _exit(126);
    execl(CAMELOT_BINARY, CAMELOT_BINARY, "match", "--white", "alphabeta:depth=3", "--black",
          "alphabeta:depth=3", "--games", "200", "--out", out.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  const auto lines = [&] {
    std::ifstream in(out / "games.jsonl");
    return std::count(std::istreambuf_iterator<char>(in), {}, '\n');
  };
  const auto begin = std::chrono::steady_clock::now();
  while (lines() < 1 && std::chrono::steady_clock::now() - begin < std::chrono::seconds(60))
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  kill(child, SIGINT);
  int status = 0;
  waitpid(child, &status, 0);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 128 + SIGINT);
  const auto kept = lines();
  EXPECT_GE(kept, 1);
  EXPECT_LT(kept, 200);
  std::ifstream in(printed);
  const std::string summary((std::istreambuf_iterator<char>(in)), {});
  EXPECT_NE(summary.find("alphabeta:depth=3 in all: "), std::string::npos) << summary;
  EXPECT_NE(summary.find("games saved to"), std::string::npos) << summary;
}

// --opening-plies counts plies (arena's --openings counts openings); the old spelling still
// works for a release, with a warning.
TEST_F(MatchCommand, OpeningPliesHasItsOwnNameAndTheOldOneWarns) {
  const std::vector<std::string> args = {
      "match", "--white", "alphabeta:depth=1", "--black", "greedy", "--games", "2", "--json"};
  std::vector<std::string> plies = args;
  plies.insert(plies.end(), {"--opening-plies", "6"});
  std::vector<std::string> old = args;
  old.insert(old.end(), {"--openings", "6"});
  const Result now = runCamelot(plies);
  const Result before = runCamelot(old);
  ASSERT_EQ(now.status, 0) << now.err;
  ASSERT_EQ(before.status, 0) << before.err;
  EXPECT_EQ(before.out, now.out);
  EXPECT_NE(now.err.find("openings of 6 random plies"), std::string::npos) << now.err;
  EXPECT_EQ(now.err.find("warning"), std::string::npos) << now.err;
  EXPECT_EQ(before.err.find("camelot match: warning: --openings is now --opening-plies"), 0u)
      << before.err;
}

TEST_F(MatchCommand, BadSpecIsOneErrorLine) {
  const Result r = runCamelot({"match", "--white", "greedy:depth=x", "--black", "random"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(
      r.err,
      "camelot match: player 'greedy:depth=x': unknown option 'depth' (this player takes none)\n");
}

TEST_F(MatchCommand, MissingPlayerIsACommandLineError) {
  const Result r = runCamelot({"match", "--white", "greedy"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--black"), std::string::npos) << r.err;
}

}  // namespace
// One player registry: a network plays in matches and behind the engine protocol by the same
// spec as in arenas, and the same seed gives the same games.
TEST_F(MatchCommand, NetworkSpecsPlayEverywhere) {
  const std::string net = (dir_ / "net.ckpt").string();
  ASSERT_EQ(
      runCamelot({"net", "init", "--accumulator", "16", "--hidden", "8", "--out", net}).status, 0);
  const std::vector<std::string> args = {
      "match", "--white", "net:" + net + ",search=puct,sims=16", "--black", "random", "--games",
      "4",     "--json"};
  const Result r = runCamelot(args);
  ASSERT_EQ(r.status, 0) << r.err;
  const auto json = nlohmann::json::parse(r.out);
  EXPECT_EQ(json["wins"].get<int>() + json["draws"].get<int>() + json["losses"].get<int>(), 4);
  EXPECT_EQ(runCamelot(args).out, r.out);

  // The default search, alpha-beta on the network: to a fixed depth, the same games again.
  const std::vector<std::string> alphaBeta = {
      "match", "--white", "net:" + net + ",depth=2", "--black", "random", "--games", "2", "--json"};
  const Result ab = runCamelot(alphaBeta);
  ASSERT_EQ(ab.status, 0) << ab.err;
  EXPECT_EQ(runCamelot(alphaBeta).out, ab.out);

  const Result timed = runCamelot({"match", "--white", "net:" + net + ",time=5,search=puct",
                                   "--black", "greedy", "--games", "2", "--json"});
  EXPECT_EQ(timed.status, 0) << timed.err;

  const Result engine = runCamelot({"engine", "--player", "net:" + net + ",search=puct,sims=8"},
                                   "position startpos\ngo\nquit\n");
  ASSERT_EQ(engine.status, 0) << engine.err;
  EXPECT_NE(engine.out.find("bestmove "), std::string::npos) << engine.out;

  const Result missing = runCamelot(
      {"match", "--white", "net:" + (dir_ / "missing.ckpt").string(), "--black", "random"});
  EXPECT_EQ(missing.status, 1);
  EXPECT_EQ(missing.err, "camelot match: " + (dir_ / "missing.ckpt").string() + ": no such file\n");
}

// LibTorch only where it is used: perft and a whole match of an mlp against a classical player
// run without mapping the LibTorch backend or LibTorch itself into the process (each test runs
// in a process of its own).
TEST_F(MatchCommand, TheMlpAndTheRulesRunWithoutLibTorch) {
  const std::string net = (dir_ / "net.ckpt").string();
  std::ofstream(net, std::ios::binary)
      << std::ifstream(std::string(CAMELOT_TEST_DATA) + "/mlp-tiny.ckpt", std::ios::binary).rdbuf();
  ASSERT_EQ(runCamelot({"perft", "1"}).status, 0);
  const Result r = runCamelot({"match", "--white", "net:" + net + ",search=puct,sims=8", "--black",
                               "greedy", "--games", "2", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const Result ab = runCamelot({"match", "--white", "net:" + net + ",depth=2", "--black", "greedy",
                                "--games", "2", "--json"});
  ASSERT_EQ(ab.status, 0) << ab.err;
  std::ifstream maps("/proc/self/maps");
  const std::string mapped((std::istreambuf_iterator<char>(maps)), {});
  EXPECT_EQ(mapped.find("libcamelot_torch"), std::string::npos);
  EXPECT_EQ(mapped.find("libtorch"), std::string::npos);
  EXPECT_EQ(mapped.find("libc10"), std::string::npos);
}

}  // namespace camelot::cli
