// Grand Camelot on the command line (--variant grand, or a GFEN): every shared vector passes
// through `camelot legal --variant grand`, and perft counts as grand-perft.txt says.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "engine/grand/grand_position.hpp"
#include "tests/cli/cli_runner.hpp"

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

}  // namespace
}  // namespace camelot::cli
