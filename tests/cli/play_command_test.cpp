// `camelot play` driven by scripted input, against a tiny fresh network: moves in both
// notations, the commands, forgiving errors, the end of the game, and errors before play.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>

#include "cli/board_diagram.hpp"
#include "cli/player_choice.hpp"
#include "engine/cfen.hpp"
#include "engine/game.hpp"
#include "engine/notation.hpp"
#include "nn/backend/fresh_network.hpp"
#include "tests/cli/cli_runner.hpp"
#include "tests/scratch_dir.hpp"
#include "tests/tiny_network.hpp"

namespace camelot::cli {
namespace {

// White to move with a man already on F16 and one on G15: G15-G16 occupies both squares of
// Black's castle and wins (R9 a).
constexpr std::string_view kOneMoveFromTheEnd =
    "M1/4M3/10/12/12/12/12/12/12/12/m10m/12/12/10/8/2 w 0 0 0";

class PlayCommand : public ::testing::Test {
 protected:
  void SetUp() override {
    const NetworkConfig config = tinyNetworkConfig();
    writeFreshNetwork(net(), config, 7);
  }

  std::string net() const { return (dir_ / "tiny.ckpt").string(); }
  std::string file(const std::string& name) const { return (dir_ / name).string(); }

  CliResult play(const std::string& input, std::vector<std::string> extra = {}) const {
    std::vector<std::string> args = {"play", "--net", net(), "--sims", "4"};
    args.insert(args.end(), extra.begin(), extra.end());
    return runCamelot(args, input);
  }

 private:
  testing_support::ScratchDir dir_;
};

// Every move the output names after `prefix` ("CamelotZero plays ", "Hint: "), in order.
std::vector<std::string> movesAfter(const std::string& out, const std::string& prefix) {
  std::vector<std::string> moves;
  const std::regex pattern(prefix + "(\\S+) \\(value [+-][0-9]\\.[0-9]{2} for ");
  for (auto it = std::sregex_iterator(out.begin(), out.end(), pattern);
       it != std::sregex_iterator(); ++it)
    moves.push_back((*it)[1]);
  return moves;
}

// Whether `text` is a legal move of `game`, in the notation the program writes.
bool isLegalWritten(const Game& game, const std::string& text) {
  try {
    return toNotation(parseMove(game.position(), text)) == text;
  } catch (const MoveError&) {
    return false;
  }
}

std::size_t count(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1))
    ++n;
  return n;
}

TEST_F(PlayCommand, AMoveIsPlayedAndTheNetworkRepliesLegally) {
  const CliResult r = play("F6-F8\n");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("You play F6-F8\n"), std::string::npos) << r.out;
  const std::vector<std::string> replies = movesAfter(r.out, "CamelotZero plays ");
  ASSERT_EQ(replies.size(), 1u) << r.out;
  Game game;
  game.play(parseMove(game.position(), "F6-F8"));
  EXPECT_TRUE(isLegalWritten(game, replies[0])) << replies[0];
  EXPECT_NE(r.out.find("Last move: " + replies[0] + " by Black (CamelotZero)\n"), std::string::npos)
      << r.out;
  game.play(parseMove(game.position(), replies[0]));
  EXPECT_NE(r.out.find(boardDiagram(game.position())), std::string::npos) << r.out;
}

