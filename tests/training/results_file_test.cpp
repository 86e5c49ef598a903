// results.csv: the lines an arena writes read back as exactly the games played, and every
// malformed file refused with a message naming the file and line.

#include "training/evaluation/results_file.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "engine/cfen.hpp"
#include "engine/game.hpp"
#include "tests/scratch_dir.hpp"

namespace camelot {
namespace {

namespace fs = std::filesystem;

GameRecord record(std::string white, std::string black, Outcome outcome, EndReason reason,
                  int plies, std::string note = "") {
  GameRecord r;
  r.white = std::move(white);
  r.black = std::move(black);
  Game game;
  for (int i = 0; i < plies; ++i)
    game.play(game.legalMoves()[0]);
  r.start = Position::start();
  r.moves = game.moves();
  r.status = {outcome, reason};
  r.note = std::move(note);
  return r;
}

class ResultsFile : public ::testing::Test {
 protected:
  fs::path write(const std::string& text, const std::string& name = "results.csv") const {
    const fs::path file = dir_ / name;
    std::ofstream(file, std::ios::binary) << text;
    return file;
  }

  // The message of the ResultsError readResults throws, or "no error".
  static std::string readError(const fs::path& file) {
    try {
      readResults(file);
    } catch (const ResultsError& e) {
      return e.what();
    }
    return "no error";
  }

