// Self-play with the network's alpha-beta ([learning] method = "alphabeta"): every position the
// network moves from is a sample with its search's value and a one-hot policy target on the
// search's move, which is the move played outside the sampling plies; a sparring partner's
// positions are not recorded; the same games for any number of workers; and a whole training
// run on tiny.toml with the method, in both variants.
#include <gtest/gtest.h>

#include <filesystem>

#include "engine/game.hpp"
#include "nn/checkpoint.hpp"
#include "nn/features/encoding.hpp"
#include "nn/model.hpp"
#include "players/player_factory.hpp"
#include "tests/scratch_dir.hpp"
#include "tests/selfplay/quick_batched_settings.hpp"
#include "tests/selfplay/train_to_end.hpp"
#include "training/run/train_config.hpp"
#include "training/selfplay/batched_games.hpp"

namespace camelot {
namespace {

namespace fs = std::filesystem;

BatchedGamesSettings alphaBetaSettings(int workers, double bestMoveProbability) {
  BatchedGamesSettings settings = testing_support::quickBatchedSettings(workers, 30);
  settings.learning.method = "alphabeta";
  settings.learning.alphaBetaDepth = 2;
  settings.learning.bestMoveProbability = bestMoveProbability;
  settings.selfplay.openingPlies = 30;
  return settings;
}

// The tests' tiny mlp: the fast network, which alpha-beta asks one position at a time.
std::shared_ptr<const Model> tinyNet() {
  return loadModel(fs::path(CAMELOT_TEST_DATA) / "mlp-tiny.ckpt");
}

// `games` games from the start, White the network, Black the network too or `partner`.
std::vector<FinishedGame> playAlphaBetaGames(const BatchedGamesSettings& settings, int games,
                                             const std::string& partner = "") {
  std::vector<FinishedGame> finished;
  playBatchedGames(
      {tinyNet()}, settings, games,
      [&](int) {
        GamePlan plan;
        plan.start = Position::start();
        plan.sides = {GameSide{0, "", "net"},
                      partner.empty() ? GameSide{0, "", "net"} : GameSide{-1, partner, partner}};
        plan.record = true;
        return plan;
      },
      [&](FinishedGame&& g) { finished.push_back(std::move(g)); });
  return finished;
}

// The slot of the policy target that `move` of `position` has.
std::size_t slotOf(const Position& position, const Move& move) {
  LegalPolicy legal;
  const MoveList moves = legalMoves(position);
  legal.assign(moves, position.sideToMove());
  for (std::size_t m = 0; m < moves.size(); ++m)
    if (sameOutcome(moves[m], move)) return static_cast<std::size_t>(legal.slotOfMove[m]);
  ADD_FAILURE() << "not a legal move";
  return 0;
}

TEST(AlphaBetaGames, EachMoveIsASampleOfTheSearchsValueWithTheMovePlayedAsItsTarget) {
  const auto games = playAlphaBetaGames(alphaBetaSettings(2, /*bestMoveProbability=*/1.0), 3);
  ASSERT_EQ(games.size(), 3u);
  for (const FinishedGame& g : games) {
    const int plies = static_cast<int>(g.record.moves.size());
    ASSERT_EQ(static_cast<int>(g.samples.size()), plies);
    Game replay(g.record.start);
    for (int i = 0; i < plies; ++i) {
      const TrainingSample& s = g.samples[static_cast<std::size_t>(i)];
      const Move& played = g.record.moves[static_cast<std::size_t>(i)];
      EXPECT_EQ(s.position, replay.position());
      EXPECT_EQ(s.movesLeft, plies - i);
      EXPECT_GE(s.rootValue, -1.0f);
      EXPECT_LE(s.rootValue, 1.0f);
      ASSERT_EQ(std::count(s.policyTarget.begin(), s.policyTarget.end(), 1.0f), 1);
      EXPECT_EQ(s.policyTarget[slotOf(s.position, played)], 1.0f);
      replay.play(played);
    }
  }
  // The first sample's value is a fresh search's from the start (no table from earlier moves).
  NetPlayerSpec twoPlies;
  twoPlies.depth = 2;
  const std::unique_ptr<Player> fresh =
      makeNetAlphaBetaPlayer<StandardRules>(twoPlies, *tinyNet(), 1);
  fresh->chooseMove(Game(Position::start()));
  EXPECT_EQ(games[0].samples[0].rootValue, fresh->lastReport()->value);
}

TEST(AlphaBetaGames, ASparringPartnersMovesAreNotRecorded) {
  const auto games = playAlphaBetaGames(alphaBetaSettings(1, 1.0), 2, "alphabeta:depth=1");
  ASSERT_EQ(games.size(), 2u);
  for (const FinishedGame& g : games) {
    ASSERT_EQ(g.samples.size(), (g.record.moves.size() + 1) / 2);  // White's moves
    for (const TrainingSample& s : g.samples)
      EXPECT_EQ(s.position.sideToMove(), Color::White);
  }
}

TEST(AlphaBetaGames, TheSamplingPliesPlayOtherMovesTheSameOnAnyNumberOfWorkers) {
  const auto one = playAlphaBetaGames(alphaBetaSettings(1, 0.5), 3);
  const auto two = playAlphaBetaGames(alphaBetaSettings(2, 0.5), 3);
  ASSERT_EQ(one.size(), 3u);
  ASSERT_EQ(two.size(), 3u);
  int other = 0;
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(one[i].record.moves, two[i].record.moves);
    EXPECT_EQ(one[i].samples, two[i].samples);
    for (std::size_t ply = 0; ply < one[i].samples.size(); ++ply) {
      const TrainingSample& s = one[i].samples[ply];
      other += s.policyTarget[slotOf(s.position, one[i].record.moves[ply])] == 1.0f ? 0 : 1;
    }
  }
  EXPECT_GT(other, 0);  // about half of the moves, less where the search's is the random one
  EXPECT_NE(one[0].record.moves, one[1].record.moves);
}

TEST(AlphaBetaGames, TinyConfigTrainsWithTheNetworksAlphaBetaInBothVariants) {
  for (const Variant variant : {Variant::Standard, Variant::Grand}) {
    testing_support::ScratchDir dir;
    TrainConfig config = loadTrainConfig(fs::path(CAMELOT_CONFIG_DIR) / "tiny.toml");
    config.network.variant = variant;
    config.learning.method = "alphabeta";
    config.learning.alphaBetaDepth = 1;
    config.learning.alphaBetaHand = 50;
    config.training.rootValueWeight = 1.0;
    config.selfplay.maxPlies = 60;
    config.evaluation.baselines = {"random"};
    const std::string log = testing_support::trainToEnd(config, dir);
    EXPECT_NE(log.find("done: 2 generations"), std::string::npos) << log;
    EXPECT_EQ(readCheckpointHeader(dir.path() / "run" / "latest.ckpt").generation, 2);
  }
}

}  // namespace
}  // namespace camelot
