// `camelot arena` and `camelot ratings` as a user runs them: the player list, the files an arena
// writes, the pairings it plays, its refusals, and merging arenas into one table.

#include "cli/arena_command.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli/input_error.hpp"
#include "engine/cfen.hpp"
#include "tests/cli/cli_runner.hpp"
#include "tests/scratch_dir.hpp"
#include "training/evaluation/elo.hpp"
#include "training/evaluation/openings.hpp"
#include "training/evaluation/ratings.hpp"
#include "training/evaluation/results_file.hpp"
#include "training/evaluation/sprt.hpp"
#include "training/text/csv.hpp"

namespace camelot::cli {
namespace {

namespace fs = std::filesystem;

using testing_support::readText;

std::vector<std::string> lines(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::vector<std::string> result;
  for (std::string line; std::getline(in, line);)
    result.push_back(line);
  return result;
}

// results.csv's rows (header left out), split into fields.
std::vector<std::vector<std::string>> resultRows(const fs::path& file) {
  std::vector<std::vector<std::string>> rows;
  const std::vector<std::string> all = lines(file);
  for (std::size_t i = 1; i < all.size(); ++i)
    rows.push_back(splitCsvLine(all[i]));
  return rows;
}

std::vector<std::string> splitError(const std::string& list) {
  try {
    return splitPlayerList(list);
  } catch (const InputError& e) {
    return {std::string("error: ") + e.what()};
  }
}

class ArenaCommand : public ::testing::Test {
 protected:
  // An arena of classical players, two workers, short games.
  static CliResult arena(std::vector<std::string> args) {
    std::vector<std::string> all = {"arena", "--workers", "2", "--max-plies", "80"};
    all.insert(all.end(), args.begin(), args.end());
    return runCamelot(all);
  }
  // Two games of random against greedy from one opening, written to `out`.
  static int smallArena(const fs::path& out) {
    return arena({"--players", "random,greedy", "--games", "2", "--openings", "1", "--out",
                  out.string()})
        .status;
  }

