// `camelot analysis`, the JSON analysis engine: answers carry their query's id, a tree search's
// and a network's figures, partial answers, cancel, both variants, and an error naming the
// field for every kind of bad line, after which the engine goes on.

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "engine/game.hpp"
#include "engine/grand/grand_rules.hpp"
#include "engine/notation.hpp"
#include "tests/cli/cli_runner.hpp"

namespace camelot::cli {
namespace {

const std::string kTinyNet = std::string(CAMELOT_TEST_DATA) + "/mlp-tiny.ckpt";
const std::string kGrandTinyNet = std::string(CAMELOT_TEST_DATA) + "/grand-mlp-tiny.ckpt";

// The engine's answers to `lines`, one JSON object each (a line break inside one, where the
// source wraps it, is sent as a space).
std::vector<nlohmann::json> answers(const std::vector<std::string>& lines, int threads = 1) {
  std::string input;
  for (std::string line : lines) {
    std::replace(line.begin(), line.end(), '\n', ' ');
    input += line + "\n";
  }
  const CliResult r = runCamelot({"analysis", "--threads", std::to_string(threads)}, input);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  std::vector<nlohmann::json> parsed;
  std::istringstream out(r.out);
  for (std::string line; std::getline(out, line);)
    parsed.push_back(nlohmann::json::parse(line));
  return parsed;
}

// The legal line `moves` from the start of the standard game.
void expectLegalLine(const nlohmann::json& moves) {
  Game game;
  for (const nlohmann::json& m : moves)
    game.play(parseMove(game.position(), m.get<std::string>()));
}

TEST(AnalysisEngine, AnswersTheVersionWithTheQuerysId) {
  const auto a = answers({R"({"id": "v1", "action": "query_version"})"});
  ASSERT_EQ(a.size(), 1u);
  EXPECT_EQ(a[0]["id"], "v1");
  EXPECT_FALSE(a[0]["version"].get<std::string>().empty());
  EXPECT_TRUE(a[0].contains("commit"));
}

TEST(AnalysisEngine, ATreeSearchReportsVisitsQAndALineForEachMove) {
  const auto a = answers({R"({"id": 7, "moves": ["F7-F8", "E10-E9"], "player": "mcts:sims=64",
                              "top": 3})"});
  ASSERT_EQ(a.size(), 1u);
  const nlohmann::json& j = a[0];
  EXPECT_EQ(j["id"], 7);
  EXPECT_EQ(j["search"], "mcts:sims=64,eval=uniform");
  EXPECT_EQ(j["simulations"], 64);
  EXPECT_FALSE(j.contains("wdl"));  // no network
  ASSERT_EQ(j["moves"].size(), 3u);
  int previous = 1 << 30;
  for (const nlohmann::json& m : j["moves"]) {
    EXPECT_LE(m["visits"].get<int>(), previous);
    previous = m["visits"].get<int>();
    ASSERT_FALSE(m["pv"].empty());
    EXPECT_EQ(m["pv"][0], m["move"]);
    nlohmann::json line = nlohmann::json::array({"F7-F8", "E10-E9"});
    for (const nlohmann::json& move : m["pv"])
      line.push_back(move);
    expectLegalLine(line);
  }
  EXPECT_EQ(j["pv"], j["moves"][0]["pv"]);
  EXPECT_EQ(j["depth"], j["pv"].size());
}

TEST(AnalysisEngine, ANetworksAlphaBetaGivesItsValueWdlAndPriors) {
  const auto a =
      answers({R"({"id": "ab", "player": "net:)" + kTinyNet + R"(", "depth": 2, "top": 4})"});
  ASSERT_EQ(a.size(), 1u);
  const nlohmann::json& j = a[0];
  EXPECT_EQ(j["search"], "alphabeta");
  EXPECT_EQ(j["depth"], 2);
  EXPECT_GT(j["nodes"].get<int>(), 20);
  ASSERT_EQ(j["wdl"].size(), 3u);
  ASSERT_EQ(j["moves"].size(), 4u);
  EXPECT_EQ(j["moves"][0]["move"], j["pv"][0]);
  EXPECT_EQ(j["moves"][0]["pv"], j["pv"]);
  EXPECT_FALSE(j["moves"][1].contains("pv"));  // alpha-beta's line is its own move's alone
  for (std::size_t i = 2; i < 4; ++i)
    EXPECT_LE(j["moves"][i]["prior"].get<double>(), j["moves"][i - 1]["prior"].get<double>());
  for (const nlohmann::json& m : j["moves"])
    EXPECT_EQ(m["wdl"].size(), 3u);
  expectLegalLine(j["pv"]);
}

TEST(AnalysisEngine, ALimitReplacesThePlayersOwn) {
  // sims replaces a tree search's simulations; depth alpha-beta's plies; a limit that means
  // nothing to the player is ignored (depth to a tree search).
  const auto a = answers({R"({"id": "s", "player": "mcts:sims=8", "sims": 50, "top": 1})",
                          R"({"id": "d", "player": "net:)" + kTinyNet + R"(", "depth": 3})",
                          R"({"id": "t", "player": "mcts:sims=8", "depth": 5, "top": 1})",
                          R"({"id": "bad", "sims": 0})", R"({"id": "deep", "depth": 65})"});
  ASSERT_EQ(a.size(), 5u);
  std::map<std::string, nlohmann::json> byId;
  for (const nlohmann::json& j : a)
    byId[j["id"].get<std::string>()] = j;
  EXPECT_EQ(byId["s"]["simulations"], 50);
  EXPECT_EQ(byId["d"]["depth"], 3);
  EXPECT_EQ(byId["t"]["simulations"], 8);
  EXPECT_EQ(byId["bad"]["error"],
            "field 'sims': must be a whole number from 1 to 100000000, not 0");
  EXPECT_EQ(byId["deep"]["error"], "field 'depth': must be a whole number from 1 to 64, not 65");
}

TEST(AnalysisEngine, PartialAnswersComeWhileItSearches) {
  const auto a = answers({R"({"id": "p", "player": "mcts:sims=10000", "report_every_ms": 1,
                              "top": 2})"});
  ASSERT_GE(a.size(), 2u);
  for (std::size_t i = 0; i + 1 < a.size(); ++i) {
    EXPECT_EQ(a[i]["id"], "p");
    EXPECT_EQ(a[i]["partial"], true);
    EXPECT_LT(a[i]["simulations"].get<int>(), a.back()["simulations"].get<int>());
  }
  EXPECT_FALSE(a.back().contains("partial"));
  EXPECT_EQ(a.back()["simulations"], 10000);
}

TEST(AnalysisEngine, ACancelEndsAQueryWithWhatItFound) {
  // An hour's search, cancelled at once: answered, and marked so.
  const auto a = answers({R"({"id": "long", "player": "net:)" + kTinyNet + R"(",
                              "time_ms": 3600000, "top": 1})",
                          R"({"id": "long", "action": "cancel"})"});
  ASSERT_EQ(a.size(), 1u);
  EXPECT_EQ(a[0]["id"], "long");
  EXPECT_EQ(a[0]["cancelled"], true);
  ASSERT_FALSE(a[0]["pv"].empty());
  expectLegalLine(a[0]["pv"]);
}

