// The `camelot` command line as a user runs it: exact outputs of perft, legal and show, and
// one clear error line with a non-zero exit for every kind of bad input.

#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <sstream>

#include "tests/cli/cli_runner.hpp"

namespace camelot::cli {
namespace {

using Result = CliResult;

Result camelot(const std::vector<std::string>& args, const std::string& input = "") {
  return runCamelot(args, input);
}

int lineCount(const std::string& text) {
  return static_cast<int>(std::count(text.begin(), text.end(), '\n'));
}

std::string lastLine(const std::string& text) {
  const std::size_t end = text.find_last_not_of('\n');
  return text.substr(text.rfind('\n', end) + 1, end - text.rfind('\n', end));
}

constexpr const char* kStart =
    "2/8/10/12/12/2kmmmmmmk2/3kmmmmk3/12/12/3KMMMMK3/2KMMMMMMK2/12/12/10/8/2 w 0 0 0";
// Shared vector v0020: a White knight on its own castle F1 must leave (R7).
constexpr const char* kMustLeave = "2/8/10/11m/12/12/12/3m8/2M9/12/12/12/5mm5/10/3M4/K1 w 0 0 0";

TEST(CliPerftR10, StartPositionDepth2) {
  const Result r = camelot({"perft", "2"});
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "10026\n");
  EXPECT_EQ(r.err, "");
}

TEST(CliPerftR10, DivideListsEachRootMoveThenTheTotal) {
  const Result r = camelot({"perft", "2", "--divide", "--fen", kMustLeave});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "F1-E2 1\nF1-F3xF5xH3 1\nF1-F3xH5 1\nF1-G2 1\n4\n");
}

TEST(CliPerftR10, DivideTotalMatchesPlainPerft) {
  const Result divided = camelot({"perft", "3", "--divide"});
  ASSERT_EQ(divided.status, 0);
  EXPECT_EQ(lineCount(divided.out), 101);
  EXPECT_EQ(lastLine(divided.out), "1070822");
}

TEST(CliLegal, WritesOneJsonLineInTheDocumentedFormat) {
  const Result r = camelot({"legal", "--fen", kMustLeave});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "{\"fen\": \"2/8/10/11m/12/12/12/3m8/2M9/12/12/12/5mm5/10/3M4/K1 w 0 0 0\", "
            "\"outcome\": \"none\", \"moves\": ["
            "[\"F1-E2\", \"2/8/10/11m/12/12/12/3m8/2M9/12/12/12/5mm5/10/2KM4/2 b 0 0 1\"], "
            "[\"F1-F3xF5xH3\", \"2/8/10/11m/12/12/12/3m8/2M9/12/12/12/12/6K3/3M4/2 b 0 0 0\"], "
            "[\"F1-F3xH5\", \"2/8/10/11m/12/12/12/3m8/2M9/12/12/7K4/5m6/10/3M4/2 b 0 0 0\"], "
            "[\"F1-G2\", \"2/8/10/11m/12/12/12/3m8/2M9/12/12/12/5mm5/10/3MK3/2 b 0 0 1\"]]}\n");
}

TEST(CliLegal, ReadsPositionsFromStandardInputAndSortsMovesByNotation) {
  const Result r = camelot({"legal"}, std::string("startpos\n\n") + kStart + "\n");
  ASSERT_EQ(r.status, 0) << r.err;
  ASSERT_EQ(lineCount(r.out), 2);
  const auto first = nlohmann::json::parse(r.out.substr(0, r.out.find('\n')));
  EXPECT_EQ(first["fen"], kStart);
  EXPECT_EQ(first["outcome"], "none");
  ASSERT_EQ(first["moves"].size(), 100u);
  std::vector<std::string> notations;
  for (const auto& m : first["moves"])
    notations.push_back(m[0]);
  EXPECT_TRUE(std::is_sorted(notations.begin(), notations.end()));
  EXPECT_EQ(notations.front(), "C6-B5");
}

