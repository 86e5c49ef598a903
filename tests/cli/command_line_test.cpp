// What the command line promises beyond each command's output: --version, `help COMMAND`,
// "did you mean" for a mistyped command or option, the exit status of a run stopped by a
// signal, and small wording: plurals, numeric moves in numeric order.

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <regex>
#include <thread>

#include "cli/version.hpp"
#include "tests/cli/cli_runner.hpp"
#include "tests/scratch_dir.hpp"
#include "training/run/train_config.hpp"

namespace camelot::cli {
namespace {

namespace fs = std::filesystem;

TEST(CommandLine, VersionNamesTheVersionAndTheCommit) {
  const CliResult r = runCamelot({"--version"});
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, std::string("camelot ") + kVersion + " (commit " + kCommit + ")\n");
  EXPECT_TRUE(std::regex_match(std::string(kCommit), std::regex("[0-9a-f]{7}(-dirty)?|unknown")))
      << kCommit;
}

TEST(CommandLine, HelpCommandIsTheCommandsHelp) {
  for (const std::vector<std::string>& command :
       {std::vector<std::string>{"perft"}, {"openings", "import"}, {"train"}}) {
    std::vector<std::string> help{"help"};
    help.insert(help.end(), command.begin(), command.end());
    std::vector<std::string> dashed = command;
    dashed.push_back("--help");
    const CliResult viaHelp = runCamelot(help);
    EXPECT_EQ(viaHelp.status, 0);
    EXPECT_EQ(viaHelp.out, runCamelot(dashed).out);
    std::string usage = "Usage: camelot";
    for (const std::string& word : command)
      usage += " " + word;
    EXPECT_NE(viaHelp.out.find(usage + " [OPTIONS]"), std::string::npos) << viaHelp.out;
  }
  EXPECT_EQ(runCamelot({"help"}).out, runCamelot({"--help"}).out);
}

TEST(CommandLine, AMistypedCommandSuggestsTheNearest) {
  const CliResult r = runCamelot({"trian"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(
      r.err,
      "camelot: unknown command 'trian' (did you mean 'train'?); the commands of camelot "
      "are perft, legal, show, match, net, analyze, analysis, engine, play, replay, train, arena, "
      "ratings, "
      "openings, serve (see 'camelot help')\n");
  const CliResult nested = runCamelot({"help", "openings", "imprt"});
  EXPECT_EQ(nested.status, 2);
  EXPECT_EQ(nested.err.find("camelot: unknown command 'imprt' (did you mean 'import'?); the "
                            "commands of camelot openings are import, show,"),
            0u)
      << nested.err;
  EXPECT_NE(nested.err.find("(see 'camelot help openings')"), std::string::npos) << nested.err;
  EXPECT_EQ(runCamelot({"zzzzzz"}).err.find("did you mean"), std::string::npos);
}

TEST(CommandLine, AMistypedOptionSuggestsTheNearest) {
  const CliResult r = runCamelot({"perft", "1", "--fenn", "startpos"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("(did you mean '--fen'?) (see 'camelot help perft')"), std::string::npos)
      << r.err;
  const CliResult train = runCamelot({"train", "--hors", "2"});
  EXPECT_EQ(train.status, 2);
  EXPECT_NE(train.err.find("(did you mean '--hours'?)"), std::string::npos) << train.err;
}

TEST(CommandLine, TrainKeysPrintsEveryKeyWithItsDefaultAndMeaning) {
  // The config keys' one home (training/run/train_config.cpp) as a config file.
  const CliResult r = runCamelot({"train", "--keys"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, configKeyReference());
  EXPECT_NE(r.out.find("[selfplay]\n# Self-play games of each generation\n"
                       "games_per_generation = 64\n"),
            std::string::npos)
      << r.out;
}

TEST(CommandLine, OneMatchGameIsOneWinOrLossNotOneWins) {
  const CliResult r =
      runCamelot({"match", "--white", "greedy", "--black", "random", "--games", "1"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(std::regex_search(r.out, std::regex("greedy in all: (1 win, 0 draws, 0 losses|"
                                                  "0 wins, 1 draw, 0 losses|"
                                                  "0 wins, 0 draws, 1 loss)\n")))
      << r.out;
}

TEST(CommandLine, NumericMovesAreListedInNumericOrder) {
  const CliResult r = runCamelot({"show", "--numeric"});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string list = r.out.substr(r.out.find("Legal moves"));
  // From the start, the moves from square 94 come before those from 105 (not after, as text).
  const std::size_t twoDigits = list.find("\n  94-81  94-82");
  const std::size_t threeDigits = list.find(" 105-92 ");
  ASSERT_NE(twoDigits, std::string::npos) << list;
  ASSERT_NE(threeDigits, std::string::npos) << list;
  EXPECT_LT(twoDigits, threeDigits) << list;
}

// NaN compares false with every bound, so a range check alone let it through.
TEST(CommandLine, ANumberOfHoursMustBeANumber) {
  for (const char* hours : {"nan", "NaN", "-nan", "inf", "-1"}) {
    const CliResult r = runCamelot({"train", "--hours", hours, "--run-dir", "unused"});
    EXPECT_EQ(r.status, 2) << hours;
    EXPECT_NE(r.err.find("--hours"), std::string::npos) << hours << ": " << r.err;
  }
  EXPECT_FALSE(fs::exists("unused"));
}

// A key set on the command line is checked as the config file's are: one line naming it, and
// no run directory.
TEST(CommandLine, AKeySetOnTheCommandLineIsCheckedBeforeTheRunStarts) {
  const CliResult r = runCamelot({"train", "--config", CAMELOT_CONFIG_DIR "/tiny.toml", "--set",
                                  "selfplay.workers=1", "--set", "learning.completion=maybe",
                                  "--run-dir", "unused"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "camelot train: " CAMELOT_CONFIG_DIR
                   "/tiny.toml with --set: learning.completion: must be true or false "
                   "(got a string)\n");
  EXPECT_FALSE(fs::exists("unused"));
}

// SIGTERM ends a run as Ctrl-C does: the work saved, the log saying so, and the status of a
// program stopped by that signal (128 + 15), so a script sees it did not finish.
TEST(CommandLine, SigtermStopsTrainingCleanlyWithAStoppedStatus) {
  const testing_support::ScratchDir dir;
  const fs::path run = dir.path() / "run";
  const fs::path log = dir.path() / "out.txt";
  // tiny.toml without its end, so the run is still going when the signal comes.
  const fs::path config = dir.path() / "endless.toml";
  std::ifstream tiny(std::string(CAMELOT_CONFIG_DIR) + "/tiny.toml");
  std::string text((std::istreambuf_iterator<char>(tiny)), {});
  text.replace(text.find("generations = 2"), 15, "generations = 0");
  std::ofstream(config) << text;
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    if (freopen(log.c_str(), "w", stdout) == nullptr) _exit(126);
    execl(CAMELOT_BINARY, CAMELOT_BINARY, "train", "--config", config.c_str(), "--run-dir",
          run.c_str(), "--hours", "1", static_cast<char*>(nullptr));
    _exit(127);
  }
  const auto begin = std::chrono::steady_clock::now();
  while (!fs::exists(run / "checkpoints" / "gen-000001.ckpt") &&
         std::chrono::steady_clock::now() - begin < std::chrono::seconds(60))
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  kill(child, SIGTERM);
  int status = 0;
  waitpid(child, &status, 0);
  ASSERT_TRUE(WIFEXITED(status)) << "killed by the signal instead of stopping";
  EXPECT_EQ(WEXITSTATUS(status), 128 + SIGTERM);
  std::ifstream in(log);
  const std::string printed((std::istreambuf_iterator<char>(in)), {});
  EXPECT_NE(printed.find("interrupted: the same command resumes the run"), std::string::npos)
      << printed;
  EXPECT_FALSE(fs::exists(run / "lock"));  // let go
}

}  // namespace
}  // namespace camelot::cli
