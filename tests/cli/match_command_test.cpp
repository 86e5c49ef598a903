// `camelot match` as a user runs it: the JSON summary, the saved game records, and errors.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "tests/cli/cli_runner.hpp"
#include "tests/scratch_dir.hpp"

namespace camelot::cli {
namespace {

using Result = CliResult;

Result camelot(const std::vector<std::string>& args, const std::string& input = "") {
  return runCamelot(args, input);
}

class MatchCommand : public ::testing::Test {
 protected:
  testing_support::ScratchDir dir_;
};

TEST_F(MatchCommand, JsonSummaryFromTheWhiteSpecsView) {
  const Result r =
      camelot({"match", "--white", "greedy", "--black", "random", "--games", "4", "--json"});
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
  const Result first = camelot(args);
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

  const Result second = camelot(args);
  EXPECT_EQ(second.status, 1);
  EXPECT_NE(second.err.find("already holds games.jsonl"), std::string::npos) << second.err;
}

TEST_F(MatchCommand, BadSpecIsOneErrorLine) {
  const Result r = camelot({"match", "--white", "greedy:depth=x", "--black", "random"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(
      r.err,
      "camelot match: player 'greedy:depth=x': unknown option 'depth' (this player takes none)\n");
}

TEST_F(MatchCommand, MissingPlayerIsACommandLineError) {
  const Result r = camelot({"match", "--white", "greedy"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--black"), std::string::npos) << r.err;
}

}  // namespace
// One player registry: a network plays in matches and behind the engine protocol by the same
// spec as in arenas, and the same seed gives the same games.
TEST_F(MatchCommand, NetworkSpecsPlayEverywhere) {
  const std::string net = (dir_ / "net.ckpt").string();
  ASSERT_EQ(camelot({"net", "init", "--accumulator", "16", "--hidden", "8", "--out", net}).status,
            0);
  const std::vector<std::string> args = {
      "match", "--white", "net:" + net + ",search=puct,sims=16", "--black", "random", "--games",
      "4",     "--json"};
  const Result r = camelot(args);
  ASSERT_EQ(r.status, 0) << r.err;
  const auto json = nlohmann::json::parse(r.out);
  EXPECT_EQ(json["wins"].get<int>() + json["draws"].get<int>() + json["losses"].get<int>(), 4);
  EXPECT_EQ(camelot(args).out, r.out);

  // The default search, alpha-beta on the network: to a fixed depth, the same games again.
  const std::vector<std::string> alphaBeta = {
      "match", "--white", "net:" + net + ",depth=2", "--black", "random", "--games", "2", "--json"};
  const Result ab = camelot(alphaBeta);
  ASSERT_EQ(ab.status, 0) << ab.err;
  EXPECT_EQ(camelot(alphaBeta).out, ab.out);

  const Result timed = camelot({"match", "--white", "net:" + net + ",time=5,search=puct", "--black",
                                "greedy", "--games", "2", "--json"});
  EXPECT_EQ(timed.status, 0) << timed.err;

  const Result engine = camelot({"engine", "--player", "net:" + net + ",search=puct,sims=8"},
                                "position startpos\ngo\nquit\n");
  ASSERT_EQ(engine.status, 0) << engine.err;
  EXPECT_NE(engine.out.find("bestmove "), std::string::npos) << engine.out;

  const Result missing =
      camelot({"match", "--white", "net:" + (dir_ / "missing.ckpt").string(), "--black", "random"});
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
  ASSERT_EQ(camelot({"perft", "1"}).status, 0);
  const Result r = camelot({"match", "--white", "net:" + net + ",search=puct,sims=8", "--black",
                            "greedy", "--games", "2", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const Result ab = camelot({"match", "--white", "net:" + net + ",depth=2", "--black", "greedy",
                             "--games", "2", "--json"});
  ASSERT_EQ(ab.status, 0) << ab.err;
  std::ifstream maps("/proc/self/maps");
  const std::string mapped((std::istreambuf_iterator<char>(maps)), {});
  EXPECT_EQ(mapped.find("libcamelot_torch"), std::string::npos);
  EXPECT_EQ(mapped.find("libtorch"), std::string::npos);
  EXPECT_EQ(mapped.find("libc10"), std::string::npos);
}

}  // namespace camelot::cli
