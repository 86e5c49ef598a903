// Outside engines as players (`engine:CMD`): this program's own `camelot engine` plays legal
// games through the protocol; engines that break it (an illegal or unreadable move, an error
// answer, ending at once, silence) forfeit, and the match scores the forfeits as losses.

#include "players/engine_player.hpp"

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cerrno>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "engine/cfen.hpp"
#include "engine/notation.hpp"
#include "players/player_factory.hpp"
#include "tests/scratch_dir.hpp"
#include "training/evaluation/match.hpp"

namespace camelot {
namespace {

using std::chrono::milliseconds;

struct Played {
  MatchResult result;
  std::map<int, GameRecord> records;  // by game number
};

Played play(const std::string& first, const std::string& second, int games) {
  MatchSettings settings;
  settings.games = games;
  settings.openingPlies = 2;
  settings.seed = 3;
  Played played;
  played.result = playMatch<StandardRules>(
      first, second, settings, [&](int, const GameRecord& g) { played.records[g.game] = g; });
  return played;
}

class EnginePlayerTest : public ::testing::Test {
 protected:
  // A shell script engine; returns the command that runs it.
  std::string script(const std::string& name, const std::string& body) const {
    const std::filesystem::path path = dir_ / name;
    std::ofstream(path) << body;
    return "/bin/sh " + path.string();
  }

  // Answers the `status` handshake, every `go` with `answer` (and an `info` line before it),
  // and ends at `quit`.
  std::string answering(const std::string& name, const std::string& answer) const {
    return script(name,
                  "while read -r line; do\n"
                  "  case \"$line\" in\n"
                  "    status) echo 'status in progress' ;;\n"
                  "    go*) echo 'info depth 1 visits 1 value 0.000 pv F6-F8'; echo '" +
                      answer +
                      "' ;;\n"
                      "    quit) exit 0 ;;\n"
                      "  esac\n"
                      "done\n");
  }

