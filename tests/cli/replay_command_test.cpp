// `camelot replay`: a recorded game's move list in both notations, stepping through it, and
// errors naming the file.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli/board_diagram.hpp"
#include "engine/game.hpp"
#include "engine/notation.hpp"
#include "tests/cli/cli_runner.hpp"
#include "tests/scratch_dir.hpp"

namespace camelot::cli {
namespace {

class ReplayCommand : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(runCamelot({"match", "--white", "alphabeta:depth=1", "--black", "greedy", "--games",
                          "2", "--out", dir_.path().string()})
                  .status,
              0);
    std::ifstream in(games());
    for (std::string line; std::getline(in, line);)
      records_.push_back(nlohmann::json::parse(line));
    ASSERT_EQ(records_.size(), 2u);
  }

  std::string games() const { return (dir_ / "games.jsonl").string(); }
  // A file of the test's own beside the games.
  std::string file(const std::string& name) const { return (dir_ / name).string(); }
  // The record with "game": number.
  const nlohmann::json& record(int number) const {
    for (const nlohmann::json& r : records_)
      if (r["game"] == number) return r;
    throw std::logic_error("no game " + std::to_string(number));
  }

 private:
  testing_support::ScratchDir dir_;
  std::vector<nlohmann::json> records_;
};

TEST_F(ReplayCommand, PrintsTheMoveListInEitherNotation) {
  const nlohmann::json& game = record(2);
  std::string letters;
  std::string numbers;
  Game played;
  for (std::size_t i = 0; i < game["moves"].size(); ++i) {
    const Move move = parseMove(played.position(), game["moves"][i].get<std::string>());
    const std::string number = i % 2 == 0 ? std::to_string(i / 2 + 1) + ". " : "";
    letters += (i > 0 ? " " : "") + number + toNotation(move);
    numbers += (i > 0 ? " " : "") + number + toNumericNotation(move, played.position());
    played.play(move);
  }
  const CliResult letter = runCamelot({"replay", games(), "--game", "2", "--moves", "letter"});
  ASSERT_EQ(letter.status, 0) << letter.err;
  EXPECT_EQ(letter.out, letters + "\n");
  const CliResult numeric = runCamelot({"replay", games(), "--game", "2", "--moves", "numeric"});
  ASSERT_EQ(numeric.status, 0) << numeric.err;
  EXPECT_EQ(numeric.out, numbers + "\n");
}

TEST_F(ReplayCommand, StepsForwardAndBackThroughTheGame) {
  const nlohmann::json& game = record(1);
  const std::string first = game["moves"][0];
  const std::string second = game["moves"][1];
  const CliResult r = runCamelot({"replay", games()}, "\nn\nb\nq\n");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.find("Game 1 of " + games() + ": alphabeta:depth=1 (White) vs greedy (Black)"),
            0u)
      << r.out;
  // Start, move 1, move 2, back to move 1, then quit.
  const auto count = [&](const std::string& text) {
    std::size_t n = 0;
    for (std::size_t at = r.out.find(text); at != std::string::npos; at = r.out.find(text, at + 1))
      ++n;
    return n;
  };
  EXPECT_EQ(count("Move 1: " + first + " ("), 2u) << r.out;
  EXPECT_EQ(count("Move 2: " + second + " ("), 1u) << r.out;
  EXPECT_EQ(count(boardLegend()), 4u) << r.out;
  EXPECT_NE(r.out.find(boardDiagram(Position::start())), std::string::npos);
}

TEST_F(ReplayCommand, AMissingGameOrFileIsOneErrorLine) {
  const CliResult none = runCamelot({"replay", games(), "--game", "9"});
  EXPECT_EQ(none.status, 1);
  EXPECT_EQ(none.err, "camelot replay: " + games() + ": no game 9 (it holds 2 games)\n");
  const CliResult missing = runCamelot({"replay", games() + ".nope"});
  EXPECT_EQ(missing.status, 1);
  EXPECT_EQ(missing.err, "camelot replay: " + games() + ".nope: cannot read it (no such file?)\n");
}

// A Grand Camelot games file is said to be one, with the file's name; so is a bad start.
TEST_F(ReplayCommand, AGrandOrBadStartGameIsOneErrorLineNamingTheFile) {
  const std::string grand = file("grand.jsonl");
  std::ofstream(grand) << R"({"game":1,"variant":"grand","rb":"a","gy":"b","start":"2/8/2GggggG2/)"
                          R"(4GggG4/6gg6/1B10Y1/1bB8Yy1/2bbb6yyy2/2bbb6yyy2/1bB8Yy1/1B10Y1/6rr6/)"
                          R"(4RrrR4/2RrrrrR2/8/2 r 0 0 0 0 0","moves":[],"result":"draw"})"
                       << '\n';
  const CliResult r = runCamelot({"replay", grand});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "camelot replay: " + grand +
                       ": a game of the variant 'grand'; replay shows the standard game only\n");
  const std::string badStart = file("bad.jsonl");
  std::ofstream(badStart) << R"({"start":"2/8 w 0 0 0","moves":[]})" << '\n';
  const CliResult bad = runCamelot({"replay", badStart});
  EXPECT_EQ(bad.status, 1);
  EXPECT_TRUE(bad.err.starts_with("camelot replay: " + badStart + ": the start: bad CFEN"))
      << bad.err;
}

}  // namespace
}  // namespace camelot::cli
