// Grand Camelot on the command line (--variant grand, or a GFEN): every shared vector passes
// through `camelot legal --variant grand`, and perft counts as grand-perft.txt says.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/player_choice.hpp"
#include "engine/game.hpp"
#include "engine/grand/grand_position.hpp"
#include "engine/grand/grand_rules.hpp"
#include "tests/cli/cli_runner.hpp"
#include "tests/engine/grand_hand_built.hpp"
#include "tests/scratch_dir.hpp"

namespace camelot::cli {
namespace {

const std::filesystem::path kVectors =
    std::filesystem::path(CAMELOT_TEST_DATA) / "vectors" / "grand-movegen.jsonl";

std::vector<nlohmann::json> vectors() {
  std::vector<nlohmann::json> all;
  std::ifstream in(kVectors);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) all.push_back(nlohmann::json::parse(line));
  return all;
}

TEST(GrandCommands, G1_to_G14_EveryVectorPassesThroughLegal) {
  const std::vector<nlohmann::json> all = vectors();
  ASSERT_EQ(all.size(), 245u);
  std::string input;
  for (const auto& v : all)
    input += v["fen"].get<std::string>() + "\n";
  const CliResult r = runCamelot({"legal", "--variant", "grand"}, input);
  ASSERT_EQ(r.status, 0) << r.err;
  std::istringstream lines(r.out);
  for (const auto& v : all) {
    SCOPED_TRACE(v["id"].get<std::string>() + " " + v["label"].get<std::string>());
    std::string line;
    ASSERT_TRUE(std::getline(lines, line));
    const nlohmann::json answer = nlohmann::json::parse(line);
    EXPECT_EQ(answer["fen"], v["fen"]);
    const std::string outcome = v["outcome"];
    EXPECT_EQ(answer["outcome"], outcome.starts_with("win ")   ? outcome.substr(4, 2)
                                 : outcome.starts_with("draw") ? "draw"
                                                               : "none");
    nlohmann::json expected = nlohmann::json::array();
    for (const auto& m : v["moves"])
      expected.push_back({m["n"], m["r"]});
    EXPECT_EQ(answer["moves"], expected);
  }
}

TEST(GrandCommands, G13_PerftByVariantOrByThePositionText) {
  EXPECT_EQ(runCamelot({"perft", "2", "--variant", "grand"}).out, "6400\n");
  // The midgame of grand-perft.txt: a GFEN chooses the variant by itself.
  const std::string midgame =
      "2/3gg3/1gGggggG2/5g6/b2G4G5/B11Y1/1bBb7y2/2b8y1y2/2b1b4R1yyyy1/2b1B6Y1Y/1B5r3Y2/"
      "1b3rrrR5/4R7/3rrrr3/7R/2 r 0 0 0 0 3";
  EXPECT_EQ(runCamelot({"perft", "2", "--fen", midgame}).out, "8463\n");
  const CliResult divide = runCamelot({"perft", "1", "--variant", "grand", "--divide"});
  EXPECT_NE(divide.out.find("F3-E2 1\n"), std::string::npos) << divide.out;
  EXPECT_TRUE(divide.out.ends_with("\n80\n")) << divide.out;
  EXPECT_EQ(runCamelot({"legal", "--fen", std::string(grand::kGrandStartGfen)}).status, 0);
}

TEST(GrandCommands, G2_ShowDrawsTheBoardFromASeatAndPlaysMoves) {
  const CliResult red = runCamelot({"show", "--variant", "grand", "--moves", "F3-E2 F14-E15"});
  ASSERT_EQ(red.status, 0) << red.err;
  EXPECT_NE(red.out.find("To move: Blue (partnership rb)\n"), std::string::npos) << red.out;
  EXPECT_NE(red.out.find("Legal moves ("), std::string::npos);
  // Red's side at the bottom: rank 1's castle, then the file letters.
  EXPECT_NE(red.out.find("  1                       *  *                       1\n"
                         "     A  B  C  D  E  F  G  H  I  J  K  L  M  N  O  P \n"),
            std::string::npos)
      << red.out;
  // Blue's: the A file at the bottom, its men C8 and C9 near it, rank 16 on the left.
  const CliResult blue = runCamelot({"show", "--variant", "grand", "--seat", "blue"});
  EXPECT_NE(blue.out.find("\n    16 15 14"), std::string::npos) << blue.out;
  EXPECT_NE(blue.out.find("  C           .  .  B  b  b  b  b  B  .  .           C\n"),
            std::string::npos)
      << blue.out;
  const CliResult bad = runCamelot({"show", "--variant", "grand", "--moves", "F3-E2 F3-F4"});
  EXPECT_EQ(bad.status, 1);
  EXPECT_EQ(bad.err,
            "camelot show: move 2 'F3-F4' is not a legal move of Green (see 'camelot legal "
            "--variant grand')\n");
}

TEST(GrandCommands, G14_ABadGfenIsOneLineAndStatusOne) {
  const CliResult r = runCamelot({"legal", "--variant", "grand"}, "2/8 r 0 0 0 0 0\n");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "camelot legal: standard input line 1: bad GFEN: 2 ranks (expected 16)\n");
  EXPECT_EQ(runCamelot({"perft", "1", "--variant", "hex"}).status, 2);
}

