// `camelot engine`: the line protocol of docs/engine_protocol.md, compared exactly with
// scripted sessions; every kind of bad input answers one `error` line and the session goes on;
// the network search reports its principal variation.

#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <sstream>

#include "cli/engine_session.hpp"
#include "engine/notation.hpp"
#include "nn/backend/fresh_network.hpp"
#include "tests/cli/cli_runner.hpp"
#include "tests/scratch_dir.hpp"
#include "tests/tiny_network.hpp"

namespace camelot::cli {
namespace {

// White to move must capture F6xF8 (R4), its only legal move; Black keeps L13.
constexpr const char* kForcedCapture = "2/8/10/11m/12/12/12/12/12/5m6/5M6/12/M11/10/8/2 w 0 0 0";
// One piece each: drawn (R9 b).
constexpr const char* kDrawn = "2/8/10/12/12/12/4m7/12/12/12/12/5M6/12/10/8/2 w 0 0 0";

CliResult greedyEngine(const std::string& input) {
  return runCamelot({"engine", "--player", "greedy"}, input);
}

std::vector<std::string> words(const std::string& line) {
  std::istringstream stream(line);
  std::vector<std::string> result;
  for (std::string w; stream >> w;)
    result.push_back(w);
  return result;
}

TEST(EngineProtocol, ScriptedSessionWithAClassicalPlayer) {
  const CliResult r = greedyEngine(std::string("position fen ") + kForcedCapture +
                                   "\n"
                                   "status\n"
                                   "legal\n"
                                   "go\n"
                                   "move F6xF8\n"
                                   "legal\n"
                                   "position fen " +
                                   kDrawn +
                                   "\n"
                                   "status\n"
                                   "legal\n"
                                   "newgame\n"
                                   "move 106C82\n"
                                   "status\n");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "status in progress\n"
            "legal F6xF8\n"
            "bestmove F6xF8\n"
            "legal L13-K12 L13-K13 L13-K14 L13-L12\n"
            "status draw material\n"
            "legal\n"
            "status in progress\n");
  EXPECT_EQ(r.err, "");
}

TEST(EngineProtocol, BadInputAnswersOneErrorLineAndTheSessionGoesOn) {
  const CliResult r = greedyEngine(std::string("fly away\n"
                                               "position fen 2/8/x w 0 0 0\n"
                                               "position startpos moves F6-F8 F8-F10\n"
                                               "position\n"
                                               "position startpos F6-F8\n"
                                               "move F6-F7\n"
                                               "move A1-A2\n"
                                               "move\n"
                                               "go sims 0\n"
                                               "go sims many\n"
                                               "go time -1\n"
                                               "go time\n"
                                               "go depth 3\n"
                                               "go sims 2 sims 3\n"
                                               "legal now\n"
                                               "status\n"
                                               "position fen ") +
                                   kDrawn +
                                   "\n"
                                   "go\n"
                                   "move F5-F6\n"
                                   "position fen " +
                                   kDrawn + " moves F5-F6\n");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(
      r.out,
      "error unknown command 'fly' (commands: newgame, position, go, move, legal, status, quit)\n"
      "error bad CFEN: the board has 3 rank fields, expected 16\n"
      "error move 2: illegal move 'F8-F10': no Black piece on F8\n"
      "error position needs 'startpos' or 'fen CFEN', then optionally 'moves M1 M2 ...'\n"
      "error position needs 'startpos' or 'fen CFEN', then optionally 'moves M1 M2 ...'\n"
      "error illegal move 'F6-F7': F7 is occupied; the legal moves from F6 are F6-F5, F6-G5, "
      "F6-E5, F6-D8, F6-F8, F6-H8\n"
      "error unreadable move 'A1-A2': expected squares joined by '-' or 'x' (C6-C8, E6-C8-A8, "
      "H4xJ4xL6) or numeric notation (26-27, 26C28C30, 26J28J30, KC26C28J30)\n"
      "error move needs a move, e.g. 'move F6-F8'\n"
      "error go: sims must be a whole number 1..10000000, not '0'\n"
      "error go: sims must be a whole number 1..10000000, not 'many'\n"
      "error go: time must be a number of seconds above 0 and at most 3600, not '-1'\n"
      "error go: time needs a value\n"
      "error go: unknown option 'depth' (options: sims N, time S)\n"
      "error go: sims is given twice\n"
      "error legal takes no arguments, got 'now'\n"
      "status in progress\n"
      "error the game is over (draw material)\n"
      "error the game is over (draw material)\n"
      "error move 1 'F5-F6': the game is already over (draw (material))\n");
}

// A huge unreadable line gets a short error line: what it echoes is cut.
TEST(EngineProtocol, AHugeLineIsNotEchoedWhole) {
  const std::string huge(10'000'000, 'z');
  const CliResult r = greedyEngine(huge + "\nstatus\n");
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string expected = "error unknown command '" + std::string(283, 'z') +
                               "... (9999779 more characters)\nstatus in progress\n";
  EXPECT_EQ(r.out, expected);
}

TEST(EngineProtocol, FailedCommandsLeaveTheGameAsItWas) {
  const CliResult r = greedyEngine(
      "move F6-F8\n"
      "position startpos moves G11-G9\n"
      "move F8-F10x\n"
      "status\n"
      "legal\n");
  ASSERT_EQ(r.status, 0);
  const std::string afterF6F8 =
      runCamelot({"engine", "--player", "random"}, "position startpos moves F6-F8\nlegal\n").out;
  const std::string lastLine = r.out.substr(r.out.rfind("legal"));
  EXPECT_EQ(lastLine, afterF6F8);
}

TEST(EngineProtocol, LegalAtTheStartListsTheMovesShowLists) {
  const CliResult engine = greedyEngine("legal\n");
  const CliResult show = runCamelot({"show"});
  ASSERT_EQ(show.status, 0);
  std::vector<std::string> shown = words(show.out.substr(show.out.find("Legal moves (100):")));
  shown.erase(shown.begin(), shown.begin() + 3);  // "Legal", "moves", "(100):"
  std::vector<std::string> listed = words(engine.out);
  ASSERT_EQ(listed.front(), "legal");
  listed.erase(listed.begin());
  EXPECT_EQ(listed.size(), 100u);
  EXPECT_EQ(listed, shown);
}

TEST(EngineProtocol, QuitStopsReadingAndEmptyLinesAreIgnored) {
  EXPECT_EQ(greedyEngine("\n   \r\nstatus\r\nquit\nstatus\nlegal\n").out, "status in progress\n");
  EXPECT_EQ(greedyEngine("quit now\nstatus\n").out,
            "error quit takes no arguments, got 'now'\nstatus in progress\n");
  // The end of the input ends the session as quit does.
  const CliResult r = greedyEngine("status");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "status in progress\n");
}

