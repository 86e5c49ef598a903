// Matches: paired games with colours swapped, results independent of the thread count, game
// records, the Elo estimate with its interval, and player specs with their errors.

#include "training/evaluation/match.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>

#include "players/player_factory.hpp"
#include "training/evaluation/elo.hpp"

namespace camelot {
namespace {

std::map<int, std::string> playAll(const MatchSettings& settings, MatchResult* result = nullptr) {
  std::map<int, std::string> records;
  const MatchResult r =
      playMatch<StandardRules>("greedy", "random", settings,
                               [&](int, const GameRecord& g) { records[g.game] = g.toJsonLine(); });
  if (result) *result = r;
  return records;
}

TEST(Match, GamesComeInPairsWithColoursSwappedFromTheSameOpening) {
  MatchSettings settings;
  settings.games = 4;
  settings.openingPlies = 3;
  settings.seed = 11;
  const auto records = playAll(settings);
  ASSERT_EQ(records.size(), 4u);
  const auto game1 = nlohmann::json::parse(records.at(1));
  const auto game2 = nlohmann::json::parse(records.at(2));
  const auto game3 = nlohmann::json::parse(records.at(3));
  EXPECT_EQ(game1["white"], "greedy");
  EXPECT_EQ(game1["black"], "random");
  EXPECT_EQ(game2["white"], "random");
  EXPECT_EQ(game2["black"], "greedy");
  EXPECT_EQ(game1["start"], game2["start"]);
  EXPECT_NE(game1["start"], game3["start"]);
  // Three random plies from the start: Black to move, clock 3 unless something was taken.
  EXPECT_NE(game1["start"].get<std::string>().find(" b "), std::string::npos);
}

TEST(Match, SameSeedSameGamesWhateverTheThreadCount) {
  MatchSettings settings;
  settings.games = 6;
  settings.openingPlies = 2;
  settings.seed = 5;
  MatchResult one;
  MatchResult two;
  const auto serial = playAll(settings, &one);
  settings.threads = 2;
  const auto parallel = playAll(settings, &two);
  EXPECT_EQ(serial, parallel);
  EXPECT_EQ(one.total().wins, two.total().wins);
  EXPECT_EQ(one.total().draws, two.total().draws);
}

TEST(Match, ScoresFromTheFirstPlayersViewPerColour) {
  MatchSettings settings;
  settings.games = 10;
  settings.seed = 3;
  MatchResult result;
  const auto records = playAll(settings, &result);
  MatchScore asWhite;
  MatchScore asBlack;
  for (const auto& [game, line] : records) {
    const auto json = nlohmann::json::parse(line);
    const bool greedyWhite = json["white"] == "greedy";
    const std::string mine = greedyWhite ? "white" : "black";
    MatchScore& s = greedyWhite ? asWhite : asBlack;
    if (json["result"] == "draw") {
      ++s.draws;
    } else if (json["result"] == mine) {
      ++s.wins;
    } else {
      ++s.losses;
    }
    EXPECT_EQ(json["plies"], json["moves"].size());
  }
  EXPECT_EQ(result.asWhite.wins, asWhite.wins);
  EXPECT_EQ(result.asWhite.losses, asWhite.losses);
  EXPECT_EQ(result.asBlack.wins, asBlack.wins);
  EXPECT_EQ(result.asBlack.draws, asBlack.draws);
  EXPECT_EQ(result.total().games(), 10);
}

TEST(Match, LengthCapAdjudicatesADraw) {
  MatchSettings settings;
  settings.games = 2;
  settings.maxPlies = 3;
  const auto records = playAll(settings);
  for (const auto& [game, line] : records) {
    const auto json = nlohmann::json::parse(line);
    EXPECT_EQ(json["result"], "draw");
    EXPECT_EQ(json["reason"], "adjudicated");
    EXPECT_EQ(json["plies"], 3);
  }
}

TEST(Match, RejectsBadSettings) {
  MatchSettings settings;
  settings.games = 0;
  EXPECT_THROW(playAll(settings), std::invalid_argument);
}

TEST(Elo, EstimateAndInterval) {
  EXPECT_NEAR(eloFromScore(0.75), 190.85, 0.01);
  EXPECT_NEAR(eloFromScore(0.5), 0.0, 1e-9);
  EXPECT_EQ(eloFromScore(1.0), std::numeric_limits<double>::infinity());
  EXPECT_EQ(eloFromScore(0.0), -std::numeric_limits<double>::infinity());
  EXPECT_NEAR(scoreFromElo(190.85), 0.75, 1e-5);
  EXPECT_NEAR(scoreFromElo(-400.0), 1.0 / 11.0, 1e-12);
  EXPECT_EQ(scoreFromElo(0.0), 0.5);
  // 60 wins, 20 draws, 20 losses: score 0.7, per-game variance 0.16, margin 1.96 * 0.04.
  const EloEstimate e = estimateElo({60, 20, 20});
  EXPECT_NEAR(e.elo, 147.19, 0.01);
  EXPECT_NEAR(e.low, eloFromScore(0.7 - 1.959964 * 0.04), 1e-6);
  EXPECT_NEAR(e.high, eloFromScore(0.7 + 1.959964 * 0.04), 1e-6);
  const EloEstimate perfect = estimateElo({10, 0, 0});
  EXPECT_TRUE(std::isinf(perfect.elo) && perfect.elo > 0);
  // A perfect score has no spread: the whole interval sits at +inf.
  EXPECT_TRUE(std::isinf(perfect.low) && perfect.low > 0);
}

TEST(PlayerSpec, ParsesKindAndOptions) {
  const PlayerSpec spec = PlayerSpec::parse("mcts:sims=800,eval=rollout");
  EXPECT_EQ(spec.kind(), "mcts");
  EXPECT_EQ(spec.intOption("sims", 1, 1, 100000), 800);
  EXPECT_EQ(spec.intOption("depth", 4, 1, 64), 4);
  EXPECT_EQ(spec.choiceOption("eval", "uniform", {"uniform", "rollout"}), "rollout");
}

TEST(PlayerSpec, MakesEverySearchPlayerWithItsBudget) {
  EXPECT_EQ(makePlayer<StandardRules>(PlayerSpec::parse("mcts:sims=50,eval=rollout"), 1)->name(),
            "mcts:sims=50,eval=rollout");
  EXPECT_EQ(makePlayer<StandardRules>(PlayerSpec::parse("gumbel:sims=16"), 1)->name(),
            "gumbel:sims=16,eval=uniform");
  EXPECT_EQ(makePlayer<StandardRules>(PlayerSpec::parse("rollout:sims=200"), 1)->name(),
            "rollout:sims=200");
  EXPECT_EQ(makePlayer<StandardRules>(PlayerSpec::parse("alphabeta:depth=3,time=100"), 1)->name(),
            "alphabeta:depth=3,time=100");
  // A time limit alone lifts alpha-beta's depth cap (4 without one), as it does for net:.
  EXPECT_EQ(makePlayer<StandardRules>(PlayerSpec::parse("alphabeta:time=100"), 1)->name(),
            "alphabeta:depth=64,time=100");
  EXPECT_EQ(makePlayer<StandardRules>(PlayerSpec::parse("alphabeta"), 1)->name(),
            "alphabeta:depth=4");
  // Every player of a spec plays legal moves in a short match.
  MatchSettings settings;
  settings.games = 2;
  settings.maxPlies = 20;
  const MatchResult r = playMatch<StandardRules>("gumbel:sims=8", "rollout:sims=20", settings,
                                                 [](int, const GameRecord&) {});
  EXPECT_EQ(r.total().games(), 2);
}

TEST(PlayerSpec, ErrorsNameTheBadPart) {
  const auto message = [](const char* text, const std::function<void(const PlayerSpec&)>& use) {
    try {
      use(PlayerSpec::parse(text));
    } catch (const SpecError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  const auto nothing = [](const PlayerSpec&) {};
  EXPECT_EQ(message("alphabeta:depth", nothing),
            "player 'alphabeta:depth': option 'depth' is not of the form key=value");
  EXPECT_EQ(message(":depth=2", nothing), "player ':depth=2': no player kind before ':'");
  EXPECT_EQ(message("a:x=1,x=2", nothing), "player 'a:x=1,x=2': option 'x' is given twice");
  EXPECT_EQ(message("a:depth=0", [](const PlayerSpec& s) { s.intOption("depth", 1, 1, 64); }),
            "player 'a:depth=0': depth=0 must be a whole number 1..64");
  EXPECT_EQ(
      message("chess", [](const PlayerSpec& s) { makePlayer<StandardRules>(s, 1); }),
      "player 'chess': unknown kind 'chess' (players: " + knownPlayerKinds<StandardRules>() + ")");
  EXPECT_EQ(message("random:sims=5", [](const PlayerSpec& s) { makePlayer<StandardRules>(s, 1); }),
            "player 'random:sims=5': unknown option 'sims' (this player takes none)");
  EXPECT_EQ(message("mcts:eval=net", [](const PlayerSpec& s) { makePlayer<StandardRules>(s, 1); }),
            "player 'mcts:eval=net': eval=net is not one of uniform, rollout");
  EXPECT_EQ(message("rollout:sims=0", [](const PlayerSpec& s) { makePlayer<StandardRules>(s, 1); }),
            "player 'rollout:sims=0': give sims=N (N >= 1) or time=MS");
}

}  // namespace
}  // namespace camelot