using grand_hand_built::kRedWinsAtOnce;

std::vector<nlohmann::json> jsonLines(const std::filesystem::path& file) {
  std::vector<nlohmann::json> lines;
  std::ifstream in(file);
  for (std::string line; std::getline(in, line);)
    lines.push_back(nlohmann::json::parse(line));
  return lines;
}

TEST(GrandCommands, G2_MatchPlaysPartnershipsSwappedAndSavesGrandRecords) {
  const testing_support::ScratchDir dir;
  const std::vector<std::string> args = {"match",  "--variant", "grand",  "--white",
                                         "greedy", "--black",   "random", "--games",
                                         "4",      "--json",    "--out",  dir.path().string()};
  const CliResult r = runCamelot(args);
  ASSERT_EQ(r.status, 0) << r.err;
  const nlohmann::json summary = nlohmann::json::parse(r.out);
  EXPECT_EQ(summary["games"], 4);
  EXPECT_EQ(summary["wins"], 4);  // seeded: greedy wins every game, on either side
  const std::vector<nlohmann::json> games = jsonLines(dir / "games.jsonl");
  ASSERT_EQ(games.size(), 4u);
  for (const nlohmann::json& game : games) {
    const int number = game["game"];
    EXPECT_EQ(game["variant"], "grand");
    // Odd games: --white has Red and Blue; even games: Green and Yellow.
    EXPECT_EQ(game["rb"], number % 2 == 1 ? "greedy" : "random");
    EXPECT_EQ(game["result"], number % 2 == 1 ? "rb" : "gy");
    EXPECT_EQ(game["start"], std::string(grand::kGrandStartGfen));
    EXPECT_EQ(game["plies"], game["moves"].size());
  }
  EXPECT_NE(r.err.find("greedy (Red, Blue) vs random (Green, Yellow): rb ("), std::string::npos)
      << r.err;
  // Grand Camelot's games run long: without --max-plies they are capped at 2,000 plies.
  std::ifstream settings(dir / "match.json");
  EXPECT_EQ(nlohmann::json::parse(settings)["max_plies"], 2000);
  // The same match again plays nothing and counts the saved games.
  const CliResult again = runCamelot(args);
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_EQ(nlohmann::json::parse(again.out)["wins"], 4);
  EXPECT_NE(again.err.find("4 games already played"), std::string::npos) << again.err;
  EXPECT_EQ(jsonLines(dir / "games.jsonl").size(), 4u);
}

// A match is an arena of one pairing: a tree-searching network plays in the batched workers, and
// the same seed, openings and players give the arena's games, whatever the threads.
TEST(GrandCommands, G2_MatchPlaysTheArenasBatchedGames) {
  const testing_support::ScratchDir dir;
  const std::string net =
      "net:" + std::string(CAMELOT_TEST_DATA) + "/grand-mlp-tiny.ckpt,search=puct,sims=8";
  const CliResult match =
      runCamelot({"match", "--variant", "grand", "--white", net, "--black", "random", "--games",
                  "4", "--opening-plies", "2", "--seed", "3", "--max-plies", "40", "--threads", "2",
                  "--out", (dir / "match").string()});
  ASSERT_EQ(match.status, 0) << match.err;
  const CliResult arena =
      runCamelot({"arena", "--variant", "grand", "--players", net + ",random", "--games", "4",
                  "--openings", "2", "--opening-plies", "2", "--seed", "3", "--max-plies", "40",
                  "--workers", "1", "--out", (dir / "arena").string()});
  ASSERT_EQ(arena.status, 0) << arena.err;
  const auto byNumber = [](const std::vector<nlohmann::json>& games) {
    std::map<int, std::string> lines;
    for (const nlohmann::json& game : games)
      lines[game["game"].get<int>()] = game.dump();
    return lines;
  };
  const std::map<int, std::string> matchGames = byNumber(jsonLines(dir / "match" / "games.jsonl"));
  ASSERT_EQ(matchGames.size(), 4u);
  EXPECT_EQ(matchGames, byNumber(jsonLines(dir / "arena" / "games.jsonl")));
  EXPECT_NE(matchGames.at(1).find("\"rb\":\"" + net + "\""), std::string::npos) << matchGames.at(1);
}

