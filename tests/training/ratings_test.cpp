// Ratings: the Bradley–Terry fit recovers known strengths within its intervals, exact small
// cases, the prior, anchoring, independence of the order of games, the output formats and
// the errors.

#include "training/evaluation/ratings.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include "training/evaluation/elo.hpp"

namespace camelot {
namespace {

constexpr double kEloPerNatural = 400.0 / std::numbers::ln10;

// White's score in one game: a draw 20% of the time where the expected score p allows it,
// taken half from each side's wins so the expected score stays p.
double playGame(double whiteElo, double blackElo, std::mt19937_64& rng) {
  const double p = scoreFromElo(whiteElo - blackElo);
  const double draw = std::min({0.2, p, 1.0 - p});
  const double u = std::uniform_real_distribution<double>(0.0, 1.0)(rng);
  if (u < p - draw / 2.0) return 1.0;
  if (u < p + draw / 2.0) return 0.5;
  return 0.0;
}

// Known strengths; "p0" is the natural anchor.
const std::map<std::string, double> kTrueElo = {
    {"p0", 0.0}, {"p60", 60.0}, {"p120", 120.0}, {"p250", 250.0}, {"p400", 400.0}};

// A round robin with `gamesPerPair` games per pair, colours alternating.
std::vector<RatedGame> roundRobin(int gamesPerPair, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<RatedGame> games;
  for (auto a = kTrueElo.begin(); a != kTrueElo.end(); ++a) {
    for (auto b = std::next(a); b != kTrueElo.end(); ++b) {
      for (int g = 0; g < gamesPerPair; ++g) {
        const auto& [white, black] = g % 2 == 0 ? std::pair{*a, *b} : std::pair{*b, *a};
        games.push_back({white.first, black.first, playGame(white.second, black.second, rng)});
      }
    }
  }
  return games;
}

std::vector<RatedGame> repeated(const RatedGame& game, int times) {
  return std::vector<RatedGame>(static_cast<std::size_t>(times), game);
}

const PlayerRating& find(const RatingsTable& table, const std::string& name) {
  const auto found = std::find_if(table.players.begin(), table.players.end(),
                                  [&](const PlayerRating& p) { return p.name == name; });
  if (found == table.players.end()) throw std::runtime_error("no player " + name);
  return *found;
}

// The error message of fitting `games`, or "no error".
std::string errorOf(const std::vector<RatedGame>& games, const std::string& anchor,
                    RatingsOptions options = {}) {
  try {
    fitRatings(games, anchor, options);
  } catch (const RatingsError& e) {
    return e.what();
  }
  return "no error";
}

TEST(Ratings, RecoversKnownStrengthsWithinTheirIntervalsAndInOrder) {
  const std::vector<RatedGame> games = roundRobin(300, 20240601);
  const RatingsTable table = fitRatings(games, "p0");
  ASSERT_EQ(table.players.size(), kTrueElo.size());
  EXPECT_EQ(table.anchor, "p0");
  for (const PlayerRating& p : table.players) {
    const double truth = kTrueElo.at(p.name);
    EXPECT_EQ(p.games, 4 * 300) << p.name;
    if (p.name == "p0") {
      EXPECT_EQ(p.elo, 0.0);
      EXPECT_EQ(p.margin, 0.0);
      continue;
    }
    // Intervals of a plausible size, so "within" says something: ~1200 games each.
    EXPECT_GT(p.margin, 10.0) << p.name;
    EXPECT_LT(p.margin, 60.0) << p.name;
    EXPECT_LE(std::abs(p.elo - truth), p.margin) << p.name << " fitted " << p.elo;
  }
  const std::vector<std::string> bestFirst = {"p400", "p250", "p120", "p60", "p0"};
  for (std::size_t i = 0; i < bestFirst.size(); ++i) {
    EXPECT_EQ(table.players[i].name, bestFirst[i]);
  }
}

TEST(Ratings, AnchoringAnotherPlayerShiftsEveryRatingByTheSameAmount) {
  const std::vector<RatedGame> games = roundRobin(40, 7);
  const RatingsTable byP0 = fitRatings(games, "p0");
  const RatingsTable byP250 = fitRatings(games, "p250");
  EXPECT_EQ(find(byP250, "p250").elo, 0.0);
  const double shift = find(byP0, "p250").elo;
  EXPECT_GT(shift, 100.0);
  for (const PlayerRating& p : byP0.players) {
    EXPECT_NEAR(find(byP250, p.name).elo, p.elo - shift, 1e-6) << p.name;
  }
}

TEST(Ratings, FittingTwoHalvesConcatenatedEqualsFittingAllGames) {
  const std::vector<RatedGame> all = roundRobin(40, 8);
  // Odd-numbered games first, then even: the same games in another order.
  std::vector<RatedGame> halves;
  for (const int parity : {1, 0}) {
    for (std::size_t i = parity; i < all.size(); i += 2)
      halves.push_back(all[i]);
  }
  ASSERT_EQ(halves.size(), all.size());
  const RatingsTable whole = fitRatings(all, "p0");
  const RatingsTable merged = fitRatings(halves, "p0");
  ASSERT_EQ(merged.players.size(), whole.players.size());
  for (std::size_t i = 0; i < whole.players.size(); ++i) {
    EXPECT_EQ(merged.players[i].name, whole.players[i].name);
    EXPECT_EQ(merged.players[i].games, whole.players[i].games);
    EXPECT_EQ(merged.players[i].points, whole.players[i].points);
    EXPECT_NEAR(merged.players[i].elo, whole.players[i].elo, 1e-9);
    EXPECT_NEAR(merged.players[i].margin, whole.players[i].margin, 1e-9);
  }
}

TEST(Ratings, APlayerWhoWonEveryGameGetsAFiniteRatingAboveTheRest) {
  std::vector<RatedGame> games = roundRobin(20, 9);
  for (const auto& [name, elo] : kTrueElo) {
    for (const RatedGame& g : repeated({"champion", name, 1.0}, 5))
      games.push_back(g);
    for (const RatedGame& g : repeated({name, "champion", 0.0}, 5))
      games.push_back(g);
  }
  const RatingsTable table = fitRatings(games, "p0");
  const PlayerRating& champion = table.players.front();
  EXPECT_EQ(champion.name, "champion");
  EXPECT_EQ(champion.score(), 1.0);
  EXPECT_TRUE(std::isfinite(champion.elo));
  EXPECT_TRUE(std::isfinite(champion.margin));
  EXPECT_GT(champion.elo, table.players[1].elo);
}

TEST(Ratings, WithoutThePriorAPerfectScoreHasNoFiniteRating) {
  std::vector<RatedGame> games = repeated({"a", "b", 0.5}, 4);
  games.push_back({"c", "a", 1.0});
  games.push_back({"b", "c", 0.0});
  EXPECT_EQ(errorOf(games, "a", {.priorDraws = 0.0}),
            "ratings: 'c' has no finite rating: a group of players with it won every game "
            "against the rest; use priorDraws > 0");
  for (RatedGame& g : games)
    g.whiteScore = 1.0 - g.whiteScore;
  EXPECT_EQ(errorOf(games, "a", {.priorDraws = 0.0}),
            "ratings: 'c' has no finite rating: a group of players with it lost every game "
            "against the rest; use priorDraws > 0");
  EXPECT_EQ(errorOf(games, "a", {.priorDraws = 0.5}), "no error");
}

TEST(Ratings, AnEvenScoreWithoutThePriorIsZeroForBoth) {
  const std::vector<RatedGame> games = {{"a", "b", 1.0}, {"b", "a", 1.0}};
  const RatingsTable table = fitRatings(games, "b", {.priorDraws = 0.0});
  EXPECT_NEAR(find(table, "a").elo, 0.0, 1e-9);
  EXPECT_EQ(find(table, "b").elo, 0.0);
}

TEST(Ratings, ThreeWinsInFourGamesIsFourHundredLogThreeWithTheLogisticMargin) {
  std::vector<RatedGame> games = repeated({"a", "b", 1.0}, 3);
  games.push_back({"b", "a", 1.0});
  const PlayerRating a = find(fitRatings(games, "b", {.priorDraws = 0.0}), "a");
  EXPECT_NEAR(a.elo, 400.0 * std::log10(3.0), 1e-6);
  // Variance of the fitted log-odds: 1 / (n p (1 - p)) with n = 4, p = 3/4.
  EXPECT_NEAR(a.margin, 1.959964 * std::sqrt(1.0 / (4 * 0.75 * 0.25)) * kEloPerNatural, 1e-6);
  EXPECT_EQ(a.games, 4);
  EXPECT_EQ(a.points, 3.0);
}

TEST(Ratings, ThePriorAddsVirtualDrawsToEveryPairThatMet) {
  std::vector<RatedGame> games = repeated({"a", "b", 1.0}, 3);
  games.push_back({"b", "a", 1.0});
  // Two virtual draws: 4 points of 6.
  const PlayerRating a = find(fitRatings(games, "b", {.priorDraws = 2.0}), "a");
  EXPECT_NEAR(a.elo, 400.0 * std::log10(4.0 / 2.0), 1e-6);
  EXPECT_EQ(a.games, 4);
  EXPECT_EQ(a.points, 3.0);
}

std::vector<RatedGame> smallMatch() {
  std::vector<RatedGame> games = repeated({"mcts:sims=8,eval=rollout", "random", 1.0}, 3);
  games.push_back({"random", "mcts:sims=8,eval=rollout", 1.0});
  return games;
}

TEST(Ratings, CsvHasFixedDecimalsAndQuotesNamesWithCommas) {
  EXPECT_EQ(ratingsCsv(fitRatings(smallMatch(), "random", {.priorDraws = 0.0})),
            "player,games,points,score,elo,elo_margin\n"
            "\"mcts:sims=8,eval=rollout\",4,3.0,0.750,190.8,393.2\n"
            "random,4,1.0,0.250,0.0,0.0\n");
}

TEST(Ratings, TextIsAnAlignedTable) {
  EXPECT_EQ(ratingsText(fitRatings(smallMatch(), "random", {.priorDraws = 0.0})),
            "player                    games  score   Elo       ±\n"
            "mcts:sims=8,eval=rollout      4  0.750  +191    ±393\n"
            "random                        4  0.250     0  anchor\n");
  const RatingsTable weaker = fitRatings(smallMatch(), "mcts:sims=8,eval=rollout");
  EXPECT_NE(ratingsText(weaker).find("  -"), std::string::npos) << ratingsText(weaker);
}

TEST(Ratings, ErrorsNameTheProblem) {
  EXPECT_EQ(errorOf({}, "a"), "ratings: no games to rate");
  EXPECT_EQ(errorOf({{"a", "b", 0.7}}, "a"),
            "ratings: game 1 ('a' against 'b') has White score 0.7; expected 1, 0.5 or 0");
  EXPECT_EQ(errorOf({{"a", "b", 1.0}, {"a", "a", 0.5}}, "a"),
            "ratings: game 2 ('a' against 'a') is a player against itself");
  EXPECT_EQ(errorOf({{"a", "b", 1.0}}, "z"), "ratings: the anchor 'z' played no game");
  EXPECT_EQ(errorOf({{"a", "b", 1.0}, {"c", "d", 0.5}}, "a"),
            "ratings: 'c' has no chain of games to the anchor 'a'");
  EXPECT_EQ(errorOf({{"a", "b", 1.0}}, "a", {.priorDraws = -1.0}),
            "ratings: priorDraws must be a number >= 0, got -1");
}

}  // namespace
}  // namespace camelot
