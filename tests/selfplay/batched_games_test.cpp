// Self-play and evaluation games through the batched worker: every recorded move is legal,
// results and samples agree with the games, and classical players take their turns.
#include "training/selfplay/batched_games.hpp"

#include <gtest/gtest.h>

#include <mutex>
#include <numeric>
#include <optional>
#include <string>

#include "engine/cfen.hpp"
#include "engine/game.hpp"
#include "engine/rules_status.hpp"
#include "nn/backend/trainer.hpp"
#include "nn/features/encoding.hpp"
#include "nn/model.hpp"
#include "tests/selfplay/quick_batched_settings.hpp"
#include "tests/tiny_network.hpp"

namespace camelot {
namespace {

std::shared_ptr<const Model> tinyNet(std::uint64_t seed) {
  return Trainer(tinyNetworkConfig(), TrainerSettings{}, seed).model();
}

BatchedGamesSettings quickSettings() {
  return testing_support::quickBatchedSettings();
}

GamePlan selfPlayPlan() {
  GamePlan plan;
  plan.start = Position::start();
  plan.sides = {GameSide{0, "", "net"}, GameSide{0, "", "net"}};
  plan.record = true;
  return plan;
}

TEST(BatchedGames, SelfPlayRecordsAreLegalAndSamplesMatchTheGames) {
  std::vector<FinishedGame> games;
  const BatchedGamesStats stats = playBatchedGames(
      {tinyNet(1)}, quickSettings(), 8, [](int) { return selfPlayPlan(); },
      [&](FinishedGame&& g) { games.push_back(std::move(g)); });
  ASSERT_EQ(games.size(), 8u);
  EXPECT_EQ(stats.games, 8);
  EXPECT_GT(stats.evaluations, 0);
  EXPECT_GE(stats.evaluations, stats.batches);
  std::int64_t samples = 0;
  for (const FinishedGame& g : games) {
    // R1-R10: replaying the record through the engine accepts every move.
    Game replay(g.record.start);
    std::vector<Position> seen{replay.position()};
    for (const Move& m : g.record.moves) {
      ASSERT_FALSE(replay.finished());
      const MoveList& legal = replay.legalMoves();
      ASSERT_TRUE(std::any_of(legal.begin(), legal.end(),
                              [&](const Move& l) { return sameOutcome(l, m); }));
      replay.play(m);
      seen.push_back(replay.position());
    }
    // R9: the recorded result is the engine's, or an adjudicated draw at the cap.
    if (replay.finished()) {
      EXPECT_EQ(g.record.status.outcome, replay.status().outcome);
    } else {
      EXPECT_EQ(g.record.moves.size(), 60u);
      EXPECT_EQ(g.record.status.reason, EndReason::Adjudicated);
      EXPECT_EQ(g.record.status.outcome, Outcome::Draw);
    }
    EXPECT_EQ(g.sampleOutcome, g.record.status.outcome);  // no material adjudication
    const int plies = static_cast<int>(g.record.moves.size());
    for (const TrainingSample& s : g.samples) {
      ++samples;
      // The sample's position occurs in the game, movesLeft plies before its end.
      ASSERT_GE(s.movesLeft, 1);
      ASSERT_LE(s.movesLeft, plies);
      EXPECT_EQ(s.position, seen[static_cast<std::size_t>(plies - s.movesLeft)]);
      const Color mover = s.position.sideToMove();
      const Outcome outcome = g.record.status.outcome;
      const int expected = outcome == Outcome::Draw                                     ? 0
                           : (outcome == Outcome::WhiteWins) == (mover == Color::White) ? 1
                                                                                        : -1;
      EXPECT_EQ(s.result, expected);
      // The policy target covers exactly the legal (from, to) pairs and sums to 1.
      LegalPolicy legal;
      legal.assign(legalMoves(s.position), mover);
      EXPECT_EQ(s.policyIndices, legal.indices);
      EXPECT_NEAR(std::accumulate(s.policyTarget.begin(), s.policyTarget.end(), 0.0), 1.0, 1e-4);
      EXPECT_LE(s.history.size(), 2u);
    }
  }
  EXPECT_EQ(samples, stats.samples);
  EXPECT_GT(samples, 0);
}

TEST(BatchedGames, RecordingCheapSearchesKeepsEveryPositionWithPolicyOnlyFromFullOnes) {
  BatchedGamesSettings settings = quickSettings();
  settings.selfplay.recordCheapSearches = true;
  std::vector<FinishedGame> games;
  playBatchedGames(
      {tinyNet(1)}, settings, 6, [](int) { return selfPlayPlan(); },
      [&](FinishedGame&& g) { games.push_back(std::move(g)); });
  ASSERT_EQ(games.size(), 6u);
  int withPolicy = 0;
  int without = 0;
  for (const FinishedGame& g : games) {
    // One sample a ply, each position once: movesLeft runs from the game's length down to 1.
    const int plies = static_cast<int>(g.record.moves.size());
    ASSERT_EQ(static_cast<int>(g.samples.size()), plies);
    for (int i = 0; i < plies; ++i)
      EXPECT_EQ(g.samples[static_cast<std::size_t>(i)].movesLeft, plies - i);
    for (const TrainingSample& s : g.samples) {
      EXPECT_EQ(s.policyIndices.size(), s.policyTarget.size());
      (s.policyIndices.empty() ? without : withPolicy) += 1;
    }
  }
  // fullSearchFraction 0.5: both kinds occur.
  EXPECT_GT(withPolicy, 0);
  EXPECT_GT(without, 0);
}

TEST(BatchedGames, R9fADrawnGameScoresByMaterialInItsSamplesOnly) {
  // White, four men up and to move with the clock at 99, draws by the clock whatever it plays
  // (no capture or castle move is in reach).
  GamePlan plan = selfPlayPlan();
  plan.start = parseCfen("2/8/10/m11/12/12/12/12/12/12/4MMMM4/12/12/10/8/2 w 0 0 99");
  BatchedGamesSettings settings = quickSettings();
  settings.selfplay.fullSearchFraction = 1.0;
  for (const int margin : {3, 4}) {
    settings.selfplay.materialAdjudication = margin;
    std::vector<FinishedGame> games;
    playBatchedGames(
        {tinyNet(1)}, settings, 1, [&](int) { return plan; },
        [&](FinishedGame&& g) { games.push_back(std::move(g)); });
    ASSERT_EQ(games.size(), 1u);
    const FinishedGame& g = games[0];
    EXPECT_EQ(g.record.status, (GameStatus{Outcome::Draw, EndReason::Clock}));
    ASSERT_EQ(g.samples.size(), 1u);
    // A lead of 3 reaches margin 3, not 4.
    EXPECT_EQ(g.sampleOutcome, margin == 3 ? Outcome::WhiteWins : Outcome::Draw);
    EXPECT_EQ(g.samples[0].result, margin == 3 ? 1 : 0);
  }
}

TEST(BatchedGames, ClassicalSidesAndTwoNetworksTakeTheirTurns) {
  BatchedGamesSettings settings = quickSettings();
  settings.selfplay.fullSearchFraction = 1.0;
  settings.selfplay.openingPlies = 0;
  std::vector<FinishedGame> games;
  playBatchedGames(
      {tinyNet(1), tinyNet(2)}, settings, 6,
      [](int i) {
        GamePlan plan;
        plan.start = Position::start();
        const std::string classical = i < 2 ? "random" : "greedy";
        const GameSide other =
            i < 4 ? GameSide{-1, classical, classical} : GameSide{1, "", "previous"};
        plan.sides = i % 2 == 0 ? std::array{GameSide{0, "", "new"}, other}
                                : std::array{other, GameSide{0, "", "new"}};
        return plan;
      },
      [&](FinishedGame&& g) { games.push_back(std::move(g)); });
  ASSERT_EQ(games.size(), 6u);
  for (const FinishedGame& g : games) {
    EXPECT_TRUE(g.samples.empty());  // not recorded
    EXPECT_EQ(g.index % 2 == 0 ? g.record.white : g.record.black, "new");
    EXPECT_FALSE(g.record.moves.empty());
  }
}

// Classical sides need no network, yet their slots still take turns: a slot that ends a game
// lets the others play theirs before its next, so the second game is reported long before the
// last is claimed (one slot used to play every remaining game first).
TEST(BatchedGames, SlotsOfClassicalGamesTakeTurns) {
  BatchedGamesSettings settings = quickSettings();
  settings.selfplay.workers = 1;
  settings.selfplay.gamesPerWorker = 2;
  int claimed = 0;
  std::vector<int> claimedWhenReported;
  playBatchedGames(
      {}, settings, 10,
      [&](int) {
        ++claimed;
        GamePlan plan;
        plan.start = Position::start();
        plan.sides = {GameSide{-1, "random", "random"}, GameSide{-1, "greedy", "greedy"}};
        return plan;
      },
      [&](FinishedGame&&) { claimedWhenReported.push_back(claimed); });
  ASSERT_EQ(claimedWhenReported.size(), 10u);
  EXPECT_LE(claimedWhenReported[1], 4);
}

TEST(BatchedGames, StopDropsTheGamesInFlight) {
  std::atomic<bool> stop{false};
  int finished = 0;
  playBatchedGames(
      {tinyNet(3)}, quickSettings(), 100, [](int) { return selfPlayPlan(); },
      [&](FinishedGame&&) {
        if (++finished == 2) stop = true;
      },
      &stop);
  EXPECT_EQ(finished, 2);
}

// A set of games whose plans run out early (numbers taken from a list shared with other
// processes): the games planned are played and reported in order, numbered as planned, with
// the same records as when the same numbers are played as a fixed set; no index after the
// first without a plan is claimed.
TEST(BatchedGames, PlansThatRunOutEndTheSet) {
  BatchedGamesSettings settings = quickSettings();
  settings.selfplay.workers = 1;
  const std::vector<int> numbers = {7, 3, 11, 5};
  const auto classical = [](std::int64_t number) {
    GamePlan plan;
    plan.start = Position::start();
    plan.sides = {GameSide{-1, "random", "random"}, GameSide{-1, "greedy", "greedy"}};
    plan.number = number;
    return plan;
  };
  std::mutex mutex;
  std::size_t given = 0;
  int askedAfterTheEnd = 0;
  std::vector<GameRecord> shared;
  playBatchedGames(
      {}, settings, 100,
      [&](int) -> std::optional<GamePlan> {
        const std::lock_guard lock(mutex);
        if (given == numbers.size()) {
          ++askedAfterTheEnd;
          return std::nullopt;
        }
        return classical(numbers[given++]);
      },
      [&](FinishedGame&& g) { shared.push_back(std::move(g.record)); });
  ASSERT_EQ(shared.size(), numbers.size());
  EXPECT_EQ(askedAfterTheEnd, 1);
  std::vector<GameRecord> fixed;
  playBatchedGames(
      {}, settings, 4, [&](int i) { return classical(numbers[static_cast<std::size_t>(i)]); },
      [&](FinishedGame&& g) { fixed.push_back(std::move(g.record)); });
  for (std::size_t i = 0; i < numbers.size(); ++i) {
    EXPECT_EQ(shared[i].game, numbers[i] + 1);
    EXPECT_EQ(shared[i].toJsonLine(), fixed[i].toJsonLine());
  }
}

}  // namespace
}  // namespace camelot