  testing_support::ScratchDir dir_;
};

TEST(SplitPlayerList, OptionsContinueTheSpecBeforeThem) {
  EXPECT_EQ(splitPlayerList("net:a.ckpt,sims=64,random,alphabeta:depth=2"),
            (std::vector<std::string>{"net:a.ckpt,sims=64", "random", "alphabeta:depth=2"}));
  EXPECT_EQ(splitPlayerList("mcts:sims=8,eval=rollout,greedy"),
            (std::vector<std::string>{"mcts:sims=8,eval=rollout", "greedy"}));
  EXPECT_EQ(splitPlayerList("random"), (std::vector<std::string>{"random"}));
  EXPECT_EQ(splitPlayerList("greedy,random"), (std::vector<std::string>{"greedy", "random"}));
}

TEST(SplitPlayerList, AnEmptyPlayerIsAnError) {
  EXPECT_EQ(
      splitError("random,,greedy"),
      (std::vector<std::string>{"error: --players 'random,,greedy': an empty player in the list"}));
  EXPECT_EQ(splitError("random,"),
            (std::vector<std::string>{"error: --players 'random,': an empty player in the list"}));
  EXPECT_EQ(splitError(""),
            (std::vector<std::string>{"error: --players '': an empty player in the list"}));
}

TEST_F(ArenaCommand, RoundRobinWritesResultsGamesOpeningsAndRatings) {
  const fs::path out = dir_ / "arena";
  const CliResult r = arena({"--players", "random,greedy,alphabeta:depth=1", "--games", "4",
                             "--openings", "2", "--out", out.string()});
  ASSERT_EQ(r.status, 0) << r.err;

  // results.csv: the header and 12 games, 4 a pairing.
  const std::vector<std::string> resultLines = lines(out / "results.csv");
  ASSERT_EQ(resultLines.size(), 13u);
  EXPECT_EQ(resultLines[0], "white,black,result,reason,plies,start,note");
  const auto rows = resultRows(out / "results.csv");
  std::map<std::set<std::string>, int> perPairing;
  for (const auto& row : rows) {
    ASSERT_EQ(row.size(), 7u);
    ++perPairing[{row[0], row[1]}];
  }
  EXPECT_EQ(perPairing,
            (std::map<std::set<std::string>, int>{{{"random", "greedy"}, 4},
                                                  {{"random", "alphabeta:depth=1"}, 4},
                                                  {{"greedy", "alphabeta:depth=1"}, 4}}));

  // openings.txt: the two random openings of seed 1, 4 plies; every game starts from one.
  const std::vector<Position> openings = randomOpenings(1, 2, 4);
  const std::vector<Position> written = readOpenings(out / "openings.txt");
  ASSERT_EQ(written.size(), 2u);
  EXPECT_EQ(toCfen(written[0]), toCfen(openings[0]));
  EXPECT_EQ(toCfen(written[1]), toCfen(openings[1]));
  std::map<std::string, int> starts;
  for (const auto& row : rows)
    ++starts[row[5]];
  EXPECT_EQ(starts,
            (std::map<std::string, int>{{toCfen(openings[0]), 6}, {toCfen(openings[1]), 6}}));

  // games.jsonl: the same 12 games, line for line.
  const std::vector<std::string> gameLines = lines(out / "games.jsonl");
  ASSERT_EQ(gameLines.size(), 12u);
  for (std::size_t i = 0; i < gameLines.size(); ++i) {
    const auto game = nlohmann::json::parse(gameLines[i]);
    EXPECT_EQ(game["white"], rows[i][0]);
    EXPECT_EQ(game["black"], rows[i][1]);
    EXPECT_EQ(game["start"], rows[i][5]);
    EXPECT_EQ(game["plies"].get<int>(), std::stoi(rows[i][4]));
  }
  EXPECT_FALSE(fs::exists(out / "results.csv.tmp"));
  EXPECT_FALSE(fs::exists(out / "games.jsonl.tmp"));

  // The printout: the three pairings, then the ratings of exactly these games.
  EXPECT_TRUE(r.out.starts_with("Arena: 3 players, 12 of 12 games in ")) << r.out;
  for (const char* pairing :
       {"\n  random vs greedy: W-D-L ", "\n  random vs alphabeta:depth=1: W-D-L ",
        "\n  greedy vs alphabeta:depth=1: W-D-L "})
    EXPECT_NE(r.out.find(pairing), std::string::npos) << pairing << "\n" << r.out;
  const RatingsTable table = fitRatings(readResults(out / "results.csv").games, "random");
  EXPECT_NE(r.out.find("\nRatings (Bradley-Terry, random = 0):\n" + ratingsText(table)),
            std::string::npos)
      << r.out;
  EXPECT_EQ(readText(out / "ratings.csv"), ratingsCsv(table));
  EXPECT_TRUE(r.out.ends_with("\nWrote " + (out / "results.csv").string() +
                              ", games.jsonl, openings.txt, ratings.csv\n"))
      << r.out;
}

TEST_F(ArenaCommand, PairingScoresMatchTheResultsFile) {
  const fs::path out = dir_ / "arena";
  const CliResult r = arena(
      {"--players", "greedy,random", "--games", "6", "--openings", "3", "--out", out.string()});
  ASSERT_EQ(r.status, 0) << r.err;
  int wins = 0, draws = 0, losses = 0;  // greedy's
  for (const auto& row : resultRows(out / "results.csv")) {
    const bool greedyWhite = row[0] == "greedy";
    if (row[2] == "1/2-1/2")
      ++draws;
    else if ((row[2] == "1-0") == greedyWhite)
      ++wins;
    else
      ++losses;
  }
  EXPECT_EQ(wins + draws + losses, 6);
  const std::string expected = "\n  greedy vs random: W-D-L " + std::to_string(wins) + "-" +
                               std::to_string(draws) + "-" + std::to_string(losses) + ", ";
  EXPECT_NE(r.out.find(expected), std::string::npos) << expected << "\n" << r.out;
}

TEST_F(ArenaCommand, ExistingArenaIsNeverOverwritten) {
  const fs::path out = dir_ / "arena";
  const std::vector<std::string> args = {
      "--players", "random,greedy", "--games", "2", "--openings", "1", "--out", out.string()};
  ASSERT_EQ(arena(args).status, 0);
  const std::string results = readText(out / "results.csv");
  const std::string games = readText(out / "games.jsonl");
  ASSERT_FALSE(results.empty());

  std::vector<std::string> again = args;
  again[1] = "greedy,alphabeta:depth=1";
  const CliResult r = arena(again);
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "camelot arena: --out " + out.string() +
                       " already holds an arena's results; choose another directory\n");
  EXPECT_EQ(readText(out / "results.csv"), results);
  EXPECT_EQ(readText(out / "games.jsonl"), games);
}

TEST_F(ArenaCommand, GauntletPlaysOnlyTheChallengersPairings) {
  const fs::path out = dir_ / "arena";
  const CliResult r = arena({"--gauntlet", "greedy", "--players", "random,alphabeta:depth=1",
                             "--games", "2", "--openings", "1", "--out", out.string()});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto rows = resultRows(out / "results.csv");
  ASSERT_EQ(rows.size(), 4u);
  std::map<std::string, int> opponents;
  for (const auto& row : rows) {
    ASSERT_TRUE(row[0] == "greedy" || row[1] == "greedy") << row[0] << " vs " << row[1];
    ++opponents[row[0] == "greedy" ? row[1] : row[0]];
  }
  EXPECT_EQ(opponents, (std::map<std::string, int>{{"random", 2}, {"alphabeta:depth=1", 2}}));
  EXPECT_TRUE(r.out.starts_with("Arena: 3 players, 4 of 4 games in ")) << r.out;
  EXPECT_NE(r.out.find("\n  greedy vs random: "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\n  greedy vs alphabeta:depth=1: "), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("random vs alphabeta"), std::string::npos) << r.out;
}

// The SPRT stops the arena once it decides, and its verdict is that of the games recorded.
TEST_F(ArenaCommand, SprtStopsWhenItDecides) {
  const fs::path out = dir_ / "arena";
  const CliResult r = arena({"--players", "alphabeta:depth=1,random", "--sprt", "0,200", "--games",
                             "200", "--openings", "10", "--out", out.string()});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto rows = resultRows(out / "results.csv");
  ASSERT_LT(rows.size(), 200u);
  MatchScore score;  // alphabeta's
  for (const auto& row : rows) {
    const bool white = row[0] == "alphabeta:depth=1";
    if (row[2] == "1/2-1/2")
      ++score.draws;
    else if ((row[2] == "1-0") == white)
      ++score.wins;
    else
      ++score.losses;
  }
  const SprtSettings settings = parseSprtSettings("0,200");
  const SprtStatus status = sprtStatus(score, settings);
  EXPECT_NE(status.decision, SprtDecision::Continue);
  EXPECT_TRUE(
      r.out.starts_with("Arena: 2 players, " + std::to_string(rows.size()) + " of 200 games in "))
      << r.out;
  EXPECT_NE(r.out.find("\n\n" + sprtText(status, settings) + "\n"), std::string::npos) << r.out;
}

TEST_F(ArenaCommand, SprtNeedsExactlyTwoPlayers) {
  const fs::path out = dir_ / "arena";
  const CliResult r = arena(
      {"--players", "random,greedy,alphabeta:depth=1", "--sprt", "0,10", "--out", out.string()});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "camelot arena: --sprt tests one pairing: give exactly two players\n");
  const CliResult bad = arena({"--players", "random,greedy", "--sprt", "5,0"});
  EXPECT_EQ(bad.status, 2);
  EXPECT_EQ(bad.err, "camelot arena: --sprt: elo0 must be below elo1, got '5,0'\n");
  EXPECT_FALSE(fs::exists(out));
}

TEST_F(ArenaCommand, APlayerGivenTwiceIsRefused) {
  const fs::path out = dir_ / "arena";
  const CliResult r =
      arena({"--gauntlet", "random", "--players", "greedy,random", "--out", out.string()});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "camelot arena: player 'random' is given twice\n");
  EXPECT_FALSE(fs::exists(out));
}

TEST_F(ArenaCommand, OnePlayerIsRefused) {
  const fs::path out = dir_ / "arena";
  const CliResult r = arena({"--players", "random", "--out", out.string()});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err,
            "camelot arena: an arena needs at least two players (--players, --player, "
            "--gauntlet)\n");
  EXPECT_FALSE(fs::exists(out));
}