 private:
  testing_support::ScratchDir dir_;
};

std::string forfeitMessage(EnginePlayer& player, const Game& game,
                           const ThinkingBudget& budget = {}) {
  try {
    player.chooseMove(game, budget);
  } catch (const EngineForfeit& e) {
    return e.what();
  }
  return "no forfeit";
}

TEST_F(EnginePlayerTest, OurOwnEnginePlaysLegalGamesToTheEndThroughTheProtocol) {
  const std::string spec = std::string("engine:") + CAMELOT_BINARY + " engine --player greedy";
  const Played played = play(spec, "random", 2);
  EXPECT_EQ(played.result.total().games(), 2);
  ASSERT_EQ(played.records.size(), 2u);
  EXPECT_EQ(played.records.at(1).white, spec);
  EXPECT_EQ(played.records.at(2).black, spec);
  for (const auto& [number, record] : played.records) {
    EXPECT_NE(record.status.reason, EndReason::Forfeit) << record.note;
    EXPECT_EQ(record.note, "");
    // Every move legal in turn, and the recorded end is the rules' end.
    Game game(record.start);
    for (const Move& move : record.moves) {
      ASSERT_FALSE(game.finished());
      bool legal = false;
      for (const Move& m : game.legalMoves())
        legal = legal || sameOutcome(m, move);
      ASSERT_TRUE(legal) << toNotation(move);
      game.play(move);
    }
    if (record.status.reason != EndReason::Adjudicated) {
      EXPECT_TRUE(game.finished());
      EXPECT_EQ(game.status(), record.status);
    }
  }
}

TEST_F(EnginePlayerTest, AnIllegalMoveLosesEveryGameByForfeit) {
  const std::string command = answering("illegal.sh", "bestmove F6-F7");
  const Played played = play("engine:" + command, "random", 4);
  const MatchScore total = played.result.total();
  EXPECT_EQ(total.losses, 4);
  EXPECT_EQ(total.wins + total.draws, 0);
  ASSERT_EQ(played.records.size(), 4u);
  for (const auto& [number, record] : played.records) {
    const bool engineIsWhite = number % 2 == 1;
    EXPECT_EQ(record.status, (GameStatus{engineIsWhite ? Outcome::BlackWins : Outcome::WhiteWins,
                                         EndReason::Forfeit}));
    // It forfeits at its first move: at once as White, after random's move as Black.
    EXPECT_EQ(record.moves.size(), engineIsWhite ? 0u : 1u);
    EXPECT_TRUE(record.note.starts_with("engine '" + command + "': illegal move 'F6-F7': "))
        << record.note;
    const auto json = nlohmann::json::parse(record.toJsonLine());
    EXPECT_EQ(json["reason"], "forfeit");
    EXPECT_EQ(json["note"], record.note);
  }
}

TEST_F(EnginePlayerTest, AnUnreadableMoveOrAnErrorAnswerForfeits) {
  const Game start;
  const std::string unreadableCommand = answering("unreadable.sh", "bestmove A1-A2");
  EnginePlayer unreadable(unreadableCommand);
  const std::string message = forfeitMessage(unreadable, start);
  EXPECT_TRUE(message.starts_with("engine '" + unreadableCommand + "': unreadable move 'A1-A2': "))
      << message;
  const std::string resigningCommand = answering("resigning.sh", "error I resign");
  EnginePlayer resigning(resigningCommand);
  EXPECT_EQ(forfeitMessage(resigning, start),
            "engine '" + resigningCommand + "': answered 'error I resign'");
}

// A program that ends at once, or never answers the handshake, is no engine: the match stops
// with one clear error instead of forfeiting its every game.
TEST_F(EnginePlayerTest, AProgramThatIsNoEngineStopsTheMatchAtOnce) {
  try {
    play("engine:exit 3", "random", 2);
    FAIL() << "a program that ends at once played a match";
  } catch (const EngineStartError& e) {
    EXPECT_EQ(std::string(e.what()), "engine 'exit 3' did not start: ended (exit status 3)");
  }
  try {
    play("engine:./nosuch-engine", "random", 2);
    FAIL() << "a missing program played a match";
  } catch (const EngineStartError& e) {
    EXPECT_EQ(std::string(e.what()),
              "engine './nosuch-engine' did not start: ended (exit status 127)");
  }
  const std::string mute = script("mute.sh", "while read -r line; do :; done\n");
  try {
    EnginePlayer player(mute, milliseconds(200));
    FAIL() << "an engine that never answers was started";
  } catch (const EngineStartError& e) {
    EXPECT_EQ(std::string(e.what()),
              "engine '" + mute + "' did not start: no answer to 'status' within 200 ms");
  }
}

TEST_F(EnginePlayerTest, SilenceLosesAfterTheTimeoutAndTheFailureStays) {
  // It answers the handshake, then nothing.
  const std::string command = script(
      "silent.sh", "read -r line; echo 'status in progress'\nwhile read -r line; do :; done\n");
  EnginePlayer silent(command, milliseconds(200));
  const Game start;
  const std::string expected = "engine '" + command + "': no answer within 200 ms";
  EXPECT_EQ(forfeitMessage(silent, start), expected);
  silent.newGame();
  EXPECT_EQ(forfeitMessage(silent, start), expected);
}

TEST_F(EnginePlayerTest, SendsTheWholeGameAndTheBudget) {
  // The engine answers `go` with an error line quoting the last position and go it was sent.
  EnginePlayer echo(script("echo.sh",
                           "while read -r line; do\n"
                           "  case \"$line\" in\n"
                           "    status) echo 'status in progress' ;;\n"
                           "    position*) position=\"$line\" ;;\n"
                           "    go*) echo \"error $position | $line\" ;;\n"
                           "  esac\n"
                           "done\n"));
  Game game(parseCfen("startpos"));
  game.play(parseMove(game.position(), "F6-F8"));
  game.play(parseMove(game.position(), "G11-G9"));
  ThinkingBudget budget;
  budget.depth = 4;
  budget.simulations = 5;
  budget.time = milliseconds(1250);
  const std::string message = forfeitMessage(echo, game, budget);
  EXPECT_NE(message.find("answered 'error position fen " + std::string(kStartCfen) +
                         " moves F6-F8 G11-G9 | go sims 5 time 1.250'"),
            std::string::npos)
      << message;
}

TEST_F(EnginePlayerTest, TheEngineIsReapedEvenIfItIgnoresQuit) {
  {
    EnginePlayer stubborn(script("stubborn.sh",
                                 "trap '' TERM INT HUP\nread -r line; echo 'status in progress'\n"
                                 "while :; do sleep 1; done\n"));
    stubborn.newGame();
  }
  errno = 0;
  EXPECT_EQ(waitpid(-1, nullptr, WNOHANG), -1);
  EXPECT_EQ(errno, ECHILD);
}

TEST(EngineSpec, TakesTheCommandVerbatimAndRefusesAnEmptyOne) {
  const PlayerSpec spec = PlayerSpec::parse("engine:./other --depth=3,fast:yes");
  EXPECT_EQ(spec.kind(), "engine");
  EXPECT_EQ(spec.command(), "./other --depth=3,fast:yes");
  EXPECT_EQ(PlayerSpec::parse("greedy").command(), "");
  for (const char* empty : {"engine", "engine:", "engine:  "}) {
    EXPECT_THROW(PlayerSpec::parse(empty), SpecError) << empty;
  }
  try {
    PlayerSpec::parse("engine:");
  } catch (const SpecError& e) {
    EXPECT_EQ(std::string(e.what()),
              "player 'engine:': no command after 'engine:' (e.g. engine:./other-engine --flag)");
  }
  // Checking a spec does not start the program; making the player does (the handshake
  // included), and names it.
  EXPECT_NO_THROW(validatePlayerSpec<StandardRules>(PlayerSpec::parse("engine:exit 3")));
  EXPECT_THROW(makePlayer<StandardRules>(PlayerSpec::parse("engine:exit 3"), 1), EngineStartError);
  const std::string engine = std::string("engine:") + CAMELOT_BINARY + " engine --player greedy";
  EXPECT_EQ(makePlayer<StandardRules>(PlayerSpec::parse(engine), 1)->name(), engine);
}

TEST(EngineSpec, KnownPlayerKindsListsEveryKindMakePlayerKnows) {
  std::set<std::string> listed;
  std::istringstream list(knownPlayerKinds<StandardRules>());
  for (std::string kind; std::getline(list >> std::ws, kind, ',');)
    listed.insert(kind);
  EXPECT_EQ(listed, (std::set<std::string>{"random", "greedy", "alphabeta", "mcts", "gumbel",
                                           "rollout", "net", "engine"}));
  const std::string file = ":" + std::string(CAMELOT_TEST_DATA) + "/mlp-tiny.ckpt";
  for (const std::string& kind : listed) {
    const bool needsFile = kind == "net";
    EXPECT_NO_THROW(makePlayer<StandardRules>(
        PlayerSpec::parse(kind == "engine" ? "engine:read -r l; echo status in progress"
                          : needsFile      ? kind + file
                                           : kind),
        1))
        << kind;
  }
}

}  // namespace
}  // namespace camelot