TEST_F(PlayCommand, AnyPlayerSpecCanBeTheOpponent) {
  // A network spec with its own budget: a value with each move, as with --net.
  const CliResult spec =
      runCamelot({"play", "--player", "net:" + net() + ",search=puct,sims=8"}, "F6-F8\n");
  ASSERT_EQ(spec.status, 0) << spec.err;
  EXPECT_NE(spec.out.find("CamelotZero (mcts:sims=8,eval=net:" + net() + ") is Black"),
            std::string::npos)
      << spec.out;
  EXPECT_EQ(movesAfter(spec.out, "CamelotZero plays ").size(), 1u) << spec.out;

  // A player that does not search has no value to show: its move alone, legal.
  const CliResult classical =
      runCamelot({"play", "--player", "greedy", "--color", "black"}, "quit\n");
  ASSERT_EQ(classical.status, 0) << classical.err;
  const std::regex reply("CamelotZero plays (\\S+)\n");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(classical.out, m, reply)) << classical.out;
  EXPECT_TRUE(isLegalWritten(Game(), m[1])) << m[1];
  // Alpha-beta reports its score as a value (ten men of its evaluation are a sure win).
  const CliResult searching =
      runCamelot({"play", "--player", "alphabeta:depth=1", "--color", "black"}, "quit\n");
  ASSERT_EQ(searching.status, 0) << searching.err;
  EXPECT_TRUE(std::regex_search(searching.out,
                                std::regex("CamelotZero plays \\S+ \\(value [-+][01]\\.\\d+ for "
                                           "CamelotZero\\)\n")))
      << searching.out;
}

TEST_F(PlayCommand, TheNetworkPlaysByAlphaBetaUnlessToldOtherwise) {
  const CliResult r = runCamelot({"play", "--net", net(), "--depth", "2"}, "F6-F8\n");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("CamelotZero (net:" + net() + ",depth=2) is Black"), std::string::npos)
      << r.out;
  EXPECT_EQ(movesAfter(r.out, "CamelotZero plays ").size(), 1u) << r.out;
  EXPECT_EQ(runCamelot({"play", "--net", net(), "--search", "puct", "--depth", "2"}).status, 2);
}

TEST_F(PlayCommand, WithNeitherNetNorPlayerTheShippedNetworkPlays) {
  const CliResult r = runCamelot({"play", "--sims", "4"}, "F6-F8\n");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(
      r.out.find("CamelotZero (mcts:sims=4,eval=net:" + shippedNetwork().string() + ") is Black"),
      std::string::npos)
      << r.out;
  EXPECT_EQ(movesAfter(r.out, "CamelotZero plays ").size(), 1u) << r.out;
}

TEST_F(PlayCommand, ATypoExplainsAndPromptsAgain) {
  const CliResult r = play("F6-F9\nhello\nF6-F8\n");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("illegal move 'F6-F9'"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("unreadable move 'hello'"), std::string::npos) << r.out;
  EXPECT_EQ(count(r.out, "; type 'legal' for the legal moves or 'help'\n"), 2u) << r.out;
  // The game went on after both mistakes.
  EXPECT_NE(r.out.find("You play F6-F8\n"), std::string::npos) << r.out;
  EXPECT_EQ(movesAfter(r.out, "CamelotZero plays ").size(), 1u) << r.out;
}

TEST_F(PlayCommand, NumericNotationIsAccepted) {
  const Move expected = parseMove(Position::start(), "F6-F8");
  const std::string numeric = toNumericNotation(expected);
  ASSERT_NE(numeric, "F6-F8");
  const CliResult r = play(numeric + "\n");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("You play F6-F8\n"), std::string::npos) << r.out;
  EXPECT_EQ(movesAfter(r.out, "CamelotZero plays ").size(), 1u) << r.out;
}

TEST_F(PlayCommand, UndoRestoresTheStart) {
  const CliResult r = play("F6-F8\nundo\n");
  ASSERT_EQ(r.status, 0) << r.err;
  const std::size_t undone = r.out.find("Took back your last move and CamelotZero's reply.\n");
  ASSERT_NE(undone, std::string::npos) << r.out;
  const std::string after = r.out.substr(undone);
  EXPECT_NE(after.find(boardDiagram(Position::start()) + boardLegend() + "To move: White (you)\n"),
            std::string::npos)
      << after;
  EXPECT_EQ(after.find("Last move:"), std::string::npos) << after;
}

