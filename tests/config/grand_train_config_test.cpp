// A Grand Camelot training config ([game] variant = "grand"): what the variant needs of the
// other keys, each refusal naming its key.

#include <gtest/gtest.h>

#include <filesystem>

#include "training/run/train_config.hpp"

namespace camelot {
namespace {

const std::filesystem::path kTinyConfig = std::filesystem::path(CAMELOT_CONFIG_DIR) / "tiny.toml";

TEST(GrandTrainConfig, G2_AGrandCamelotConfigKeepsToItsVariantsSettings) {
  TrainConfig config = loadTrainConfig(kTinyConfig);
  config.network.variant = Variant::Grand;
  config.selfplay.scatteredStartFraction = 0.0;
  config.evaluation.baselines = {"random"};
  const auto errorOf = [&](const TrainConfig& changed) {
    try {
      parseTrainConfig(toToml(changed), "grand.toml");
    } catch (const ConfigError& e) {
      return std::string(e.what());
    }
    return std::string("(no error)");
  };
  EXPECT_EQ(errorOf(config), "(no error)");
  TrainConfig scattered = config;
  scattered.selfplay.scatteredStartFraction = 0.5;
  EXPECT_EQ(errorOf(scattered), "(no error)");
  TrainConfig alphabeta = config;
  alphabeta.evaluation.baselines = {"random", "alphabeta:depth=2"};
  EXPECT_EQ(errorOf(alphabeta), "(no error)");
  TrainConfig rollout = config;
  rollout.evaluation.baselines = {"random", "rollout:sims=100"};
  EXPECT_EQ(errorOf(rollout),
            "grand.toml: evaluation.baselines: 'rollout:sims=100' does not play Grand Camelot "
            "(random, greedy, alphabeta, mcts, gumbel, net do)");
  TrainConfig resnet = config;
  resnet.network = defaultNetworkConfig(Architecture::Resnet);
  resnet.network.variant = Variant::Grand;
  EXPECT_EQ(errorOf(resnet),
            "grand.toml: network.architecture: must be \"mlp\" for Grand Camelot (game.variant = "
            "\"grand\")");
}

}  // namespace
}  // namespace camelot