TEST(EngineProtocol, TakesAtMostOneOfNetAndPlayer) {
  EXPECT_EQ(runCamelot({"engine", "--net", "a.ckpt", "--player", "greedy"}).status, 2);
  EXPECT_EQ(runCamelot({"engine", "--player", "greedy", "--sims", "8"}).status, 2);
  const CliResult badSpec = runCamelot({"engine", "--player", "chess"}, "status\n");
  EXPECT_EQ(badSpec.status, 2);
  EXPECT_NE(badSpec.err.find("unknown kind 'chess'"), std::string::npos) << badSpec.err;
  EXPECT_EQ(badSpec.out, "");
}

// A player that remembers the budget it was given and reports a fixed search.
class ScriptedPlayer final : public Player {
 public:
  explicit ScriptedPlayer(std::vector<ThinkingBudget>& budgets) : budgets_(budgets) {}
  std::string name() const override { return "scripted"; }
  Move chooseMove(const Game& game, const ThinkingBudget& budget) override {
    budgets_.push_back(budget);
    const Move first = parseMove(game.position(), "F6-F8");
    const Move reply = parseMove(game.position().after(first), "G11-G9");
    report_ = MoveReport{7, -0.0004f, {first, reply}, 2};
    return first;
  }
  std::optional<MoveReport> lastReport() const override { return report_; }

 private:
  std::vector<ThinkingBudget>& budgets_;
  MoveReport report_;
};

TEST(EngineSession, PassesTheBudgetAndWritesTheInfoLine) {
  std::vector<ThinkingBudget> budgets;
  EngineSession session(std::make_unique<ScriptedPlayer>(budgets));
  std::ostringstream out;
  EXPECT_TRUE(session.handle("go sims 5 time 0.25", out));
  EXPECT_TRUE(session.handle("go", out));
  EXPECT_TRUE(session.handle("go time 2", out));
  EXPECT_FALSE(session.handle("quit", out));
  const std::string answer = "info depth 2 visits 7 value 0.000 pv F6-F8 G11-G9\nbestmove F6-F8\n";
  EXPECT_EQ(out.str(), answer + answer + answer);
  ASSERT_EQ(budgets.size(), 3u);
  EXPECT_EQ(budgets[0].simulations, 5);
  EXPECT_EQ(budgets[0].time, std::chrono::milliseconds(250));
  EXPECT_FALSE(budgets[0].depth);
  EXPECT_FALSE(budgets[1].simulations);
  EXPECT_FALSE(budgets[1].time);
  EXPECT_FALSE(budgets[2].simulations);
  EXPECT_EQ(budgets[2].time, std::chrono::milliseconds(2000));
}

