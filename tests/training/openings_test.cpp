// Opening suites: random openings are the matches' openings, a suite file round-trips, and a
// bad file is refused with its file and line.

#include "training/evaluation/openings.hpp"

#include <gtest/gtest.h>

#include <array>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "engine/cfen.hpp"
#include "engine/game.hpp"
#include "tests/scratch_dir.hpp"
#include "training/evaluation/match.hpp"

namespace camelot {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> cfens(const std::vector<Position>& positions) {
  std::vector<std::string> texts;
  for (const Position& p : positions)
    texts.push_back(toCfen(p));
  return texts;
}

class Openings : public ::testing::Test {
 protected:
  fs::path write(const std::string& text, const std::string& name = "suite.txt") const {
    const fs::path file = dir_ / name;
    std::ofstream(file, std::ios::binary) << text;
    return file;
  }

  static std::string readError(const fs::path& file) {
    try {
      readOpenings(file);
    } catch (const OpeningsError& e) {
      return e.what();
    }
    return "no error";
  }

  testing_support::ScratchDir dir_;
};

TEST_F(Openings, RandomOpeningsAreTheMatchOpeningsAndRepeatable) {
  const std::vector<Position> openings = randomOpenings(17, 6, 5);
  ASSERT_EQ(openings.size(), 6u);
  for (int i = 0; i < 6; ++i)
    EXPECT_EQ(toCfen(openings[static_cast<std::size_t>(i)]), toCfen(matchOpening(17, i, 5)))
        << "opening " << i;
  EXPECT_EQ(cfens(randomOpenings(17, 6, 5)), cfens(openings));
  // Five random plies from the start: Black to move, and not all the same.
  for (const Position& p : openings)
    EXPECT_EQ(p.sideToMove(), Color::Black);
  EXPECT_NE(toCfen(openings[0]), toCfen(openings[1]));
  EXPECT_NE(cfens(randomOpenings(18, 6, 5)), cfens(openings));
}

TEST_F(Openings, ZeroPliesIsTheStartPosition) {
  EXPECT_EQ(cfens(randomOpenings(3, 2, 0)),
            (std::vector<std::string>{std::string(kStartCfen), std::string(kStartCfen)}));
}

TEST_F(Openings, SuiteTextRoundTripsThroughAFile) {
  const std::vector<Position> openings = randomOpenings(5, 7, 6);
  const std::vector<Position> read = readOpenings(write(openingsText(openings)));
  EXPECT_EQ(cfens(read), cfens(openings));
  ASSERT_EQ(read.size(), openings.size());
  for (std::size_t i = 0; i < read.size(); ++i)
    EXPECT_TRUE(read[i] == openings[i]) << "opening " << i;
}

TEST_F(Openings, CommentsBlankLinesAndSurroundingSpaceAreSkipped) {
  const std::vector<Position> openings = randomOpenings(9, 3, 4);
  const std::string text = "# a suite\n\n   \n" + toCfen(openings[0]) + "\n  # indented comment\n" +
                           "\t" + toCfen(openings[1]) + "  \r\n\r\n" + toCfen(openings[2]);
  EXPECT_EQ(cfens(readOpenings(write(text))), cfens(openings));
}

TEST_F(Openings, BadCfenNamesItsLine) {
  const std::vector<Position> openings = randomOpenings(9, 2, 4);
  const std::string bad = "2/8/10/12 w 0 0 0";
  std::string cfenMessage;
  try {
    parseCfen(bad);
  } catch (const CfenError& e) {
    cfenMessage = e.what();
  }
  ASSERT_FALSE(cfenMessage.empty());
  const fs::path file =
      write("# suite\n" + toCfen(openings[0]) + "\n\n" + bad + "\n" + toCfen(openings[1]) + "\n");
  EXPECT_EQ(readError(file), file.string() + ":4: " + cfenMessage);
}

TEST_F(Openings, FinishedPositionIsAnError) {
  // One man each: R9 b, a draw by material.
  const std::string over = "2/8/10/12/12/12/5m6/12/12/5M6/12/12/12/10/8/2 w 0 0 0";
  ASSERT_TRUE(Game(parseCfen(over)).finished());
  const fs::path file = write(std::string(kStartCfen) + "\n" + over + "\n");
  EXPECT_EQ(readError(file), file.string() + ":2: the game is already over here");
}

TEST_F(Openings, FileWithoutOpeningsIsAnError) {
  const fs::path comments = write("# nothing here\n\n  \n", "comments.txt");
  EXPECT_EQ(readError(comments), comments.string() + ": no openings in the file");
  const fs::path empty = write("", "empty.txt");
  EXPECT_EQ(readError(empty), empty.string() + ": no openings in the file");
}

TEST_F(Openings, MissingFileIsAnError) {
  const fs::path file = dir_ / "nowhere.txt";
  EXPECT_EQ(readError(file), file.string() + ": cannot read the openings file");
}

TEST(ScatteredPosition, IsRepeatableVariedAndPlayable) {
  EXPECT_EQ(scatteredPosition(7), scatteredPosition(7));
  std::set<std::uint64_t> hashes;
  int whiteToMove = 0;
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    const Position p = scatteredPosition(seed);
    hashes.insert(p.hash());
    EXPECT_EQ(p.hash(), p.computeHash());
    whiteToMove += p.sideToMove() == Color::White ? 1 : 0;
    for (const Color c : {Color::White, Color::Black}) {
      EXPECT_GE(p.pieceCount(c), 2) << toCfen(p);
      EXPECT_LE(p.knights(c).count(), kMaxKnightsPerSide) << toCfen(p);
      EXPECT_LE(p.men(c).count(), kMaxMenPerSide) << toCfen(p);
      // The castles start empty (R7, R8: no obligation to leave, no half-won goal).
      for (const Square s :
           {makeSquare(5, 1), makeSquare(6, 1), makeSquare(5, 16), makeSquare(6, 16)})
        EXPECT_FALSE(p.pieceAt(s).has_value()) << toCfen(p);
    }
    EXPECT_FALSE(Game(p).finished()) << toCfen(p);  // R9: a game to play
    EXPECT_EQ(p.clock(), 0);
  }
  EXPECT_EQ(hashes.size(), 200u);
  EXPECT_GT(whiteToMove, 70);
  EXPECT_LT(whiteToMove, 130);
}