TEST(AnalysisEngine, QueriesRunAtOnceAndEachAnswerCarriesItsId) {
  const auto a = answers({R"({"id": 1, "player": "mcts:sims=300", "top": 1})",
                          R"({"id": 2, "player": "gumbel:sims=16", "top": 1})",
                          R"({"id": 3, "player": "net:)" + kTinyNet + R"(", "depth": 2})"},
                         2);
  ASSERT_EQ(a.size(), 3u);
  std::vector<int> ids;
  for (const nlohmann::json& j : a)
    ids.push_back(j["id"].get<int>());
  std::sort(ids.begin(), ids.end());
  EXPECT_EQ(ids, (std::vector<int>{1, 2, 3}));
}

TEST(AnalysisEngine, G12_GrandCamelotQueriesTakeAGfenOrTheVariant) {
  const auto a = answers({R"({"id": "g", "variant": "grand", "player": "net:)" + kGrandTinyNet +
                          R"(,search=puct,sims=32", "top": 2})"});
  ASSERT_EQ(a.size(), 1u);
  const nlohmann::json& j = a[0];
  EXPECT_EQ(j["search"], "puct");
  EXPECT_EQ(j["simulations"], 32);
  EXPECT_EQ(j["wdl"].size(), 3u);
  grand::GrandGame game;
  for (const nlohmann::json& m : j["pv"]) {
    const auto move = grand::findMove(game.position(), m.get<std::string>());
    ASSERT_TRUE(move) << m;
    game.play(*move);
  }
}

