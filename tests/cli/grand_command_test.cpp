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
    EXPECT_EQ(answer["outcome"], outcome.starts_with("win ") ? outcome.substr(4, 2)
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

TEST(GrandCommands, G14_ABadGfenIsOneLineAndStatusOne) {
  const CliResult r = runCamelot({"legal", "--variant", "grand"}, "2/8 r 0 0 0 0 0\n");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "camelot legal: standard input line 1: bad GFEN: 2 ranks (expected 16)\n");
  EXPECT_EQ(runCamelot({"perft", "1", "--variant", "hex"}).status, 2);
}

}  // namespace
}  // namespace camelot::cli
