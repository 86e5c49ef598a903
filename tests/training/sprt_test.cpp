// SPRT: its error rates on simulated games, an LLR worked out by hand, a run of wins, the
// text, and parsing the settings.

#include "training/evaluation/sprt.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <stdexcept>
#include <string>

namespace camelot {
namespace {

// Plays games of a player `trueElo` stronger (draws 20%, taken half from each side's wins) until
// the test decides or `cap` games are played.
SprtDecision runStream(double trueElo, const SprtSettings& settings, std::uint64_t seed,
                       int cap = 20000) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> uniform(0.0, 1.0);
  const double p = scoreFromElo(trueElo);
  MatchScore score;
  for (int game = 0; game < cap; ++game) {
    const double u = uniform(rng);
    if (u < p - 0.1) {
      ++score.wins;
    } else if (u < p + 0.1) {
      ++score.draws;
    } else {
      ++score.losses;
    }
    const SprtDecision decision = sprtStatus(score, settings).decision;
    if (decision != SprtDecision::Continue) return decision;
  }
  return SprtDecision::Continue;
}

// How many of 200 independent streams end with `decision`.
int countDecisions(double trueElo, SprtDecision decision) {
  const SprtSettings settings{.elo0 = 0.0, .elo1 = 20.0};
  int count = 0;
  for (std::uint64_t stream = 0; stream < 200; ++stream) {
    if (runStream(trueElo, settings, 1000 + stream) == decision) ++count;
  }
  return count;
}

std::string errorOf(std::string_view text) {
  try {
    parseSprtSettings(text);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "no error";
}

TEST(Sprt, AcceptsH1WhenClearlyStrongerThanElo1) {
  EXPECT_GE(countDecisions(40.0, SprtDecision::AcceptH1), 180);
}

TEST(Sprt, AcceptsH0WhenWeakerThanElo0) {
  EXPECT_GE(countDecisions(-20.0, SprtDecision::AcceptH0), 180);
}

TEST(Sprt, RarelyAcceptsH1AtElo0) {
  // alpha = 0.05: about 10 of 200 expected.
  EXPECT_LE(countDecisions(0.0, SprtDecision::AcceptH1), 20);
}

TEST(Sprt, RarelyAcceptsH0AtElo1) {
  // beta = 0.05: about 10 of 200 expected.
  EXPECT_LE(countDecisions(20.0, SprtDecision::AcceptH0), 20);
}

TEST(Sprt, LlrMatchesTheFormulaWorkedByHand) {
  // 180 wins, 90 draws, 90 losses: mean 225/360 = 0.625, variance
  // (180 * 0.375^2 + 90 * 0.125^2 + 90 * 0.625^2) / 360 = 61.875 / 360 = 0.171875.
  const double s0 = 0.5;
  const double s1 = 1.0 / (1.0 + std::pow(10.0, -10.0 / 400.0));
  const double expected = 360 * (s1 - s0) * (2 * 0.625 - s0 - s1) / (2 * 0.171875);
  const SprtStatus status = sprtStatus({180, 90, 90}, {.elo0 = 0.0, .elo1 = 10.0});
  EXPECT_NEAR(status.llr, expected, 1e-12);
  EXPECT_NEAR(status.lower, std::log(0.05 / 0.95), 1e-12);
  EXPECT_NEAR(status.upper, std::log(0.95 / 0.05), 1e-12);
  EXPECT_GT(expected, status.upper);
  EXPECT_EQ(status.decision, SprtDecision::AcceptH1);
}

TEST(Sprt, NoGamesIsZeroAndContinues) {
  const SprtStatus status = sprtStatus({}, {});
  EXPECT_EQ(status.llr, 0.0);
  EXPECT_EQ(status.decision, SprtDecision::Continue);
}

TEST(Sprt, ARunOfWinsAcceptsH1AfterSeveralGamesNotTwo) {
  const SprtSettings settings{.elo0 = 0.0, .elo1 = 5.0};
  // Variance floored at 1/(4N): LLR = 2 N^2 (s1 - s0)(2 - s0 - s1), first >= 2.94 at N = 15.
  EXPECT_EQ(sprtStatus({2, 0, 0}, settings).decision, SprtDecision::Continue);
  EXPECT_EQ(sprtStatus({14, 0, 0}, settings).decision, SprtDecision::Continue);
  EXPECT_EQ(sprtStatus({15, 0, 0}, settings).decision, SprtDecision::AcceptH1);
  EXPECT_EQ(sprtStatus({0, 0, 15}, settings).decision, SprtDecision::AcceptH0);
}

TEST(Sprt, TextNamesTheBoundsAndTheDecision) {
  const SprtSettings settings{.elo0 = 0.0, .elo1 = 5.0};
  EXPECT_EQ(sprtText({.llr = 1.234, .lower = -2.944, .upper = 2.944}, settings),
            "SPRT elo0 0, elo1 5: LLR 1.23 in [-2.94, 2.94], continue");
  const std::string real = sprtText(sprtStatus({3, 2, 1}, settings), settings);
  EXPECT_TRUE(real.ends_with("in [-2.94, 2.94], continue")) << real;
  EXPECT_EQ(
      sprtText({.llr = 3.0, .lower = -2.94, .upper = 2.94, .decision = SprtDecision::AcceptH1},
               settings),
      "SPRT elo0 0, elo1 5: LLR 3.00 at or above 2.94, H1 accepted (elo1: stronger by 5)");
  EXPECT_EQ(
      sprtText({.llr = -3.0, .lower = -2.94, .upper = 2.94, .decision = SprtDecision::AcceptH0},
               {.elo0 = -5.0, .elo1 = 2.5}),
      "SPRT elo0 -5, elo1 2.5: LLR -3.00 at or below -2.94, H0 accepted");
}

TEST(Sprt, ParsesEloPairs) {
  const SprtSettings settings = parseSprtSettings("-5,5");
  EXPECT_EQ(settings.elo0, -5.0);
  EXPECT_EQ(settings.elo1, 5.0);
  EXPECT_EQ(settings.alpha, 0.05);
  EXPECT_EQ(settings.beta, 0.05);
  EXPECT_EQ(parseSprtSettings("0,10").elo1, 10.0);
  EXPECT_EQ(parseSprtSettings("0,+2.5").elo1, 2.5);
}

TEST(Sprt, ParseErrorsNameTheText) {
  EXPECT_EQ(errorOf("0"), "sprt: expected 'elo0,elo1' such as '0,10', got '0'");
  EXPECT_EQ(errorOf("0,1,2"), "sprt: expected 'elo0,elo1' such as '0,10', got '0,1,2'");
  EXPECT_EQ(errorOf("a,b"), "sprt: 'a' in 'a,b' is not a number");
  EXPECT_EQ(errorOf("0,5x"), "sprt: '5x' in '0,5x' is not a number");
  EXPECT_EQ(errorOf("0,"), "sprt: '' in '0,' is not a number");
  EXPECT_EQ(errorOf("0,+-5"), "sprt: '+-5' in '0,+-5' is not a number");
  EXPECT_EQ(errorOf("0,inf"), "sprt: 'inf' in '0,inf' is not a number");
  EXPECT_EQ(errorOf("5,0"), "sprt: elo0 must be below elo1, got '5,0'");
}

TEST(Sprt, RejectsImpossibleSettings) {
  EXPECT_THROW(sprtStatus({}, {.elo0 = 5.0, .elo1 = 5.0}), std::invalid_argument);
  EXPECT_THROW(sprtStatus({}, {.alpha = 0.5}), std::invalid_argument);
  EXPECT_THROW(sprtStatus({}, {.beta = 0.0}), std::invalid_argument);
  EXPECT_NO_THROW(sprtStatus({}, {.alpha = 0.01, .beta = 0.2}));
}

}  // namespace
}  // namespace camelot