TEST(GrandCommands, G2_MatchRefusesPlayersThatDoNotPlayGrandCamelot) {
  const CliResult r = runCamelot(
      {"match", "--variant", "grand", "--white", "rollout:sims=10", "--black", "random"});
  EXPECT_NE(r.status, 0);
  EXPECT_EQ(r.err,
            "camelot match: player 'rollout:sims=10': kind 'rollout' does not play Grand "
            "Camelot (its players: random, greedy, alphabeta, mcts, gumbel, net)\n");
}

TEST(GrandCommands, G13_EngineSpeaksTheProtocolInGfenAndGrandNotation) {
  const std::string session =
      "position startpos moves F3-E2\n"
      "move F14-E15\n"
      "status\n"
      "move Z1\n"
      "position fen " +
      std::string(kRedWinsAtOnce) +
      "\n"
      "go sims 20\n"
      "legal\n"
      "move I15-I16\n"
      "status\n"
      "go\n"
      "quit\n";
  const CliResult r =
      runCamelot({"engine", "--variant", "grand", "--player", "mcts:sims=100"}, session);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "status in progress\n"
            "error 'Z1' is not a legal move of Blue\n"
            "info depth 1 visits 5 value 1.000 pv I15-I16\n"
            "bestmove I15-I16\n"
            "legal H16-I16 I15-H14 I15-H15 I15-I14 I15-I16 I15-J14 I15-J15\n"
            "status rb wins castle\n"
            "error the game is over (rb wins castle)\n");
}

TEST(GrandCommands, G14_AStandardEngineNamesTheVariantOfAGfen) {
  const CliResult r = runCamelot({"engine", "--player", "random"},
                                 "position fen " + std::string(kRedWinsAtOnce) + "\nquit\n");
  EXPECT_EQ(r.out,
            "error a Grand Camelot position (GFEN): this session plays the standard game (camelot "
            "engine --variant grand plays Grand Camelot)\n");
}

TEST(GrandCommands, G2_PlayPutsThePersonInOneSeatAndProgramsInTheOtherThree) {
  const testing_support::ScratchDir dir;
  const CliResult r = runCamelot(
      {"play", "--variant", "grand", "--player", "random", "--out", (dir / "games.jsonl").string()},
      "F3-E2\nundo\nF3-F9\nquit\n");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("You are Red; your partner Blue is random, Green and Yellow are random."),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("You play F3-E2\nGreen plays "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Blue (your partner) plays "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Took back your last move and the 3 played after it."), std::string::npos);
  EXPECT_NE(r.out.find("'F3-F9' is not a legal move of Red; type 'legal'"), std::string::npos);
  // Red's side at the bottom.
  EXPECT_NE(r.out.find("     A  B  C  D  E  F  G  H  I  J  K  L  M  N  O  P \n"),
            std::string::npos);
  const std::vector<nlohmann::json> saved = jsonLines(dir / "games.jsonl");
  ASSERT_EQ(saved.size(), 1u);
  EXPECT_EQ(saved[0]["rb"], "human (Red), random (Blue)");
  EXPECT_EQ(saved[0]["gy"], "random (Green), random (Yellow)");
  EXPECT_EQ(saved[0]["result"], "draw");
  EXPECT_EQ(saved[0]["reason"], "unfinished");
  EXPECT_EQ(saved[0]["moves"].size(), 0u);  // everything was taken back
  // Without --player, the shipped Grand Camelot network plays alone, through alpha-beta.
  const CliResult byDefault = runCamelot({"play", "--variant", "grand"}, "quit\n");
  ASSERT_EQ(byDefault.status, 0) << byDefault.err;
  EXPECT_NE(byDefault.out.find("your partner Blue is net:" + shippedGrandNetwork().string() +
                               ",search=alphabeta, Green and Yellow are net:"),
            std::string::npos)
      << byDefault.out;
  // The network options name a Grand Camelot network: the shipped one without --net.
  const CliResult shipped = runCamelot({"play", "--variant", "grand", "--sims", "5"}, "quit\n");
  ASSERT_EQ(shipped.status, 0) << shipped.err;
  EXPECT_NE(shipped.out.find("your partner Blue is net:" + shippedGrandNetwork().string() +
                             ",search=puct,sims=5,"),
            std::string::npos)
      << shipped.out;
  const std::string standardNet = std::string(CAMELOT_TEST_DATA) + "/mlp-tiny.ckpt";
  const CliResult standard =
      runCamelot({"play", "--variant", "grand", "--net", standardNet, "--depth", "1"}, "quit\n");
  EXPECT_EQ(standard.status, 1);
  EXPECT_EQ(standard.err, "camelot play: player 'net:" + standardNet +
                              "': the network plays the standard game, not Grand Camelot\n");
}