TEST_F(ArenaCommand, OddGamesAreRefused) {
  const fs::path out = dir_ / "arena";
  const CliResult r = arena({"--players", "random,greedy", "--games", "3", "--out", out.string()});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "camelot arena: --games 3: an even number of games a pairing, at least 2\n");
  EXPECT_FALSE(fs::exists(out));
}

TEST_F(ArenaCommand, AnUnknownSearchIsRefused) {
  const fs::path out = dir_ / "arena";
  const CliResult r =
      arena({"--players", "random,greedy", "--search", "minimax", "--out", out.string()});
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("--search"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("minimax"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(out));
}

TEST_F(ArenaCommand, AnchorMustBeAPlayer) {
  const fs::path out = dir_ / "arena";
  const CliResult r =
      arena({"--players", "random,greedy", "--anchor", "alphabeta:depth=1", "--out", out.string()});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "camelot arena: --anchor 'alphabeta:depth=1' is not one of the players\n");
  EXPECT_FALSE(fs::exists(out));
}

TEST_F(ArenaCommand, AnchorNamesTheRatingsZero) {
  const fs::path out = dir_ / "arena";
  const CliResult r = arena({"--players", "random,greedy", "--games", "2", "--openings", "1",
                             "--anchor", "greedy", "--out", out.string()});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\nRatings (Bradley-Terry, greedy = 0):\n"), std::string::npos) << r.out;
}

