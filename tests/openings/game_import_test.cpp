// The opening database's import: games replayed by the engine, transpositions merged into one
// position, a game never counted twice, bad lines reported with file and line and skipped, every
// source the program writes (games.jsonl, run directories) and plain text read, the WCF human
// games imported whole, and files that are not opening databases refused.
#include "openings/game_import.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "engine/cfen.hpp"
#include "engine/game.hpp"
#include "engine/notation.hpp"
#include "players/grand_game_record.hpp"
#include "tests/openings/key_after.hpp"
#include "tests/scratch_dir.hpp"

namespace camelot {
namespace {

using testing_support::keyAfter;

namespace fs = std::filesystem;

const fs::path kHumanGames = fs::path(CAMELOT_TEST_DATA) / "wcf-human-games.txt";

class GameImport : public ::testing::Test {
 protected:
  void write(const fs::path& file, const std::string& text) {
    fs::create_directories(file.parent_path());
    std::ofstream(file) << text;
  }

  ImportSummary import(const std::vector<fs::path>& sources) {
    GameDatabase database(dir_ / "games.db");
    const std::atomic<bool> never{false};
    return importGames(
        database, sources, [&](const std::string& line) { bad_.push_back(line); },
        [](const ImportSummary&) {}, never);
  }

  testing_support::ScratchDir dir_;
  std::vector<std::string> bad_;
};

TEST_F(GameImport, TranspositionsMeetInOnePositionAndNoGameCountsTwice) {
  const fs::path text = dir_ / "two.txt";
  // The same position after three plies by two move orders; then the same fourth move.
  write(text,
        "# two games\n"
        "D7-D8 I10-I9 E7-E8 H10-H9 1-0\n"
        "\n"
        "E7-E8 I10-I9 D7-D8 H10-H9 0-1\n");
  const ImportSummary first = import({text});
  EXPECT_EQ(first.imported, 2);
  EXPECT_EQ(first.duplicates, 0);
  EXPECT_EQ(first.bad, 0);
  EXPECT_TRUE(bad_.empty());

  GameDatabase database(dir_ / "games.db");
  EXPECT_EQ(database.gameCount(), 2);
  const std::vector<MoveStats> fromStart = database.moves(Position::start().hash());
  ASSERT_EQ(fromStart.size(), 2u);
  EXPECT_EQ(fromStart[0].move, "D7-D8");  // equal counts: by notation
  EXPECT_EQ(fromStart[0].whiteWins, 1);
  EXPECT_EQ(fromStart[0].blackWins, 0);
  EXPECT_EQ(fromStart[0].child, keyAfter("D7-D8"));
  EXPECT_EQ(fromStart[1].move, "E7-E8");
  EXPECT_EQ(fromStart[1].blackWins, 1);
  const std::uint64_t merged = keyAfter("D7-D8 I10-I9 E7-E8");
  ASSERT_EQ(merged, keyAfter("E7-E8 I10-I9 D7-D8"));
  const std::vector<MoveStats> after = database.moves(merged);
  ASSERT_EQ(after.size(), 1u);
  EXPECT_EQ(after[0].move, "H10-H9");
  EXPECT_EQ(after[0].whiteWins, 1);
  EXPECT_EQ(after[0].blackWins, 1);
  EXPECT_EQ(after[0].games(), 2);

  // Again, and the same games in another file: nothing new, no count doubled.
  const fs::path copy = dir_ / "copy.txt";
  write(copy, "E7-E8 I10-I9 D7-D8 H10-H9 0-1\nD7-D8 I10-I9 E7-E8 H10-H9 1-0\n");
  const ImportSummary again = import({text, copy});
  EXPECT_EQ(again.imported, 0);
  EXPECT_EQ(again.duplicates, 4);
  EXPECT_EQ(database.gameCount(), 2);
  EXPECT_EQ(database.moves(merged)[0].games(), 2);
}

TEST_F(GameImport, BadLinesAreReportedWithFileAndLineAndSkipped) {
  const fs::path text = dir_ / "mixed.txt";
  write(text,
        "F7-F8 G10-G9 1/2-1/2\n"
        "F7-F8 F7-F9 1-0\n"
        "F7-F8 G10-G9\n"
        "E7-E8 *\n");
  const ImportSummary summary = import({text});
  EXPECT_EQ(summary.imported, 2);
  EXPECT_EQ(summary.bad, 2);
  ASSERT_EQ(bad_.size(), 2u);
  EXPECT_TRUE(bad_[0].starts_with(text.string() + ":2: move 2 'F7-F9': ")) << bad_[0];
  EXPECT_EQ(bad_[1], text.string() +
                         ":3: no result at the end of the line (1-0, 0-1, 1/2-1/2 or *; got "
                         "'G10-G9')");
  GameDatabase database(dir_ / "games.db");
  const std::vector<MoveStats> fromStart = database.moves(Position::start().hash());
  ASSERT_EQ(fromStart.size(), 2u);
  EXPECT_EQ(fromStart[0].move, "E7-E8");
  EXPECT_EQ(fromStart[0].unknown, 1);
  EXPECT_EQ(fromStart[1].move, "F7-F8");
  EXPECT_EQ(fromStart[1].draws, 1);
}

// A line of form feeds or vertical tabs is blank like any other (it once crashed the reader).
TEST_F(GameImport, LinesOfAnyWhitespaceAreBlank) {
  const fs::path text = dir_ / "spaced.txt";
  write(text, "F7-F8 G10-G9 *\n\f\n\v\r\n \t\f\v\nE7-E8 1-0\n");
  const ImportSummary summary = import({text});
  EXPECT_EQ(summary.imported, 2);
  EXPECT_EQ(summary.bad, 0);
  EXPECT_TRUE(bad_.empty());
}

// A Grand Camelot games file is said to be one, once, and skipped; the files beside it are read.
TEST_F(GameImport, AGrandCamelotFileIsSaidOnceAndSkipped) {
  GrandGameRecord grand;
  grand.rb = "random";
  grand.gy = "greedy";
  const fs::path grandFile = dir_ / "grand" / "games.jsonl";
  write(grandFile, grand.toJsonLine() + "\n" + grand.toJsonLine() + "\n");
  const fs::path text = dir_ / "one.txt";
  write(text, "F7-F8 G10-G9 1/2-1/2\n");
  const ImportSummary summary = import({grandFile, text});
  EXPECT_EQ(summary.imported, 1);
  ASSERT_EQ(bad_.size(), 1u);
  EXPECT_EQ(bad_[0], grandFile.string() +
                         ":1: a game of the variant 'grand'; the opening database holds the "
                         "standard game only, so the rest of this file is skipped");
}

TEST_F(GameImport, ReadsGameRecordsAndRunDirectories) {
  const std::string line = R"({"game":1,"white":"random","black":"greedy","start":")" +
                           toCfen(Position::start()) +
                           R"(","moves":["F7-F8","G10-G9"],"result":"white","plies":2})";
  // A run keeps its games under games/, a match or arena in games.jsonl.
  write(dir_ / "run" / "games" / "gen-000001.jsonl", line + "\n{\"moves\": 3}\n");
  write(dir_ / "arena" / "games.jsonl", "not json\n");
  const ImportSummary summary = import({dir_ / "run", dir_ / "arena"});
  EXPECT_EQ(summary.imported, 1);
  EXPECT_EQ(summary.bad, 2);
  ASSERT_EQ(bad_.size(), 2u);
  EXPECT_TRUE(bad_[0].starts_with((dir_ / "run" / "games" / "gen-000001.jsonl").string() +
                                  ":2: bad game record: "))
      << bad_[0];
  EXPECT_TRUE(
      bad_[1].starts_with((dir_ / "arena" / "games.jsonl").string() + ":1: not a JSON object ("))
      << bad_[1];
  GameDatabase database(dir_ / "games.db");
  const std::vector<MoveStats> fromStart = database.moves(Position::start().hash());
  ASSERT_EQ(fromStart.size(), 1u);
  EXPECT_EQ(fromStart[0].move, "F7-F8");
  EXPECT_EQ(fromStart[0].whiteWins, 1);
  Statement players(database.sqlite(), "SELECT white, black, result, moves FROM games");
  ASSERT_TRUE(players.step());
  EXPECT_EQ(players.text(0), "random");
  EXPECT_EQ(players.text(1), "greedy");
  EXPECT_EQ(players.text(2), "white");
  EXPECT_EQ(players.text(3), "F7-F8 G10-G9");
}