  testing_support::ScratchDir dir_;
};

void expectGames(const std::vector<RatedGame>& actual, const std::vector<RatedGame>& expected) {
  ASSERT_EQ(actual.size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(actual[i].white, expected[i].white) << "game " << i;
    EXPECT_EQ(actual[i].black, expected[i].black) << "game " << i;
    EXPECT_EQ(actual[i].whiteScore, expected[i].whiteScore) << "game " << i;
  }
}

TEST_F(ResultsFile, HeaderIsTheColumnLine) {
  EXPECT_EQ(resultsHeader(), "white,black,result,reason,plies,start,note\n");
}

TEST_F(ResultsFile, LineQuotesSpecsWithCommasAndCountsThePlies) {
  EXPECT_EQ(
      resultsLine(record("random", "net:a.ckpt,sims=8", Outcome::WhiteWins, EndReason::Castle, 2)),
      "random,\"net:a.ckpt,sims=8\",1-0,castle,2," + std::string(kStartCfen) + ",\n");
  EXPECT_EQ(resultsLine(record("a", "b", Outcome::Draw, EndReason::NoMoves, 0, "x")),
            "a,b,1/2-1/2,no moves,0," + std::string(kStartCfen) + ",x\n");
  EXPECT_EQ(resultsLine(record("a", "b", Outcome::BlackWins, EndReason::Forfeit, 1,
                               "said \"a1\", then left")),
            "a,b,0-1,forfeit,1," + std::string(kStartCfen) + ",\"said \"\"a1\"\", then left\"\n");
}

TEST_F(ResultsFile, WrittenGamesReadBackExactly) {
  const std::vector<GameRecord> records = {
      record("net:a.ckpt,sims=8", "random", Outcome::WhiteWins, EndReason::Castle, 3),
      record("random", "net:a.ckpt,sims=8", Outcome::BlackWins, EndReason::Elimination, 4),
      record("greedy", "alphabeta:depth=2", Outcome::Draw, EndReason::Repetition, 6),
      record("engine:./x --a \"b,c\"", "greedy", Outcome::BlackWins, EndReason::Forfeit, 1,
             "illegal move \"a1-a2\", then \"quit\""),
      record("alphabeta:depth=2", "greedy", Outcome::Draw, EndReason::Adjudicated, 5),
  };
  std::string text = resultsHeader();
  for (const GameRecord& r : records)
    text += resultsLine(r);
  const ResultsRead read = readResults(write(text));
  EXPECT_TRUE(read.warnings.empty());
  expectGames(read.games, {
                              {"net:a.ckpt,sims=8", "random", 1.0},
                              {"random", "net:a.ckpt,sims=8", 0.0},
                              {"greedy", "alphabeta:depth=2", 0.5},
                              {"engine:./x --a \"b,c\"", "greedy", 0.0},
                              {"alphabeta:depth=2", "greedy", 0.5},
                          });
}

// One line per game, whatever the note holds (an outside engine's answer may hold a line
// break): the file stays readable.
TEST_F(ResultsFile, LineBreaksInANoteStayOnOneLine) {
  const GameRecord r = record("engine:./x", "random", Outcome::BlackWins, EndReason::Forfeit, 0,
                              "answered 'bestmove A1\r\nA2', \"bad\"");
  const std::string line = resultsLine(r);
  EXPECT_EQ(std::count(line.begin(), line.end(), '\n'), 1) << line;
  EXPECT_EQ(std::count(line.begin(), line.end(), '\r'), 0) << line;
  EXPECT_TRUE(line.ends_with('\n'));
  const ResultsRead read = readResults(write(resultsHeader() + line + line));
  EXPECT_TRUE(read.warnings.empty());
  expectGames(read.games, {{"engine:./x", "random", 0.0}, {"engine:./x", "random", 0.0}});
}

TEST_F(ResultsFile, HeaderAloneIsNoGames) {
  const ResultsRead read = readResults(write(resultsHeader()));
  EXPECT_TRUE(read.games.empty());
  EXPECT_TRUE(read.warnings.empty());
}

TEST_F(ResultsFile, TornLastLineIsSkippedWithOneWarning) {
  const std::string whole =
      resultsLine(record("random", "greedy", Outcome::BlackWins, EndReason::Castle, 2));
  const std::string text =
      resultsHeader() +
      resultsLine(record("greedy", "random", Outcome::WhiteWins, EndReason::Castle, 2)) +
      whole.substr(0, whole.size() / 2);
  const fs::path file = write(text);
  const ResultsRead read = readResults(file);
  expectGames(read.games, {{"greedy", "random", 1.0}});
  ASSERT_EQ(read.warnings.size(), 1u);
  EXPECT_EQ(read.warnings[0],
            file.string() +
                ":3: an unfinished last line (its writer stopped while writing it) is skipped");
}

TEST_F(ResultsFile, WrongHeaderIsAnError) {
  const fs::path file = write("white,black,result\n");
  EXPECT_EQ(readError(file), file.string() +
                                 ": not a results file (its first line should be "
                                 "'white,black,result,reason,plies,start,note')");
}

TEST_F(ResultsFile, WrongFieldCountNamesTheLine) {
  const std::string good =
      resultsLine(record("greedy", "random", Outcome::WhiteWins, EndReason::Castle, 2));
  const fs::path file =
      write(resultsHeader() + good + good + "greedy,random,1-0,castle,2,startpos\n");
  EXPECT_EQ(readError(file), file.string() + ":4: 6 fields where 7 are expected");

  const fs::path extra = write(resultsHeader() + "a,b,1-0,castle,2,s,n,more\n", "extra.csv");
  EXPECT_EQ(readError(extra), extra.string() + ":2: 8 fields where 7 are expected");
}

TEST_F(ResultsFile, BadResultTextNamesTheLine) {
  const fs::path file = write(resultsHeader() + "a,b,1-1,castle,2,s,\n");
  EXPECT_EQ(readError(file), file.string() + ":2: result '1-1' is not 1-0, 0-1 or 1/2-1/2");
  const fs::path half = write(resultsHeader() + "a,b,0.5,castle,2,s,\n", "half.csv");
  EXPECT_EQ(readError(half), half.string() + ":2: result '0.5' is not 1-0, 0-1 or 1/2-1/2");
}

TEST_F(ResultsFile, BadQuotingNamesTheLine) {
  const fs::path file = write(resultsHeader() + "\"a,b,1-0,castle,2,s,\n");
  EXPECT_EQ(readError(file), file.string() + ":2: a quoted field is not closed");
}

TEST_F(ResultsFile, EmptyPlayerNameIsAnError) {
  const fs::path file = write(resultsHeader() + ",b,1-0,castle,2,s,\n");
  EXPECT_EQ(readError(file), file.string() + ":2: a player's name is empty");
}

TEST_F(ResultsFile, EmptyFileIsAnError) {
  const fs::path file = write("");
  EXPECT_EQ(readError(file), file.string() + ": the file is empty");
}

TEST_F(ResultsFile, MissingFileIsAnError) {
  const fs::path file = dir_ / "nowhere.csv";
  EXPECT_EQ(readError(file), file.string() + ": cannot read it (no such file?)");
}

}  // namespace
}  // namespace camelot