TEST(GrandCommands, G2_ArenaRatesPartnershipsFromRandomOpenings) {
  const testing_support::ScratchDir dir;
  const CliResult r =
      runCamelot({"arena", "--variant", "grand", "--players", "random,greedy", "--games", "2",
                  "--openings", "1", "--opening-plies", "4", "--out", dir.path().string()});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("random vs greedy: W-D-L 0-0-2"), std::string::npos) << r.out;
  std::ifstream results(dir / "results.csv");
  std::vector<std::string> lines;
  for (std::string line; std::getline(results, line);)
    lines.push_back(line);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0], "white,black,result,reason,plies,start,note");
  std::ifstream openings(dir / "openings.txt");
  std::string opening;
  ASSERT_TRUE(std::getline(openings, opening));
  EXPECT_EQ(opening, "# CamelotZero opening suite: one GFEN per line");
  ASSERT_TRUE(std::getline(openings, opening));
  EXPECT_NO_THROW(grand::parseGfen(opening));
  // Each game of the pair starts from it, Red and Blue's player first on the line.
  for (const std::string& line : {lines[1], lines[2]})
    EXPECT_NE(line.find("," + opening + ","), std::string::npos) << line;
  EXPECT_TRUE(lines[1].starts_with("random,greedy,0-1,")) << lines[1];
  EXPECT_TRUE(lines[2].starts_with("greedy,random,1-0,")) << lines[2];
  EXPECT_TRUE(std::filesystem::exists(dir / "ratings.csv"));
  EXPECT_EQ(jsonLines(dir / "games.jsonl").size(), 2u);
  // The suite the arena wrote is one it reads: the same pair again, from the same opening.
  const std::filesystem::path again = dir / "again";
  const CliResult suite =
      runCamelot({"arena", "--variant", "grand", "--players", "random,greedy", "--games", "2",
                  "--openings", (dir / "openings.txt").string(), "--out", again.string()});
  ASSERT_EQ(suite.status, 0) << suite.err;
  EXPECT_EQ(testing_support::readText(again / "openings.txt"),
            testing_support::readText(dir / "openings.txt"));
  EXPECT_EQ(testing_support::readText(again / "results.csv"),
            testing_support::readText(dir / "results.csv"));
  const CliResult missing = runCamelot(
      {"arena", "--variant", "grand", "--players", "random,greedy", "--openings", "suite.txt"});
  EXPECT_EQ(missing.status, 1);
  EXPECT_EQ(missing.err, "camelot arena: suite.txt: cannot read the openings file\n");
}