// R9 a: White's second man entering Black's castle wins. A move after that, or another result,
// is a bad line.
TEST_F(GameImport, AGameTheRulesEndedEndsThere) {
  const std::string start = "M1/4M3/10/12/12/12/12/12/12/12/12/m11/12/10/8/2 w 0 0 0";
  const auto record = [&](const std::string& moves, const std::string& result) {
    return R"({"start":")" + start + R"(","moves":[)" + moves + R"(],"result":")" + result +
           "\"}\n";
  };
  const fs::path file = dir_ / "castle.jsonl";
  write(file, record(R"("G15-G16")", "black") + record(R"("G15-G16","A5-A6")", "white") +
                  record(R"("G15-G16")", "white"));
  const ImportSummary summary = import({file});
  EXPECT_EQ(summary.imported, 1);
  ASSERT_EQ(bad_.size(), 2u);
  EXPECT_EQ(bad_[0], file.string() + ":1: the result is black but the rules give white (castle)");
  EXPECT_EQ(bad_[1], file.string() + ":2: move 2 'A5-A6': the game was over (castle)");
}

TEST_F(GameImport, TheHumanGamesImportWhole) {
  const ImportSummary summary = import({kHumanGames});
  EXPECT_EQ(summary.imported, 3);
  EXPECT_EQ(summary.bad, 0);
  GameDatabase database(dir_ / "games.db");
  const std::vector<MoveStats> fromStart = database.moves(Position::start().hash());
  // Games 1 and 5 open D6-F8 and H6-H8, game 4 E6-G8; none has a result ('*').
  ASSERT_EQ(fromStart.size(), 3u);
  for (const MoveStats& m : fromStart) {
    EXPECT_EQ(m.games(), 1) << m.move;
    EXPECT_EQ(m.unknown, 1) << m.move;
  }
}

