// Sparring partners ([selfplay] sparring_partners, sparring_fraction): read and written back,
// refused with one line naming the key, and which games they play as the game's number says.

#include <gtest/gtest.h>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "tests/config/config_error.hpp"
#include "training/run/sparring.hpp"
#include "training/run/train_config.hpp"

namespace camelot {
namespace {

using testing_support::configErrorOf;

TEST(SparringConfig, TheKeysReadAndWriteBack) {
  const TrainConfig config = parseTrainConfig(
      "[selfplay]\nsparring_partners = [\"alphabeta:depth=2\", \"greedy\"]\n"
      "sparring_fraction = 0.25\n",
      "x.toml");
  EXPECT_EQ(config.selfplay.sparringPartners,
            (std::vector<std::string>{"alphabeta:depth=2", "greedy"}));
  EXPECT_EQ(config.selfplay.sparringFraction, 0.25);
  const std::string text = toToml(config);
  EXPECT_NE(text.find("sparring_partners = [\"alphabeta:depth=2\", \"greedy\"]\n"),
            std::string::npos);
  EXPECT_EQ(parseTrainConfig(text, "saved"), config);
  // Off unless asked for.
  EXPECT_TRUE(TrainConfig{}.selfplay.sparringPartners.empty());
  EXPECT_EQ(TrainConfig{}.selfplay.sparringFraction, 0.0);
}

TEST(SparringConfig, BadValuesNameTheKey) {
  EXPECT_EQ(configErrorOf("[selfplay]\nsparring_fraction = 1.5\n"),
            "x.toml: selfplay.sparring_fraction: must be in [0, 1] (got 1.5)");
  EXPECT_EQ(configErrorOf("[selfplay]\nsparring_fraction = 0.5\n"),
            "x.toml: selfplay.sparring_fraction: needs a player in selfplay.sparring_partners "
            "(got 0.5 and none)");
  EXPECT_EQ(configErrorOf("[selfplay]\nsparring_partners = [\"alphabeta:depht=2\"]\n"),
            "x.toml: selfplay.sparring_partners: player 'alphabeta:depht=2': unknown option "
            "'depht' (options: depth, time, deepen)");
  EXPECT_EQ(configErrorOf("[selfplay]\nsparring_partners = \"greedy\"\n"),
            "x.toml: selfplay.sparring_partners: must be an array of player specs (got a "
            "string)");
  TrainConfig grand = loadTrainConfig(std::filesystem::path(CAMELOT_CONFIG_DIR) / "tiny.toml");
  grand.network.variant = Variant::Grand;
  grand.evaluation.baselines = {"random"};
  grand.selfplay.sparringPartners = {"rollout:sims=10"};
  EXPECT_EQ(configErrorOf(toToml(grand)),
            "x.toml: selfplay.sparring_partners: 'rollout:sims=10' does not play Grand Camelot "
            "(random, greedy, alphabeta, mcts, gumbel, net do)");
}

TEST(SparringConfig, AGamesNumberSaysItsPartnerAndSide) {
  TrainConfig config;
  config.selfplay.sparringPartners = {"greedy", "alphabeta:depth=2"};
  for (int number = 0; number < 50; ++number)
    EXPECT_EQ(sparringSideOf(config, 3, number), std::nullopt);  // fraction 0
  config.selfplay.sparringFraction = 1.0;
  // Every game: the side in turn, and the partner every second game.
  EXPECT_EQ(sparringSideOf(config, 3, 0), (SparringSide{0, "greedy"}));
  EXPECT_EQ(sparringSideOf(config, 3, 1), (SparringSide{1, "greedy"}));
  EXPECT_EQ(sparringSideOf(config, 3, 2), (SparringSide{0, "alphabeta:depth=2"}));
  EXPECT_EQ(sparringSideOf(config, 3, 3), (SparringSide{1, "alphabeta:depth=2"}));
  EXPECT_EQ(sparringSideOf(config, 3, 4), (SparringSide{0, "greedy"}));
  // A share: about that many games, the same ones every time it is asked.
  config.selfplay.sparringFraction = 0.25;
  int sparring = 0;
  for (int number = 0; number < 1000; ++number) {
    const auto partner = sparringSideOf(config, 3, number);
    EXPECT_EQ(partner, sparringSideOf(config, 3, number));
    sparring += partner ? 1 : 0;
  }
  EXPECT_GT(sparring, 200);
  EXPECT_LT(sparring, 300);
}

}  // namespace
}  // namespace camelot
