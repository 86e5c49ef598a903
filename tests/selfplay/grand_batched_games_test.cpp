// Grand Camelot through the batched workers: self-play of a Grand Camelot network records legal
// games whose samples agree with them (the result from the partnership to move's view), a
// classical partnership takes its turns, and the games do not depend on the number of workers.

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

#include "engine/game.hpp"
#include "nn/features/grand_features.hpp"
#include "nn/model.hpp"
#include "tests/selfplay/quick_batched_settings.hpp"
#include "training/selfplay/batched_games.hpp"

namespace camelot {
namespace {

std::shared_ptr<const Model> grandNet() {
  return loadModel(std::filesystem::path(CAMELOT_TEST_DATA) / "grand-mlp-tiny.ckpt");
}

BatchedGamesSettings quickSettings(int workers) {
  return testing_support::quickBatchedSettings(workers, 80);
}

GrandGamePlan grandSelfPlayPlan() {
  GrandGamePlan plan;
  plan.start = grand::GrandPosition::start();
  plan.sides = {GameSide{0, "", "net"}, GameSide{0, "", "net"}};
  plan.record = true;
  return plan;
}

std::vector<GrandFinishedGame> playGrandGames(int workers, int count,
                                              const std::function<GrandGamePlan(int)>& plan) {
  std::vector<GrandFinishedGame> games;
  playBatchedGames<GrandRules>(
      {grandNet()}, quickSettings(workers), count, [&](int i) { return plan(i); },
      [&](GrandFinishedGame&& g) { games.push_back(std::move(g)); });
  return games;
}

TEST(GrandBatchedGames, G4_G13_SelfPlayRecordsAreLegalAndSamplesMatchTheGames) {
  const std::vector<GrandFinishedGame> games =
      playGrandGames(2, 6, [](int) { return grandSelfPlayPlan(); });
  ASSERT_EQ(games.size(), 6u);
  std::size_t samples = 0;
  for (const GrandFinishedGame& g : games) {
    grand::GrandGame replay(g.record.start);
    std::vector<grand::GrandPosition> seen{replay.position()};
    for (const grand::GrandMove& m : g.record.moves) {
      ASSERT_FALSE(replay.finished());
      ASSERT_TRUE(std::ranges::any_of(replay.legalMoves(), [&](const grand::GrandMove& l) {
        return grand::moveKey(l) == grand::moveKey(m);
      }));
      replay.play(m);
      seen.push_back(replay.position());
    }
    if (replay.finished()) {
      EXPECT_EQ(g.record.outcome.reason, replay.status().reason);
    } else {
      EXPECT_EQ(g.record.moves.size(), 80u);
      EXPECT_EQ(g.record.outcome.reason, "adjudicated");
    }
    const int plies = static_cast<int>(g.record.moves.size());
    for (const GrandTrainingSample& s : g.samples) {
      ++samples;
      ASSERT_GE(s.movesLeft, 1);
      EXPECT_EQ(s.position, seen[static_cast<std::size_t>(plies - s.movesLeft)]);
      const grand::GrandOutcome& outcome = g.record.outcome;
      const int expected = outcome.kind != grand::GrandOutcome::Kind::Win              ? 0
                           : outcome.winner == grand::partnershipOf(s.position.toMove) ? 1
                                                                                       : -1;
      EXPECT_EQ(s.result, expected);
      LegalPolicy legal;
      assignLegalPolicy(legal, s.position, grand::unsortedLegalMoves(s.position));
      EXPECT_EQ(s.policyIndices, legal.indices);
      EXPECT_NEAR(std::accumulate(s.policyTarget.begin(), s.policyTarget.end(), 0.0), 1.0, 1e-4);
    }
  }
  EXPECT_GT(samples, 0u);
  // The same games with one worker: each game's randomness comes from its number alone.
  const std::vector<GrandFinishedGame> alone =
      playGrandGames(1, 6, [](int) { return grandSelfPlayPlan(); });
  for (std::size_t i = 0; i < games.size(); ++i) {
    EXPECT_EQ(alone[i].record.toJsonLine(), games[i].record.toJsonLine());
    EXPECT_EQ(alone[i].samples, games[i].samples);
  }
}

TEST(GrandBatchedGames, G2_AClassicalPartnershipTakesItsTurns) {
  const std::vector<GrandFinishedGame> games = playGrandGames(2, 2, [](int i) {
    GrandGamePlan plan;
    plan.start = grand::GrandPosition::start();
    const GameSide net{0, "", "net"}, greedy{-1, "greedy", "greedy"};
    plan.sides = i == 0 ? std::array{net, greedy} : std::array{greedy, net};
    return plan;
  });
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].record.rb, "net");
  EXPECT_EQ(games[0].record.gy, "greedy");
  EXPECT_EQ(games[1].record.rb, "greedy");
  for (const GrandFinishedGame& g : games)
    EXPECT_TRUE(g.samples.empty());  // not recorded
}

}  // namespace
}  // namespace camelot