TEST_F(ArenaCommand, OpeningsFromASuiteFile) {
  const std::vector<Position> suite = randomOpenings(77, 2, 6);
  const fs::path suiteFile = dir_ / "suite.txt";
  std::ofstream(suiteFile) << "# two openings\n"
                           << toCfen(suite[0]) << "\n\n"
                           << toCfen(suite[1]) << "\n";
  const fs::path out = dir_ / "arena";
  const CliResult r = arena({"--players", "random,greedy", "--games", "4", "--openings",
                             suiteFile.string(), "--out", out.string()});
  ASSERT_EQ(r.status, 0) << r.err;
  std::map<std::string, int> starts;
  for (const auto& row : resultRows(out / "results.csv"))
    ++starts[row[5]];
  EXPECT_EQ(starts, (std::map<std::string, int>{{toCfen(suite[0]), 2}, {toCfen(suite[1]), 2}}));
  EXPECT_EQ(readText(out / "openings.txt"), openingsText(suite));
}

TEST_F(ArenaCommand, BadOpeningsFileIsOneErrorLine) {
  const fs::path suiteFile = dir_ / "suite.txt";
  std::ofstream(suiteFile) << "# nothing\n";
  const fs::path out = dir_ / "arena";
  const CliResult r = arena(
      {"--players", "random,greedy", "--openings", suiteFile.string(), "--out", out.string()});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "camelot arena: " + suiteFile.string() + ": no openings in the file\n");
}