TEST_F(PlayCommand, UndoWithNothingToUndoSaysSo) {
  const CliResult r = play("undo\nF6-F8\n");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("Nothing to undo: you have not moved yet.\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("You play F6-F8\n"), std::string::npos) << r.out;

  // Black's first turn comes after the network's first move, which is not the human's to undo.
  const CliResult black = play("undo\n", {"--color", "black"});
  ASSERT_EQ(black.status, 0) << black.err;
  EXPECT_NE(black.out.find("Nothing to undo"), std::string::npos) << black.out;
}

TEST_F(PlayCommand, HintNamesALegalMove) {
  const CliResult r = play("hint\n");
  ASSERT_EQ(r.status, 0) << r.err;
  const std::vector<std::string> hints = movesAfter(r.out, "Hint: ");
  ASSERT_EQ(hints.size(), 1u) << r.out;
  EXPECT_TRUE(isLegalWritten(Game(), hints[0])) << hints[0];
  EXPECT_NE(r.out.find("for you)\n"), std::string::npos) << r.out;
  // A hint plays nothing.
  EXPECT_EQ(count(r.out, "CamelotZero plays "), 0u) << r.out;
}

TEST_F(PlayCommand, HelpAndLegalList) {
  const CliResult r = play("help\nlegal\n");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("  undo   take back your last move"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Legal moves (" + std::to_string(Game().legalMoves().size()) + "):\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("  F6-F8  "), std::string::npos) << r.out;
}

TEST_F(PlayCommand, BlackLetsTheNetworkMoveFirst) {
  const CliResult r = play("", {"--color", "black"});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::vector<std::string> moves = movesAfter(r.out, "CamelotZero plays ");
  ASSERT_EQ(moves.size(), 1u) << r.out;
  EXPECT_TRUE(isLegalWritten(Game(), moves[0])) << moves[0];
  const std::size_t prompt = r.out.find("Your move (Black), or 'help': ");
  ASSERT_NE(prompt, std::string::npos) << r.out;
  EXPECT_LT(r.out.find("CamelotZero plays "), prompt);
  EXPECT_EQ(r.out.find("Your move (White)"), std::string::npos) << r.out;
}

TEST_F(PlayCommand, EndOfInputAndQuitEndTheSessionCleanly) {
  const CliResult eof = play("");
  EXPECT_EQ(eof.status, 0) << eof.err;
  EXPECT_TRUE(eof.out.ends_with("Your move (White), or 'help': \nGoodbye.\n")) << eof.out;
  EXPECT_EQ(eof.err, "");

  const CliResult quit = play("quit\nF6-F8\n");
  EXPECT_EQ(quit.status, 0) << quit.err;
  EXPECT_TRUE(quit.out.ends_with("Goodbye.\n")) << quit.out;
  EXPECT_EQ(quit.out.find("You play"), std::string::npos) << quit.out;
}

TEST_F(PlayCommand, TheEndOfTheGameIsAnnounced) {
  const CliResult r = play("G15-G16\n", {"--fen", std::string(kOneMoveFromTheEnd)});
  ASSERT_EQ(r.status, 0) << r.err;
  Game game(parseCfen(kOneMoveFromTheEnd));
  game.play(parseMove(game.position(), "G15-G16"));
  ASSERT_TRUE(game.finished());
  EXPECT_TRUE(
      r.out.ends_with(boardDiagram(game.position()) + boardLegend() +
                      "Last move: G15-G16 by White (you)\nGame over: White wins (castle)\n"))
      << r.out;
  EXPECT_EQ(count(r.out, "CamelotZero plays "), 0u) << r.out;
}

// Playing Black, the board is seen from Black's side: rank 1 at the top, files L to A, and a
// legend says what the letters mean.
TEST_F(PlayCommand, TheBoardIsDrawnFromThePersonsSideWithALegend) {
  const CliResult r = play("quit\n", {"--color", "black"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("     L K J I H G F E D C B A\n  1            * *            1\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find(boardLegend()), std::string::npos) << r.out;
  const CliResult white = play("quit\n");
  EXPECT_NE(white.out.find("     A B C D E F G H I J K L\n 16            * *           16\n"),
            std::string::npos)
      << white.out;
  // The turned diagram is the same board: each square where the plain one has it.
  const Position start = Position::start();
  EXPECT_EQ(boardDiagram(start, Color::Black).size(), boardDiagram(start).size());
}

// --out adds the game to a games file when the session ends, finished or not; readers of game
// records (replay, ratings, openings import) take it.
TEST_F(PlayCommand, OutSavesTheGameAsAGameRecord) {
  const std::string games = file("mine.jsonl");
  const CliResult won =
      play("G15-G16\n", {"--fen", std::string(kOneMoveFromTheEnd), "--out", games});
  ASSERT_EQ(won.status, 0) << won.err;
  EXPECT_TRUE(won.out.ends_with("Game saved to " + games + " (game 1)\n")) << won.out;
  const CliResult left = play("F6-F8\nquit\n", {"--out", games});
  ASSERT_EQ(left.status, 0) << left.err;
  EXPECT_NE(left.out.find("Game saved to " + games + " (game 2)"), std::string::npos) << left.out;
  std::ifstream in(games);
  std::vector<nlohmann::json> records;
  for (std::string line; std::getline(in, line);)
    records.push_back(nlohmann::json::parse(line));
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(records[0]["game"], 1);
  EXPECT_EQ(records[0]["white"], "human");
  EXPECT_EQ(records[0]["start"], kOneMoveFromTheEnd);
  EXPECT_EQ(records[0]["moves"], nlohmann::json::array({"G15-G16"}));
  EXPECT_EQ(records[0]["result"], "white");
  EXPECT_EQ(records[0]["reason"], "castle");
  EXPECT_EQ(records[1]["white"], "human");
  EXPECT_EQ(records[1]["moves"][0], "F6-F8");
  EXPECT_EQ(records[1]["moves"].size(), 2u);  // the network's reply too
  EXPECT_EQ(records[1]["result"], "none");

  const CliResult list = runCamelot({"replay", games, "--game", "1", "--moves", "numeric"});
  ASSERT_EQ(list.status, 0) << list.err;
  EXPECT_EQ(list.out, "1. " +
                          toNumericNotation(parseMove(parseCfen(kOneMoveFromTheEnd), "G15-G16"),
                                            parseCfen(kOneMoveFromTheEnd)) +
                          "\n");
}

TEST_F(PlayCommand, ErrorsBeforePlayAreOneLine) {
  const std::string missing = file("missing.ckpt");
  const CliResult r = runCamelot({"play", "--net", missing}, "F6-F8\n");
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(r.err.starts_with("camelot play: ")) << r.err;
  EXPECT_NE(r.err.find(missing), std::string::npos) << r.err;
  EXPECT_EQ(count(r.err, "\n"), 1u) << r.err;
  EXPECT_EQ(r.out, "");

  const std::string corrupt = file("corrupt.ckpt");
  std::ofstream(corrupt) << "not a checkpoint";
  const CliResult bad = runCamelot({"play", "--net", corrupt});
  EXPECT_EQ(bad.status, 1);
  EXPECT_NE(bad.err.find(corrupt), std::string::npos) << bad.err;
  EXPECT_EQ(count(bad.err, "\n"), 1u) << bad.err;

  const CliResult fen = play("", {"--fen", "2/8/10 w"});
  EXPECT_EQ(fen.status, 1);
  EXPECT_TRUE(fen.err.starts_with("camelot play: ")) << fen.err;
  EXPECT_EQ(count(fen.err, "\n"), 1u) << fen.err;
}

TEST_F(PlayCommand, BadOptionsAreRefused) {
  EXPECT_EQ(play("", {"--color", "green"}).status, 2);
  EXPECT_EQ(runCamelot({"play", "--net", net(), "--sims", "0"}).status, 2);
  EXPECT_EQ(runCamelot({"play", "--player", "greedy", "--sims", "4"}).status, 2);
  const CliResult badSpec = runCamelot({"play", "--player", "chess"});
  EXPECT_EQ(badSpec.status, 2);
  EXPECT_NE(badSpec.err.find("unknown kind 'chess'"), std::string::npos) << badSpec.err;
}

}  // namespace
}  // namespace camelot::cli