TEST(GrandCommands, G2_ANetworkPlaysTheVariantItWasMadeFor) {
  const std::string grandNet = std::string(CAMELOT_TEST_DATA) + "/grand-mlp-tiny.ckpt";
  const std::string standardNet = std::string(CAMELOT_TEST_DATA) + "/mlp-tiny.ckpt";
  const CliResult r =
      runCamelot({"match", "--variant", "grand", "--white", "net:" + grandNet + ",depth=1",
                  "--black", "random", "--games", "2", "--max-plies", "40", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out)["games"], 2);
  const CliResult standard =
      runCamelot({"match", "--white", "net:" + grandNet, "--black", "random"});
  EXPECT_EQ(standard.status, 1);  // bad input (the file), as a corrupt checkpoint is
  EXPECT_EQ(standard.err, "camelot match: player 'net:" + grandNet +
                              "': the network plays Grand Camelot, not the standard game\n");
  const CliResult grand = runCamelot(
      {"match", "--variant", "grand", "--white", "net:" + standardNet, "--black", "random"});
  EXPECT_EQ(grand.status, 1);
  EXPECT_EQ(grand.err, "camelot match: player 'net:" + standardNet +
                           "': the network plays the standard game, not Grand Camelot\n");
  // Every command that takes a network says so with the same status.
  for (const std::vector<std::string>& command :
       {std::vector<std::string>{"analyze", "--net", grandNet},
        std::vector<std::string>{"engine", "--net", grandNet},
        std::vector<std::string>{"play", "--net", grandNet}}) {
    const CliResult wrong = runCamelot(command, "quit\n");
    EXPECT_EQ(wrong.status, 1) << command[0] << ": " << wrong.err;
    EXPECT_NE(wrong.err.find("network plays Grand Camelot, not the standard game"),
              std::string::npos)
        << command[0] << ": " << wrong.err;
    EXPECT_EQ(std::count(wrong.err.begin(), wrong.err.end(), '\n'), 1) << wrong.err;
  }
  const CliResult info = runCamelot({"net", "info", grandNet});
  EXPECT_NE(info.out.find("network:          mlp 16-8-8 (moves 8, Grand Camelot)\n"),
            std::string::npos)
      << info.out;
  const CliResult resnet = runCamelot(
      {"net", "init", "--variant", "grand", "--architecture", "resnet", "--out", "unused.ckpt"});
  EXPECT_EQ(resnet.err, "camelot net init: Grand Camelot networks are mlps (architecture mlp)\n");
}

TEST(GrandCommands, G12_AnalyzeRanksTheRootMovesOfATreeSearch) {
  const CliResult r = runCamelot(
      {"analyze", "--fen", kRedWinsAtOnce, "--player", "mcts:sims=50", "--top", "3", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["search"], "mcts:sims=50,eval=uniform");
  EXPECT_EQ(j["moves"].size(), 3u);
  EXPECT_EQ(j["moves"][0]["move"], "I15-I16");
  EXPECT_EQ(j["moves"][0]["q"], 1.0);
  EXPECT_EQ(j["pv"][0], "I15-I16");
  EXPECT_EQ(j["value"], 1.0);
  const CliResult greedy = runCamelot({"analyze", "--variant", "grand", "--player", "greedy"});
  EXPECT_EQ(greedy.status, 2);
  EXPECT_EQ(greedy.err,
            "camelot analyze: analyze reads a network or a tree search: --player must be "
            "net:FILE[,...], mcts:... or gumbel:..., not 'greedy'\n");
}

TEST(GrandCommands, AnalyzeGivesANetworksWdlAtTheRootAndAfterEachMove) {
  const std::string grandNet = std::string(CAMELOT_TEST_DATA) + "/grand-mlp-tiny.ckpt";
  const CliResult r = runCamelot({"analyze", "--variant", "grand", "--player",
                                  "net:" + grandNet + ",depth=2", "--top", "4", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["search"], "alphabeta");  // a network's search without search=, either variant
  EXPECT_EQ(j["depth"], 2);
  const auto sumsToOne = [](const nlohmann::json& wdl) {
    return std::abs(wdl[0].get<double>() + wdl[1].get<double>() + wdl[2].get<double>() - 1.0) <
           1e-5;
  };
  EXPECT_TRUE(sumsToOne(j["wdl"])) << j["wdl"];
  ASSERT_EQ(j["moves"].size(), 4u);
  grand::GrandGame game;
  for (const auto& m : j["moves"]) {
    EXPECT_TRUE(grand::findMove(game.position(), m["move"].get<std::string>()));
    EXPECT_TRUE(sumsToOne(m["wdl"])) << m;
  }
  ASSERT_FALSE(j["pv"].empty());
  EXPECT_EQ(j["pv"][0], j["moves"][0]["move"]);
}

}  // namespace
}  // namespace camelot::cli