// A typo in a player spec fails before any game and leaves the directory usable for the
// corrected command.
TEST_F(ArenaCommand, BadPlayerFailsWithoutBlockingTheDirectory) {
  const fs::path out = dir_ / "arena";
  const CliResult bad = arena(
      {"--players", "random,randon", "--games", "2", "--openings", "1", "--out", out.string()});
  EXPECT_EQ(bad.status, 2);
  EXPECT_TRUE(bad.err.starts_with("camelot arena: player 'randon': unknown kind 'randon'"))
      << bad.err;
  EXPECT_EQ(std::count(bad.err.begin(), bad.err.end(), '\n'), 1) << bad.err;
  EXPECT_FALSE(fs::exists(out / "results.csv"));

  const CliResult fixed = arena(
      {"--players", "random,greedy", "--games", "2", "--openings", "1", "--out", out.string()});
  EXPECT_EQ(fixed.status, 0) << fixed.err;
  EXPECT_EQ(lines(out / "results.csv").size(), 3u);
}

// An outside engine that ends after its handshake loses every game by forfeit; the referee's
// note (with its quotes) is in results.csv.
TEST_F(ArenaCommand, ForfeitsAreRecordedWithTheirNote) {
  const fs::path out = dir_ / "arena";
  const std::string quitter = "engine:read -r l; echo status in progress; exit 3";
  const CliResult r = arena({"--player", quitter, "--players", "random", "--games", "2",
                             "--openings", "1", "--out", out.string()});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto rows = resultRows(out / "results.csv");
  ASSERT_EQ(rows.size(), 2u);
  for (const auto& row : rows) {
    EXPECT_EQ(row[2], row[0] == "random" ? "1-0" : "0-1");
    EXPECT_EQ(row[3], "forfeit");
    EXPECT_EQ(row[4], row[0] == "random" ? "1" : "0");  // it forfeits its first move
    EXPECT_EQ(row[6], "engine 'read -r l; echo status in progress; exit 3': ended (exit status 3)");
  }
  EXPECT_NE(r.out.find("\n  " + quitter + " vs random: W-D-L 0-0-2, "), std::string::npos) << r.out;
}

// A program that is no engine at all (here one that does not exist) stops the arena at its
// start with one error line, instead of forfeiting every game.
TEST_F(ArenaCommand, AnEngineThatDoesNotStartStopsTheArena) {
  const fs::path out = dir_ / "arena";
  const CliResult r = arena({"--player", "engine:./nosuch-engine", "--players", "random", "--games",
                             "2", "--openings", "1", "--out", out.string()});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err,
            "camelot arena: engine './nosuch-engine' did not start: ended (exit status 127)\n");
}

TEST_F(ArenaCommand, RatingsMergesArenas) {
  const fs::path first = dir_ / "first";
  const fs::path second = dir_ / "second";
  ASSERT_EQ(smallArena(first), 0);
  ASSERT_EQ(arena({"--players", "random,alphabeta:depth=1,greedy", "--games", "2", "--openings",
                   "1", "--out", second.string()})
                .status,
            0);
  const fs::path csv = dir_ / "merged.csv";
  const CliResult r =
      runCamelot({"ratings", first.string(), second.string(), "--csv", csv.string()});
  ASSERT_EQ(r.status, 0) << r.err;

  std::vector<RatedGame> games = readResults(first / "results.csv").games;
  const std::vector<RatedGame> more = readResults(second / "results.csv").games;
  games.insert(games.end(), more.begin(), more.end());
  ASSERT_EQ(games.size(), 8u);
  const RatingsTable table = fitRatings(games, "random");
  EXPECT_EQ(r.out, "8 games from 2 files; Bradley-Terry ratings, random = 0:\n" +
                       ratingsText(table) + "Wrote " + csv.string() + "\n");
  EXPECT_EQ(readText(csv), ratingsCsv(table));

  // The CSV lists every player once with the games of both arenas.
  std::map<std::string, int> gamesOf;
  const std::vector<std::string> csvLines = lines(csv);
  ASSERT_EQ(csvLines.size(), 4u);
  EXPECT_EQ(csvLines[0], "player,games,points,score,elo,elo_margin");
  for (std::size_t i = 1; i < csvLines.size(); ++i) {
    const std::vector<std::string> fields = splitCsvLine(csvLines[i]);
    ASSERT_EQ(fields.size(), 6u);
    gamesOf[fields[0]] = std::stoi(fields[1]);
  }
  EXPECT_EQ(gamesOf,
            (std::map<std::string, int>{{"random", 6}, {"greedy", 6}, {"alphabeta:depth=1", 4}}));
}