TEST(EngineSession, StatusWordsNameTheWinnerAndTheReason) {
  EXPECT_EQ(statusWords({}), "in progress");
  EXPECT_EQ(statusWords({Outcome::WhiteWins, EndReason::Castle}), "white wins castle");
  EXPECT_EQ(statusWords({Outcome::BlackWins, EndReason::NoMoves}), "black wins no moves");
  EXPECT_EQ(statusWords({Outcome::Draw, EndReason::Repetition}), "draw repetition");
}

class EngineWithNetwork : public ::testing::Test {
 protected:
  void SetUp() override {
    const NetworkConfig config = tinyNetworkConfig();
    writeFreshNetwork(net(), config, 5);
  }
  std::string net() const { return (dir_ / "tiny.ckpt").string(); }

 private:
  testing_support::ScratchDir dir_;
};

TEST(EngineProtocol, WithNeitherNetNorPlayerTheShippedNetworkSearches) {
  const CliResult r = runCamelot({"engine", "--sims", "8"}, "go\n");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(std::regex_match(r.out, std::regex("info depth \\d+ visits 8 value -?[01]\\.\\d{3} "
                                                 "pv [^\n]+\nbestmove \\S+\n")))
      << r.out;
}

TEST_F(EngineWithNetwork, ReportsThePrincipalVariationAndALegalMove) {
  const CliResult r = runCamelot({"engine", "--net", net(), "--sims", "24"},
                                 "go sims 16\nposition startpos moves F6-F8\ngo\n");
  ASSERT_EQ(r.status, 0) << r.err;
  const std::regex info(R"(info depth (\d+) visits (\d+) value (-?[01]\.\d{3}) pv ([^\n]+)\n)"
                        R"(bestmove (\S+)\n)");
  std::smatch m;
  std::string rest = r.out;
  const std::vector<int> expectedVisits{16, 24};
  const std::vector<std::string> moves{"", "F6-F8"};
  for (std::size_t i = 0; i < 2; ++i) {
    ASSERT_TRUE(std::regex_search(rest, m, info, std::regex_constants::match_continuous)) << r.out;
    const std::vector<std::string> pv = words(m[4]);
    EXPECT_EQ(std::stoi(m[1]), static_cast<int>(pv.size()));
    // The second search keeps the subtree the first left below F6-F8.
    if (i == 0)
      EXPECT_EQ(std::stoi(m[2]), expectedVisits[i]);
    else
      EXPECT_GE(std::stoi(m[2]), expectedVisits[i]);
    EXPECT_LE(std::abs(std::stod(m[3])), 1.0);
    EXPECT_EQ(pv.front(), m[5]);
    // Every move of the PV is legal in turn, starting with the best move.
    Game game;
    for (const std::string& played : words(moves[i]))
      game.play(parseMove(game.position(), played));
    for (const std::string& move : pv)
      ASSERT_NO_THROW(game.play(parseMove(game.position(), move))) << move;
    rest = m.suffix();
  }
  EXPECT_EQ(rest, "");
}

TEST_F(EngineWithNetwork, AlphaBetaByDefaultReportsItsDepthAndNodes) {
  const CliResult r = runCamelot({"engine", "--net", net(), "--depth", "2"}, "go\n");
  ASSERT_EQ(r.status, 0) << r.err;
  const std::regex info(R"(info depth 2 visits (\d+) value (-?[01]\.\d{3}) pv ([^\n]+)\n)"
                        R"(bestmove (\S+)\n)");
  std::smatch m;
  ASSERT_TRUE(std::regex_match(r.out, m, info)) << r.out;
  EXPECT_GT(std::stoi(m[1]), 20);
  const std::vector<std::string> pv = words(m[3]);
  EXPECT_EQ(pv.front(), m[4]);
  Game game;
  for (const std::string& move : pv)
    ASSERT_NO_THROW(game.play(parseMove(game.position(), move))) << move;
}

}  // namespace
}  // namespace camelot::cli
