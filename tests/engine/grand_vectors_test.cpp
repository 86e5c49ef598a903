// Grand Camelot against the shared vectors (tests/data/vectors/grand-movegen.jsonl and
// grand-perft.txt, copies of ../shared/vectors/): for every position the exact moves (notation,
// key and resulting GFEN), the outcome and perft. They cover G1-G14.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>

#include "engine/grand/grand_rules.hpp"
#include "tests/engine/json_lines.hpp"

namespace camelot::grand {
namespace {

const std::filesystem::path kVectorDir(CAMELOT_VECTOR_DIR);

// "win rb castle" -> "rb", "draw - material" -> "draw", "none" -> "none".
std::string expectedOutcome(const std::string& text) {
  if (text.starts_with("win ")) return text.substr(4, 2);
  if (text.starts_with("draw")) return "draw";
  return "none";
}

std::string outcomeText(const GrandOutcome& outcome) {
  switch (outcome.kind) {
    case GrandOutcome::Kind::Win:
      return partnershipName(outcome.winner);
    case GrandOutcome::Kind::Draw:
      return "draw";
    default:
      return "none";
  }
}

class GrandVectors : public ::testing::Test {
 protected:
  void SetUp() override {
    vectors_ = testing_support::readJsonLines(kVectorDir / "grand-movegen.jsonl");
    ASSERT_EQ(vectors_.size(), 245u);
  }
  std::vector<nlohmann::json> vectors_;
};

TEST_F(GrandVectors, G1_to_G14_ExactMoveListsAndOutcomes) {
  for (const auto& v : vectors_) {
    SCOPED_TRACE(v["id"].get<std::string>() + " " + v["label"].get<std::string>());
    const GrandPosition p = parseGfen(v["fen"].get<std::string>());
    EXPECT_EQ(toGfen(p), v["fen"].get<std::string>());
    EXPECT_EQ(outcomeText(outcomeOf(p)), expectedOutcome(v["outcome"].get<std::string>()));
    std::vector<std::array<std::string, 3>> actual;
    for (const GrandMove& m : legalMoves(p))
      actual.push_back({notation(m), moveKey(m), toGfen(afterMove(p, m))});
    std::vector<std::array<std::string, 3>> expected;
    for (const auto& m : v["moves"])
      expected.push_back({m["n"], m["k"], m["r"]});
    EXPECT_EQ(actual, expected);
  }
}

TEST_F(GrandVectors, G13_PerftOfEveryPosition) {
  for (const auto& v : vectors_) {
    SCOPED_TRACE(v["id"].get<std::string>() + " " + v["label"].get<std::string>());
    const GrandPosition p = parseGfen(v["fen"].get<std::string>());
    for (const auto& [depth, count] : v["perft"].items())
      EXPECT_EQ(perft(p, std::stoi(depth)), count.get<std::uint64_t>()) << "depth " << depth;
  }
}

// G5, G9, G11, G12.4: the tactical listing is the full list's captures and moves onto the
// mover's goal from off it (a forced pass where that is the only move), in the same order, and
// it says whether the full list has more. Returns whether the full list had moves left out.
bool checkTacticalMoves(const GrandPosition& p) {
  const std::vector<GrandMove> all = unsortedLegalMoves(p);
  std::vector<std::string> expected;
  for (const GrandMove& m : all)
    if (m.pass() || !m.captured.empty() ||
        (onGoal(m.path.back(), p.toMove) && !onGoal(m.path.front(), p.toMove)))
      expected.push_back(notation(m));
  bool leftOut = true;
  std::vector<std::string> tactical;
  for (const GrandMove& m : unsortedTacticalMoves(p, leftOut))
    tactical.push_back(notation(m));
  EXPECT_EQ(tactical, expected) << toGfen(p);
  EXPECT_EQ(leftOut, expected.size() < all.size()) << toGfen(p);
  return leftOut;
}

TEST_F(GrandVectors, G5_G9_G11_TheTacticalListingIsTheFullListsCapturesAndGoalEntries) {
  for (const auto& v : vectors_) {
    SCOPED_TRACE(v["id"].get<std::string>() + " " + v["label"].get<std::string>());
    checkTacticalMoves(parseGfen(v["fen"].get<std::string>()));
  }
}

// Random games from the start and from every vector position, to their end: crowded boards,
// compulsory captures, castles to leave, goal entries by step and by canter, sparse endings.
TEST_F(GrandVectors, G5_G9_G11_TheTacticalListingHoldsInRandomGames) {
  std::mt19937_64 rng(11);
  std::vector<GrandPosition> starts{GrandPosition::start()};
  for (const auto& v : vectors_)
    starts.push_back(parseGfen(v["fen"].get<std::string>()));
  int checked = 0, withGoalEntries = 0, complete = 0;
  for (std::size_t game = 0; game < 2 * starts.size(); ++game) {
    GrandPosition p = starts[game % starts.size()];
    for (int ply = 0; ply < 300 && !::testing::Test::HasFailure(); ++ply) {
      complete += checkTacticalMoves(p) ? 0 : 1;
      ++checked;
      const std::vector<GrandMove> moves = unsortedLegalMoves(p);
      if (moves.empty() || p.clock >= kClockLimit) break;
      withGoalEntries += std::ranges::any_of(moves, [&](const GrandMove& m) {
        return m.captured.empty() && !m.pass() && onGoal(m.path.back(), p.toMove) &&
               !onGoal(m.path.front(), p.toMove);
      });
      p = afterMove(p, moves[rng() % moves.size()]);
    }
  }
  // Every case met: quiet goal entries, and lists the tactical listing gives in full.
  EXPECT_GT(checked, 50000);
  EXPECT_GT(withGoalEntries, 300);
  EXPECT_GT(complete, 10000);
}

// grand-perft.txt to depth 3 (depth 4 is the benchmark's).
TEST(GrandPerft, G13_StartAndFourOtherPositions) {
  std::ifstream in(kVectorDir / "grand-perft.txt");
  std::string line;
  GrandPosition position;
  int checked = 0;
  while (std::getline(in, line)) {
    if (line.starts_with("fen ")) position = parseGfen(line.substr(4));
    if (!line.starts_with("perft ")) continue;
    std::istringstream fields(line.substr(6));
    int depth = 0;
    std::uint64_t count = 0;
    fields >> depth >> count;
    if (depth > 3) continue;
    EXPECT_EQ(perft(position, depth), count) << toGfen(position) << " depth " << depth;
    ++checked;
  }
  EXPECT_EQ(checked, 15);  // depths 1-3 of the five positions
}

TEST(GrandMoves, G13_AMoveIsFoundByItsNotationOrItsKey) {
  const GrandPosition start = GrandPosition::start();
  ASSERT_TRUE(findMove(start, "F3-E2"));
  EXPECT_EQ(notation(*findMove(start, "F3-E2")), "F3-E2");
  // A one-leap canter over a friendly man.
  const auto canter = findMove(start, "G3-E3");
  ASSERT_TRUE(canter);
  EXPECT_EQ(canter->steps(), 1);
  EXPECT_FALSE(findMove(start, "F3-F9"));    // not a move
  EXPECT_FALSE(findMove(start, "G13-G12"));  // Green's, not Red's
  const GrandPosition green = afterMove(start, *findMove(start, "F3-E2"));
  const auto long_canter = findMove(green, "G13-I15-K13-K15");
  ASSERT_TRUE(long_canter);
  EXPECT_EQ(moveKey(*long_canter), "G13-K15");
  EXPECT_EQ(notation(*findMove(green, "G13-K15")), "G13-I15-K13-K15");
}

// The vectors' copies are the G2 symmetries of their originals: the transposition maps the
// moves too (each result position to the copy's), the half turn the position and the outcome.
TEST_F(GrandVectors, G2_TheCopiesAreTheSymmetriesOfTheirOriginals) {
  std::map<std::string, nlohmann::json> byLabel;
  for (const auto& v : vectors_)
    byLabel[v["label"].get<std::string>()] = v;
  int transposedChecked = 0;
  int halfTurnsChecked = 0;
  for (const auto& [label, copy] : byLabel) {
    const std::size_t tilde = label.rfind('~');
    if (tilde == std::string::npos || !byLabel.contains(label.substr(0, tilde))) continue;
    SCOPED_TRACE(label);
    const std::string kind = label.substr(tilde + 1);
    const GrandPosition original =
        parseGfen(byLabel[label.substr(0, tilde)]["fen"].get<std::string>());
    if (kind == "transposed") {
      const GrandPosition image = transposed(original);
      EXPECT_EQ(toGfen(image), copy["fen"].get<std::string>());
      EXPECT_EQ(transposed(image), original);
      std::vector<std::string> mappedResults;
      for (const GrandMove& m : legalMoves(original))
        mappedResults.push_back(toGfen(transposed(afterMove(original, m))));
      std::vector<std::string> copyResults;
      for (const auto& m : copy["moves"])
        copyResults.push_back(m["r"]);
      std::sort(mappedResults.begin(), mappedResults.end());
      std::sort(copyResults.begin(), copyResults.end());
      EXPECT_EQ(mappedResults, copyResults);
      ++transposedChecked;
    } else if (kind == "halfturn") {
      const GrandPosition image = halfTurned(original);
      EXPECT_EQ(toGfen(image), copy["fen"].get<std::string>());
      EXPECT_EQ(halfTurned(image), original);
      EXPECT_EQ(legalMoves(image).size(), legalMoves(original).size());
      ++halfTurnsChecked;
    }
  }
  EXPECT_GE(transposedChecked, 61);
  EXPECT_GE(halfTurnsChecked, 61);
}

TEST(GrandPosition, G3_G14_TheStartIsTheTextsAndBadGfenIsRefused) {
  const GrandPosition start = GrandPosition::start();
  EXPECT_EQ(toGfen(start), kGrandStartGfen);
  for (const Player p : {Player::Red, Player::Green, Player::Blue, Player::Yellow})
    EXPECT_EQ(start.piecesOf(p), 12);
  EXPECT_EQ(start.board[*parseSquare("F3")], Piece::of(Player::Red, true));
  EXPECT_EQ(start.board[*parseSquare("C8")], Piece::of(Player::Blue, false));
  for (const char* bad :
       {"", "2/8 r 0 0 0 0 0",
        "3/8/2GggggG2/4GggG4/6gg6/1B10Y1/1bB8Yy1/2bbb6yyy2/2bbb6yyy2/"
        "1bB8Yy1/1B10Y1/6rr6/4RrrR4/2RrrrrR2/8/2 r 0 0 0 0 0",
        "2/8/2GggggG2/4GggG4/6gg6/1B10Y1/1bB8Yy1/2bbb6yyy2/2bbb6yyy2/1bB8Yy1/1B10Y1/6rr6/"
        "4RrrR4/2RrrrrR2/8/2 w 0 0 0 0 0",
        "2/8/2GggggG2/4GggG4/6gg6/1B10Y1/1bB8Yy1/2bbb6yyy2/2bbb6yyy2/1bB8Yy1/1B10Y1/6rr6/"
        "4RrrR4/2RrrrrR2/8/2 r 0 3 0 0 0",
        "2/8/2GggggG2/4GggG4/6gg6/1B10Y1/1bB8Yy1/2bbb6yyy2/2bbb6yyy2/1bB8Yy1/1B10Y1/6rr6/"
        "4RrrR4/2RrrrrR2/8/11 r 0 0 0 0 0",
        "2/8/2GggggG2/4GggG4/6gg6/1B10Y1/1bB8Yy1/2bbb6yyy2/2bbb6yyy2/1bB8Yy1/1B10Y1/6rr6/"
        "4RrrR4/2RrrrrR2/8/2k r 0 0 0 0 0"})
    EXPECT_THROW(parseGfen(bad), GfenError) << bad;
}

}  // namespace
}  // namespace camelot::grand