// A match's --out directory holds games, not results.csv: ratings reads their players and
// results, and merges them with an arena's.
TEST_F(ArenaCommand, RatingsReadsMatchDirectoriesToo) {
  const fs::path match = dir_ / "match";
  const fs::path arenaDir = dir_ / "arena";
  ASSERT_EQ(runCamelot({"match", "--white", "alphabeta:depth=1", "--black", "random", "--games",
                        "4", "--out", match.string()})
                .status,
            0);
  ASSERT_EQ(smallArena(arenaDir), 0);
  const CliResult r = runCamelot({"ratings", match.string(), arenaDir.string(), "--csv", ""});
  ASSERT_EQ(r.status, 0) << r.err;
  std::vector<RatedGame> games = readGameResults(match / "games.jsonl").games;
  ASSERT_EQ(games.size(), 4u);
  EXPECT_EQ(games[0].white, "alphabeta:depth=1");
  EXPECT_EQ(games[0].black, "random");
  const std::vector<RatedGame> more = readResults(arenaDir / "results.csv").games;
  games.insert(games.end(), more.begin(), more.end());
  EXPECT_EQ(r.out, "6 games from 2 files; Bradley-Terry ratings, random = 0:\n" +
                       ratingsText(fitRatings(games, "random")));

  std::ofstream(dir_ / "bad.jsonl") << "{\"moves\": []}\n";
  const CliResult bad = runCamelot({"ratings", (dir_ / "bad.jsonl").string()});
  EXPECT_EQ(bad.status, 1);
  EXPECT_EQ(bad.err, "camelot ratings: " + (dir_ / "bad.jsonl").string() +
                         ":1: a game record without both players\n");
}

// An SPRT continued with fresh games is judged on all of them: `ratings --sprt` counts the games
// of every file from the first game's White's side, whichever colour it had, and refuses games of
// more than two players.
TEST_F(ArenaCommand, RatingsSprtCountsEveryMergedGameOfTheTwoPlayers) {
  const std::string header = "white,black,result,reason,plies,start,note\n";
  const fs::path first = dir_ / "first.csv";
  const fs::path second = dir_ / "second.csv";
  std::ofstream(first) << header << "new,old,1-0,castle,50,,\nold,new,0-1,castle,60,,\n"
                       << "new,old,1/2-1/2,repetition,70,,\nold,new,1-0,castle,80,,\n";
  std::ofstream(second) << header << "new,old,1-0,castle,50,,\nold,new,0-1,castle,60,,\n"
                        << "new,old,1-0,castle,50,,\nold,new,0-1,castle,60,,\n"
                        << "new,old,1-0,castle,50,,\nold,new,0-1,castle,60,,\n";
  const CliResult r = runCamelot({"ratings", first.string(), second.string(), "--sprt", "0,20"});
  ASSERT_EQ(r.status, 0) << r.err;
  // 8 wins, 1 draw, 1 loss: m = 0.85, v = (8 (0.15)^2 + (0.35)^2 + (0.85)^2) / 10 = 0.1025, and
  // LLR = 10 (s1 - s0)(2m - s0 - s1) / (2v) with s0 = 0.5, s1 = 0.528751: 0.94.
  EXPECT_NE(r.out.find("\n\nnew vs old: W-D-L 8-1-1, score 0.850, Elo +301 [+109, +inf]\n"
                       "SPRT elo0 0, elo1 20: LLR 0.94 in [-2.94, 2.94], continue\n"),
            std::string::npos)
      << r.out;
  EXPECT_TRUE(r.out.starts_with("10 games from 2 files; Bradley-Terry ratings, new = 0:\n"))
      << r.out;

  std::ofstream(second, std::ios::app) << "new,third,1-0,castle,50,,\n";
  const CliResult three =
      runCamelot({"ratings", first.string(), second.string(), "--sprt", "0,20"});
  EXPECT_EQ(three.status, 2);
  EXPECT_EQ(three.err,
            "camelot ratings: --sprt tests two players; the games have 3: new, old, third\n");
  const CliResult bad = runCamelot({"ratings", first.string(), "--sprt", "20,0"});
  EXPECT_EQ(bad.status, 2);
  EXPECT_EQ(bad.err, "camelot ratings: --sprt: elo0 must be below elo1, got '20,0'\n");
}

