// Self-play with Descent (BatchedGamesSettings::descent, [learning] method = "descent"): legal
// games whose samples are the nodes of their trees with backed-up values and a one-hot policy
// target on a legal move, the game's own positions among them; the same games for any number
// of workers; and a whole training run on tiny.toml with the method.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <numeric>
#include <set>

#include "engine/game.hpp"
#include "engine/rules_status.hpp"
#include "mcts/descent_search.hpp"
#include "nn/backend/trainer.hpp"
#include "nn/checkpoint.hpp"
#include "nn/features/encoding.hpp"
#include "nn/features/grand_features.hpp"
#include "tests/scratch_dir.hpp"
#include "tests/selfplay/quick_batched_settings.hpp"
#include "tests/selfplay/train_to_end.hpp"
#include "tests/tiny_network.hpp"
#include "training/replay/chunk_file.hpp"
#include "training/run/selfplay_games.hpp"
#include "training/run/train_config.hpp"
#include "training/selfplay/batched_games.hpp"

namespace camelot {
namespace {

namespace fs = std::filesystem;

BatchedGamesSettings descentSettings(int workers, bool treeSamples, double gameResultWeight = 0.0) {
  BatchedGamesSettings settings = testing_support::quickBatchedSettings(workers, 40);
  settings.learning.method = "descent";
  settings.learning.positionsPerMove = 100;
  settings.learning.maxExpansions = 4;
  settings.learning.bestMoveProbability = 0.7;
  settings.learning.treeSamples = treeSamples;
  settings.learning.gameResultWeight = gameResultWeight;
  settings.selfplay.openingPlies = 40;
  return settings;
}

std::vector<FinishedGame> playDescentGames(const BatchedGamesSettings& settings, int games) {
  const auto net = Trainer(tinyNetworkConfig(), TrainerSettings{}, 3).model();
  std::vector<FinishedGame> finished;
  playBatchedGames(
      {net}, settings, games,
      [](int) {
        GamePlan plan;
        plan.start = Position::start();
        plan.sides = {GameSide{0, "", "net"}, GameSide{0, "", "net"}};
        plan.record = true;
        return plan;
      },
      [&](FinishedGame&& g) { finished.push_back(std::move(g)); });
  return finished;
}

TEST(DescentGames, TreeSamplesHoldTheGamesPositionsAndMoreWithValuesAndBestMoves) {
  const auto games = playDescentGames(descentSettings(2, /*treeSamples=*/true), 4);
  ASSERT_EQ(games.size(), 4u);
  for (const FinishedGame& g : games) {
    Game replay(g.record.start);
    std::set<std::pair<std::uint64_t, int>> line{{replay.position().hash(), 0}};
    for (const Move& m : g.record.moves) {
      ASSERT_FALSE(replay.finished());
      replay.play(m);  // throws on an illegal move
      line.insert({replay.position().hash(), replay.position().clock()});
    }
    const int plies = static_cast<int>(g.record.moves.size());
    EXPECT_TRUE(replay.finished() || plies == 40);
    // Every position the game searched from is a sample; the tree adds many more.
    std::size_t onTheLine = 0;
    for (const TrainingSample& s : g.samples) {
      onTheLine += line.contains({s.position.hash(), s.position.clock()}) ? 1 : 0;
      EXPECT_GE(s.rootValue, -1.0f);
      EXPECT_LE(s.rootValue, 1.0f);
      EXPECT_GE(s.movesLeft, 0);
      EXPECT_LE(s.movesLeft, plies);
      // One-hot on one legal (from, to) of the position.
      LegalPolicy legal;
      legal.assign(legalMoves(s.position), s.position.sideToMove());
      EXPECT_EQ(s.policyIndices, legal.indices);
      EXPECT_FLOAT_EQ(std::accumulate(s.policyTarget.begin(), s.policyTarget.end(), 0.0f), 1.0f);
      EXPECT_EQ(std::count(s.policyTarget.begin(), s.policyTarget.end(), 1.0f), 1);
      EXPECT_TRUE(s.history.empty());
    }
    EXPECT_GE(onTheLine, static_cast<std::size_t>(plies));
    EXPECT_GT(g.samples.size(), 2 * static_cast<std::size_t>(plies));
  }
}

TEST(DescentGames, WithoutTreeSamplesOnlyTheGamesOwnPositionsAreKept) {
  const auto games = playDescentGames(descentSettings(2, /*treeSamples=*/false), 2);
  ASSERT_EQ(games.size(), 2u);
  for (const FinishedGame& g : games) {
    const int plies = static_cast<int>(g.record.moves.size());
    ASSERT_EQ(static_cast<int>(g.samples.size()), plies);
    Game replay(g.record.start);
    for (int i = 0; i < plies; ++i) {
      EXPECT_EQ(g.samples[static_cast<std::size_t>(i)].position, replay.position());
      EXPECT_EQ(g.samples[static_cast<std::size_t>(i)].movesLeft, plies - i);
      replay.play(g.record.moves[static_cast<std::size_t>(i)]);
    }
  }
}

TEST(DescentGames, TheGamesResultAnchorsTheValuesOfItsOwnPositionsAlone) {
  // The same games (the weight acts after a game ends): the positions the game went through
  // take the weight's share of their value from its result, the tree's other nodes keep theirs.
  const auto plain = playDescentGames(descentSettings(1, true), 3);
  const auto anchored = playDescentGames(descentSettings(1, true, 0.25), 3);
  ASSERT_EQ(plain.size(), anchored.size());
  std::size_t onTheLine = 0, offTheLine = 0;
  for (std::size_t g = 0; g < plain.size(); ++g) {
    ASSERT_EQ(plain[g].record.moves, anchored[g].record.moves);
    ASSERT_EQ(plain[g].samples.size(), anchored[g].samples.size());
    Game replay(plain[g].record.start);
    std::set<std::pair<std::uint64_t, int>> line{{replay.position().hash(), 0}};
    for (const Move& m : plain[g].record.moves) {
      replay.play(m);
      line.insert({replay.position().hash(), replay.position().clock()});
    }
    for (std::size_t i = 0; i < plain[g].samples.size(); ++i) {
      const TrainingSample& before = plain[g].samples[i];
      const TrainingSample& after = anchored[g].samples[i];
      ASSERT_EQ(before.position, after.position);
      if (line.contains({before.position.hash(), before.position.clock()})) {
        ++onTheLine;
        EXPECT_FLOAT_EQ(after.rootValue,
                        0.75f * before.rootValue + 0.25f * static_cast<float>(before.result));
      } else {
        ++offTheLine;
        EXPECT_EQ(after.rootValue, before.rootValue);
      }
    }
  }
  EXPECT_GT(onTheLine, 10u);
  EXPECT_GT(offTheLine, onTheLine);
}

TEST(DescentGames, WithTheTeacherResidualEachTargetIsTheNetworksPartOfTheBlend) {
  // The same games (the residual acts after a game ends): each sample's value v becomes what
  // the network must say for (1 - w) of it and w of the teacher's to make v.
  BatchedGamesSettings settings = descentSettings(1, true, 0.25);
  settings.learning.teacherWeight = 0.5;
  const auto blend = playDescentGames(settings, 2);
  settings.learning.teacherResidual = true;
  const auto residual = playDescentGames(settings, 2);
  ASSERT_EQ(blend.size(), residual.size());
  std::size_t inside = 0;
  for (std::size_t g = 0; g < blend.size(); ++g) {
    ASSERT_EQ(blend[g].record.moves, residual[g].record.moves);
    ASSERT_EQ(blend[g].samples.size(), residual[g].samples.size());
    for (std::size_t i = 0; i < blend[g].samples.size(); ++i) {
      const TrainingSample& before = blend[g].samples[i];
      const TrainingSample& after = residual[g].samples[i];
      ASSERT_EQ(before.position, after.position);
      const float part = 2.0f * before.rootValue - teacherValue(before.position);
      EXPECT_FLOAT_EQ(after.rootValue, std::clamp(part, -1.0f, 1.0f));
      inside += std::abs(part) <= 1.0f ? 1 : 0;
    }
  }
  EXPECT_GT(inside, 100u);
}

TEST(DescentGames, TheSameSeedPlaysTheSameGamesOnAnyNumberOfWorkers) {
  const auto one = playDescentGames(descentSettings(1, true), 3);
  const auto two = playDescentGames(descentSettings(2, true), 3);
  ASSERT_EQ(one.size(), 3u);
  ASSERT_EQ(two.size(), 3u);
  bool differ = false;
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(one[i].record.moves, two[i].record.moves);
    EXPECT_EQ(one[i].samples, two[i].samples);
    differ = differ || one[i].record.moves != one[0].record.moves;
  }
  EXPECT_TRUE(differ);  // ordinal selection makes the games differ
}

TEST(DescentGames, TheDefaultConfigPlaysTheTreeSearch) {
  const TrainConfig config = loadTrainConfig(fs::path(CAMELOT_CONFIG_DIR) / "default.toml");
  EXPECT_EQ(config.learning.method, "alphazero");
  EXPECT_FALSE(selfPlaySettings(config).learning.descent());
}

TEST(DescentGames, TheDescentConfigReachesSelfPlay) {
  const TrainConfig config = loadTrainConfig(fs::path(CAMELOT_CONFIG_DIR) / "descent.toml");
  EXPECT_EQ(config.learning.method, "descent");
  const BatchedGamesSettings settings = selfPlaySettings(config);
  EXPECT_TRUE(settings.learning.descent());
  EXPECT_EQ(settings.learning, config.learning);
  EXPECT_EQ(settings.selfplay, config.selfplay);  // its length cap is Descent's too
}

TEST(DescentGames, TinyConfigTrainsWithDescent) {
  testing_support::ScratchDir dir;
  TrainConfig config = loadTrainConfig(fs::path(CAMELOT_CONFIG_DIR) / "tiny.toml");
  config.learning.method = "descent";
  config.learning.positionsPerMove = 100;
  config.training.rootValueWeight = 1.0;
  const std::string log = testing_support::trainToEnd(config, dir);
  EXPECT_NE(log.find("done: 2 generations"), std::string::npos) << log;
  EXPECT_EQ(readCheckpointHeader(dir.path() / "run" / "latest.ckpt").generation, 2);
  // Its chunks hold tree samples: more positions than the games' plies, each with a one-hot
  // policy target.
  std::int64_t samples = 0;
  for (const auto& e : fs::directory_iterator(dir.path() / "run" / "chunks"))
    for (const TrainingSample& s : readChunk(e.path())) {
      ++samples;
      EXPECT_EQ(std::count(s.policyTarget.begin(), s.policyTarget.end(), 1.0f), 1);
    }
  EXPECT_GT(samples, 16 * 10);
}

// Minimax learning on Grand Camelot, half its games from scattered starts: the same loop, its
// tree samples the variant's, each with a one-hot policy target on a legal move of the position and
// a value in [-1, 1].
TEST(DescentGames, G12_TinyConfigTrainsGrandCamelotWithDescent) {
  testing_support::ScratchDir dir;
  TrainConfig config = loadTrainConfig(fs::path(CAMELOT_CONFIG_DIR) / "tiny.toml");
  config.network.variant = Variant::Grand;
  config.selfplay.scatteredStartFraction = 0.5;  // half the games from scattered pieces
  config.learning.method = "descent";
  config.learning.positionsPerMove = 30;  // Grand Camelot's moves are slow to list: a light test
  config.selfplay.maxPlies = 30;
  config.evaluation.maxPlies = 30;
  const std::string log = testing_support::trainToEnd(config, dir);
  EXPECT_NE(log.find("done: 2 generations"), std::string::npos) << log;
  std::int64_t samples = 0;
  for (const auto& e : fs::directory_iterator(dir.path() / "run" / "chunks"))
    for (const GrandTrainingSample& s : readChunk<GrandRules>(e.path())) {
      ++samples;
      EXPECT_EQ(std::count(s.policyTarget.begin(), s.policyTarget.end(), 1.0f), 1);
      LegalPolicy legal;
      assignLegalPolicy(legal, s.position, grand::unsortedLegalMoves(s.position));
      EXPECT_EQ(s.policyIndices, legal.indices);
      EXPECT_GE(s.rootValue, -1.0f);
      EXPECT_LE(s.rootValue, 1.0f);
    }
  EXPECT_GT(samples, 16 * 10);
}

// Sparring partners (selfplay.sparring_fraction): a share of a Grand Camelot Descent run's games
// has a hand-written alpha-beta for one partnership, the side in turn by the game's number; the
// log gives the network's score against it, and only the network's tree becomes samples.
TEST(DescentGames, G12_SparringPartnersPlayOneSideOfTheirGames) {
  testing_support::ScratchDir dir;
  TrainConfig config = loadTrainConfig(fs::path(CAMELOT_CONFIG_DIR) / "tiny.toml");
  config.network.variant = Variant::Grand;
  config.selfplay.scatteredStartFraction = 1.0;  // short games
  config.selfplay.sparringPartners = {"alphabeta:depth=1"};
  config.selfplay.sparringFraction = 1.0;
  config.learning.method = "descent";
  config.learning.positionsPerMove = 30;
  config.selfplay.maxPlies = 30;
  config.evaluation.maxPlies = 30;
  config.run.generations = 1;
  const std::string log = testing_support::trainToEnd(config, dir);
  EXPECT_NE(log.find("8 against sparring partners (the network "), std::string::npos) << log;
  std::ifstream games(dir.path() / "run" / "games" / "gen-000001.jsonl");
  std::string line;
  int number = 0;
  for (; std::getline(games, line); ++number) {
    const std::string partner = "\"alphabeta:depth=1\"";
    // Even numbers: the partner plays Red and Blue (side 0); odd: Green and Yellow.
    EXPECT_NE(line.find((number % 2 == 0 ? "\"rb\":" : "\"gy\":") + partner), std::string::npos)
        << line;
    EXPECT_NE(line.find((number % 2 == 0 ? "\"gy\":" : "\"rb\":") + std::string("\"gen-0\"")),
              std::string::npos)
        << line;
  }
  EXPECT_EQ(number, 8);
  std::int64_t samples = 0;
  for (const auto& e : fs::directory_iterator(dir.path() / "run" / "chunks"))
    samples += static_cast<std::int64_t>(readChunk<GrandRules>(e.path()).size());
  EXPECT_GT(samples, 8 * 10);
}

}  // namespace
}  // namespace camelot