TEST(ScatteredPosition, G12_GrandStartsAreRepeatableVariedAndPlayable) {
  EXPECT_EQ(scatteredPosition<GrandRules>(7), scatteredPosition<GrandRules>(7));
  std::set<std::string> positions;
  std::array<int, grand::kPlayers> toMove{};
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    const grand::GrandPosition p = scatteredPosition<GrandRules>(seed);
    positions.insert(grand::toGfen(p));
    ++toMove[static_cast<std::size_t>(grand::index(p.toMove))];
    std::array<int, 2> partnershipPieces{};
    for (int i = 0; i < grand::kPlayers; ++i) {
      int knights = 0;
      int men = 0;
      for (int square = 0; square < grand::kGridSquares; ++square) {
        const auto s = static_cast<grand::Square>(square);
        const grand::Piece piece = p.board[s];
        if (piece.empty() || piece.owner() != grand::playerAt(i)) continue;
        EXPECT_TRUE(grand::isReal(grand::fileOf(s), grand::rankOf(s))) << grand::toGfen(p);
        // No piece in any castle (G9, G10: nothing to leave, no goal already held).
        for (int c = 0; c < grand::kPlayers; ++c)
          EXPECT_FALSE(grand::inCastle(s, grand::playerAt(c))) << grand::toGfen(p);
        ++(piece.knight() ? knights : men);
      }
      EXPECT_LE(knights, grand::kKnightsPerPlayer / 2) << grand::toGfen(p);
      EXPECT_LE(men, grand::kMenPerPlayer / 2) << grand::toGfen(p);
      partnershipPieces[static_cast<std::size_t>(grand::partnershipOf(grand::playerAt(i)))] +=
          knights + men;
    }
    EXPECT_GE(partnershipPieces[0], 2) << grand::toGfen(p);
    EXPECT_GE(partnershipPieces[1], 2) << grand::toGfen(p);
    EXPECT_FALSE(BasicGame<GrandRules>(p).finished()) << grand::toGfen(p);  // G12: a game to play
    EXPECT_EQ(p.clock, 0);
    EXPECT_EQ(p.castleMovesUsed, (std::array<int, grand::kPlayers>{}));
  }
  EXPECT_EQ(positions.size(), 200u);
  for (const int n : toMove) {  // any player moves first, about a quarter of the time each
    EXPECT_GT(n, 25);
    EXPECT_LT(n, 75);
  }
}

TEST_F(Openings, SuiteTextStartsWithAComment) {
  const std::string text = openingsText({Position::start()});
  EXPECT_EQ(text,
            "# CamelotZero opening suite: one CFEN per line\n" + std::string(kStartCfen) + "\n");
}

}  // namespace
}  // namespace camelot
