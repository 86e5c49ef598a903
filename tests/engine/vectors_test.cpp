// The shared rule vectors (tests/data/vectors/movegen.jsonl): for every position, the exact list of
// moves (notation and resulting CFEN), the outcome and perft to depth 3. They cover R1-R10.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "engine/cfen.hpp"
#include "engine/notation.hpp"
#include "engine/perft.hpp"
#include "engine/rules_status.hpp"
#include "tests/engine/json_lines.hpp"

namespace camelot {
namespace {

const std::filesystem::path kVectors = std::filesystem::path(CAMELOT_VECTOR_DIR) / "movegen.jsonl";

// "win w castle" -> "white", "draw - material" -> "draw", "none" -> "none".
std::string expectedOutcome(const std::string& text) {
  if (text.starts_with("win w")) return "white";
  if (text.starts_with("win b")) return "black";
  if (text.starts_with("draw")) return "draw";
  return "none";
}

class RuleVectors : public ::testing::Test {
 protected:
  void SetUp() override {
    vectors_ = testing_support::readJsonLines(kVectors);
    ASSERT_EQ(vectors_.size(), 103u) << kVectors;
  }
  std::vector<nlohmann::json> vectors_;
};

TEST_F(RuleVectors, R1_to_R10_ExactMoveListsAndOutcomes) {
  for (const auto& v : vectors_) {
    SCOPED_TRACE(v["id"].get<std::string>() + " " + v["label"].get<std::string>());
    const Position p = parseCfen(v["fen"].get<std::string>());
    EXPECT_EQ(toCfen(p), v["fen"].get<std::string>());
    const GameStatus status = positionStatus(p, ClockRule::Apply);
    EXPECT_EQ(outcomeName(status.outcome), expectedOutcome(v["outcome"].get<std::string>()));

    std::vector<std::pair<std::string, std::string>> actual;
    for (const Move& m : legalMoves(p))
      actual.emplace_back(toNotation(m), toCfen(p.after(m)));
    std::sort(actual.begin(), actual.end());
    std::vector<std::pair<std::string, std::string>> expected;
    for (const auto& m : v["moves"])
      expected.emplace_back(m["n"], m["r"]);
    EXPECT_EQ(actual, expected);
  }
}

TEST_F(RuleVectors, R10_PerftToDepth3) {
  for (const auto& v : vectors_) {
    SCOPED_TRACE(v["id"].get<std::string>() + " " + v["label"].get<std::string>());
    const Position p = parseCfen(v["fen"].get<std::string>());
    for (const auto& [depth, count] : v["perft"].items())
      EXPECT_EQ(perft(p, std::stoi(depth)), count.get<std::uint64_t>()) << "depth " << depth;
  }
}

}  // namespace
}  // namespace camelot