TEST(AnalysisEngine, BadLinesAreAnsweredWithTheFieldAndTheEngineGoesOn) {
  const auto a = answers({
      "not json",
      "[1, 2]",
      R"({"fen": "startpos"})",
      R"({"id": [1]})",
      R"({"id": "a", "colour": "white"})",
      R"({"id": "b", "time_ms": 0})",
      R"({"id": "c", "top": "three"})",
      R"({"id": "d", "fen": "2/8 w"})",
      R"({"id": "e", "moves": ["F7-F8", "F7-F8"]})",
      R"({"id": "f", "player": "greedy"})",
      R"({"id": "g", "variant": "chess"})",
      R"({"id": "h", "action": "ponder"})",
      R"({"id": "i", "action": "cancel"})",
      R"({"id": "j", "variant": "grand", "player": "net:)" + kTinyNet + R"(,depth=1"})",
      R"({"id": "ok", "player": "mcts:sims=8", "top": 1})",
  });
  ASSERT_EQ(a.size(), 15u);
  // The lines without a usable id are answered at once, in order; a query's player is checked
  // when it starts, so its answer may come later than the next line's.
  std::vector<std::string> anonymous;
  std::map<std::string, nlohmann::json> byId;
  for (const nlohmann::json& j : a) {
    if (j["id"].is_null())
      anonymous.push_back(j["error"].get<std::string>());
    else
      byId[j["id"].dump()] = j;
  }
  ASSERT_EQ(anonymous.size(), 4u);
  EXPECT_EQ(anonymous[0].rfind("not a JSON object: ", 0), 0u);
  EXPECT_EQ(anonymous[1], "not a JSON object: [1,2]");
  EXPECT_EQ(anonymous[2], "field 'id': missing (every query has one)");
  EXPECT_EQ(anonymous[3], "field 'id': must be a string or a whole number");
  const auto error = [&](const std::string& id) {
    return byId.at(nlohmann::json(id).dump()).value("error", std::string("(none)"));
  };
  EXPECT_EQ(error("a"),
            "field 'colour': unknown (fields: id, fen, moves, variant, player, time_ms, depth, "
            "sims, top, report_every_ms)");
  EXPECT_EQ(error("b"), "field 'time_ms': must be a whole number from 1 to 3600000, not 0");
  EXPECT_EQ(error("c"), "field 'top': must be a whole number from 1 to 1000, not \"three\"");
  EXPECT_EQ(error("d").rfind("field 'fen': bad CFEN", 0), 0u) << error("d");
  EXPECT_EQ(error("e").rfind("field 'moves': move 2", 0), 0u) << error("e");
  EXPECT_EQ(error("f"),
            "field 'player': analyze reads a network or a tree search: --player must be "
            "net:FILE[,...], mcts:... or gumbel:..., not 'greedy'");
  EXPECT_EQ(error("g"), "field 'variant': 'chess' is not one (standard, grand)");
  EXPECT_EQ(error("h"), "field 'action': 'ponder' is not one (cancel, query_version, or none)");
  EXPECT_EQ(error("i"), "field 'id': no query \"i\" is waiting or running");
  EXPECT_EQ(error("j").rfind("field 'player': ", 0), 0u) << error("j");
  EXPECT_NE(error("j").find("the network plays the standard game, not Grand Camelot"),
            std::string::npos)
      << error("j");
  EXPECT_EQ(error("ok"), "(none)");
  EXPECT_EQ(byId.at("\"ok\"")["moves"].size(), 1u);
}

}  // namespace
}  // namespace camelot::cli