TEST(CliLegalR9, FinishedPositionsHaveAnOutcomeAndNoMoves) {
  // R9 b: one piece each is a draw.
  const Result material =
      camelot({"legal", "--fen", "2/8/10/12/12/12/4m7/12/12/12/12/5M6/12/10/8/2 w 0 0 0"});
  EXPECT_EQ(nlohmann::json::parse(material.out)["outcome"], "draw");
  EXPECT_TRUE(nlohmann::json::parse(material.out)["moves"].empty());
  // R9 f: the clock at 100 is a draw; legal applies it.
  const Result clock =
      camelot({"legal", "--fen", "2/8/10/12/12/12/4mm6/12/12/12/12/5MM5/12/10/8/2 w 0 0 100"});
  EXPECT_EQ(nlohmann::json::parse(clock.out)["outcome"], "draw");
  EXPECT_TRUE(nlohmann::json::parse(clock.out)["moves"].empty());
  const Result running =
      camelot({"legal", "--fen", "2/8/10/12/12/12/4mm6/12/12/12/12/5MM5/12/10/8/2 w 0 0 99"});
  EXPECT_EQ(nlohmann::json::parse(running.out)["outcome"], "none");
}

TEST(CliShow, PlaysMovesAndPrintsBoardCfenStatusAndMoves) {
  const Result r = camelot({"show", "--moves", "F6-F8 G11-G9"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find(" 11  . . k m m m . m m k . . 11\n"), std::string::npos) << r.out;
  EXPECT_NE(
      r.out.find(
          "CFEN:    2/8/10/12/12/2kmmm1mmk2/3kmmmmk3/6m5/5M6/3KMMMMK3/2KMM1MMMK2/12/12/10/8/2 w 0 "
          "0 2\n"),
      std::string::npos);
  EXPECT_NE(r.out.find("To move: White\n"), std::string::npos);
  EXPECT_NE(r.out.find("Status:  in progress\n"), std::string::npos);
  EXPECT_NE(r.out.find("Legal moves (106):"), std::string::npos);
}

TEST(CliShowR7, NamesThePendingMustLeave) {
  const Result r = camelot({"show", "--fen", kMustLeave});
  ASSERT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("must leave (R7): F1\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Legal moves (4):\n  F1-E2  F1-F3xF5xH3  F1-F3xH5  F1-G2\n"),
            std::string::npos);
}

TEST(CliShow, NumericNotationOnRequest) {
  const Result r = camelot({"show", "--numeric", "--fen", kMustLeave});
  ASSERT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("KCYC143J120J145 (2M)"), std::string::npos) << r.out;
}

// Bad input: exactly one line on standard error, a non-zero exit.
void expectOneErrorLine(const Result& r, int status, const std::string& mentions) {
  EXPECT_EQ(r.status, status);
  EXPECT_EQ(lineCount(r.err), 1) << r.err;
  EXPECT_NE(r.err.find(mentions), std::string::npos) << r.err;
}

TEST(CliErrors, MalformedCfenNamesTheRank) {
  expectOneErrorLine(
      camelot({"perft", "1", "--fen",
               "2/8/10/12/12/2kmmmmmmk2/3kmmmmk3/12/12/3KMMMMK3/2KMMMMMMK2/12/12/11/8/2 w 0 0 0"}),
      1, "rank 3");
}

TEST(CliErrors, BadLineOnStandardInputNamesTheLineAndKeepsEarlierOutput) {
  const Result r = camelot({"legal"}, "startpos\nstartpos w\n");
  expectOneErrorLine(r, 1, "line 2");
  EXPECT_EQ(lineCount(r.out), 1);
}

TEST(CliErrors, IllegalMoveNamesTheMoveNumber) {
  expectOneErrorLine(camelot({"show", "--moves", "F6-F8 F8-F10"}), 1, "move 2");
}

TEST(CliErrors, UnreadableMove) {
  expectOneErrorLine(camelot({"show", "--moves", "hello"}), 1, "unreadable move 'hello'");
}

TEST(CliErrors, MoveAfterTheEndOfTheGame) {
  expectOneErrorLine(
      camelot({"show", "--fen", "2/8/10/12/12/12/4m7/12/12/12/12/5M6/12/10/8/2 w 0 0 0", "--moves",
               "F5-F6"}),
      1, "over");
}

TEST(CliErrors, BadDepthAndUnknownCommand) {
  expectOneErrorLine(camelot({"perft", "x"}), 2, "DEPTH");
  expectOneErrorLine(camelot({"perft", "21"}), 2, "DEPTH");
  expectOneErrorLine(camelot({"fly"}), 2, "fly");
  expectOneErrorLine(camelot({}), 2, "subcommand");
}

TEST(CliHelp, PrintsUsageAndSucceeds) {
  const Result r = camelot({"--help"});
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("perft"), std::string::npos);
  EXPECT_NE(r.out.find("legal"), std::string::npos);
  EXPECT_NE(r.out.find("show"), std::string::npos);
}

}  // namespace
}  // namespace camelot::cli