TEST_F(GameImport, AnInterruptedImportKeepsWholeGamesOnly) {
  const fs::path text = dir_ / "one.txt";
  write(text, "F7-F8 G10-G9 1-0\n");
  GameDatabase database(dir_ / "games.db");
  const std::atomic<bool> stop{true};
  const ImportSummary summary = importGames(
      database, {text}, [](const std::string&) {}, [](const ImportSummary&) {}, stop);
  EXPECT_TRUE(summary.interrupted);
  EXPECT_EQ(summary.imported, 0);
  EXPECT_EQ(database.gameCount(), 0);
  EXPECT_TRUE(database.moves(Position::start().hash()).empty());
}

TEST_F(GameImport, OtherFilesAreRefused) {
  write(dir_ / "notes.txt",
        "these are notes, not a database, and long enough to have a header "
        "that SQLite reads and rejects as not its own format at all.\n");
  EXPECT_THROW(GameDatabase(dir_ / "notes.txt"), SqliteError);
  {
    Sqlite other(dir_ / "other.db");
    other.exec("CREATE TABLE t (x INTEGER)");
  }
  try {
    GameDatabase database(dir_ / "other.db");
    FAIL() << "another program's database was opened";
  } catch (const SqliteError& e) {
    EXPECT_EQ(std::string(e.what()),
              (dir_ / "other.db").string() + ": an SQLite database, but not an opening database");
  }
  try {
    import({dir_ / "missing.txt"});
    FAIL() << "a missing source was accepted";
  } catch (const GameSourceError& e) {
    EXPECT_EQ(std::string(e.what()), (dir_ / "missing.txt").string() + ": no such file");
  }
}

}  // namespace
}  // namespace camelot