// A results file written on Windows, and a Grand Camelot match directory (its records name the
// partnerships), rate like any other; the table is written only where --csv says.
TEST_F(ArenaCommand, RatingsReadCrlfResultsAndGrandMatchesAndWriteOnlyWhenAsked) {
  const fs::path out = dir_ / "arena";
  ASSERT_EQ(smallArena(out), 0);
  std::string text;
  for (const char c : readText(out / "results.csv"))
    text += c == '\n' ? std::string("\r\n") : std::string(1, c);
  const fs::path crlf = dir_ / "crlf.csv";
  std::ofstream(crlf, std::ios::binary) << text;
  const CliResult r = runCamelot({"ratings", crlf.string()});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(r.out.starts_with("2 games from 1 file; Bradley-Terry ratings, random = 0:\n"))
      << r.out;
  EXPECT_EQ(r.out.find("Wrote"), std::string::npos) << r.out;

  const fs::path grand = dir_ / "grand-match";
  ASSERT_EQ(runCamelot({"match", "--variant", "grand", "--white", "greedy", "--black", "random",
                        "--games", "2", "--max-plies", "40", "--out", grand.string()})
                .status,
            0);
  const CliResult g = runCamelot({"ratings", grand.string(), "--anchor", "random"});
  ASSERT_EQ(g.status, 0) << g.err;
  EXPECT_TRUE(g.out.starts_with("2 games from 1 file; Bradley-Terry ratings, random = 0:\n"))
      << g.out;
  EXPECT_NE(g.out.find("greedy"), std::string::npos) << g.out;
}

TEST_F(ArenaCommand, RatingsWarnsOfATornLastLine) {
  const fs::path out = dir_ / "arena";
  ASSERT_EQ(smallArena(out), 0);
  const fs::path results = dir_ / "torn.csv";
  std::ofstream(results, std::ios::binary) << readText(out / "results.csv") << "random,gre";
  const CliResult r = runCamelot({"ratings", results.string(), "--csv", ""});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err,
            "camelot ratings: " + results.string() +
                ":4: an unfinished last line (its writer stopped while writing it) is skipped\n");
  EXPECT_TRUE(r.out.starts_with("2 games from 1 file; Bradley-Terry ratings, random = 0:\n"))
      << r.out;
  EXPECT_EQ(r.out.find("Wrote"), std::string::npos) << r.out;
}

TEST_F(ArenaCommand, RatingsWithoutResultsIsOneErrorLine) {
  const CliResult r =
      runCamelot({"ratings", dir_.path().string(), "--csv", (dir_ / "r.csv").string()});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "camelot ratings: " + (dir_ / "results.csv").string() +
                       ": cannot read it (no such file?)\n");
  EXPECT_FALSE(fs::exists(dir_ / "r.csv"));
}

}  // namespace
}  // namespace camelot::cli
