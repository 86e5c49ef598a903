// The [learning] section: the method of the training targets and Descent's settings, read,
// written back and refused with the key named.

#include <gtest/gtest.h>

#include <filesystem>

#include "training/run/train_config.hpp"

namespace camelot {
namespace {

const std::filesystem::path kConfigDir(CAMELOT_CONFIG_DIR);

std::string errorOf(const TrainConfig& config) {
  try {
    parseTrainConfig(toToml(config), "learning.toml");
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(LearningConfig, TheShippedConfigsNameTheirMethod) {
  EXPECT_EQ(loadTrainConfig(kConfigDir / "default.toml").learning.method, "alphazero");
  const TrainConfig descent = loadTrainConfig(kConfigDir / "descent.toml");
  EXPECT_EQ(descent.learning.method, "descent");
  EXPECT_EQ(descent.training.rootValueWeight, 1.0);  // the tree's values are the targets
  EXPECT_EQ(parseTrainConfig(toToml(descent), "saved"), descent);
}

TEST(LearningConfig, BadValuesAreRefusedWithTheirKey) {
  TrainConfig config = loadTrainConfig(kConfigDir / "tiny.toml");
  config.learning.method = "descent";
  EXPECT_EQ(errorOf(config), "(no error)");
  TrainConfig named = config;
  named.learning.method = "minimax";
  EXPECT_EQ(errorOf(named),
            "learning.toml: learning.method: must be \"alphazero\", \"descent\" or "
            "\"alphabeta\" (got \"minimax\")");
  TrainConfig weight = config;
  weight.learning.quickWinWeight = 1.0;
  EXPECT_EQ(errorOf(weight), "learning.toml: learning.quick_win_weight: must be in [0, 1) (got 1)");
  TrainConfig probability = config;
  probability.learning.bestMoveProbability = 0.0;
  EXPECT_EQ(errorOf(probability),
            "learning.toml: learning.best_move_probability: must be in (0, 1] (got 0)");
  TrainConfig teacher = config;
  teacher.learning.teacherWeight = 1.5;
  EXPECT_EQ(errorOf(teacher),
            "learning.toml: learning.teacher_weight: must be in [0, 1] (got 1.5)");
  teacher.learning.teacherWeight = 0.5;
  EXPECT_EQ(parseTrainConfig(toToml(teacher), "saved"), teacher);
  TrainConfig residual = config;
  residual.learning.teacherResidual = true;
  EXPECT_EQ(errorOf(residual),
            "learning.toml: learning.teacher_residual: needs learning.teacher_weight between 0 "
            "and 1 (got 0.0)");
  residual.learning.teacherWeight = 0.5;
  residual.training.rootValueWeight = 0.75;
  EXPECT_EQ(errorOf(residual),
            "learning.toml: learning.teacher_residual: needs training.root_value_weight = 1, so "
            "that the whole value target is the blend's (got 0.75)");
  residual.training.rootValueWeight = 1.0;
  EXPECT_EQ(parseTrainConfig(toToml(residual), "saved"), residual);
  residual.learning.method = "alphazero";
  EXPECT_EQ(errorOf(residual),
            "learning.toml: learning.teacher_residual: needs learning.method = \"descent\"");
  TrainConfig alphaBeta = config;
  alphaBeta.learning.method = "alphabeta";
  alphaBeta.learning.alphaBetaDepth = 0;
  EXPECT_EQ(errorOf(alphaBeta),
            "learning.toml: learning.alphabeta_depth: must be in 1..64 (got 0)");
  alphaBeta.learning.alphaBetaDepth = 4;
  alphaBeta.learning.alphaBetaHand = 101;
  EXPECT_EQ(errorOf(alphaBeta),
            "learning.toml: learning.alphabeta_hand: must be in 0..100 (got 101)");
  alphaBeta.learning.alphaBetaHand = 50;
  EXPECT_EQ(parseTrainConfig(toToml(alphaBeta), "saved"), alphaBeta);
  TrainConfig resnet = config;
  resnet.network = defaultNetworkConfig(Architecture::Resnet);
  EXPECT_EQ(errorOf(resnet),
            "learning.toml: learning.method: \"descent\" learns an mlp (its tree's nodes have no "
            "history for a resnet to read)");
  TrainConfig grand = config;
  grand.network.variant = Variant::Grand;
  grand.selfplay.scatteredStartFraction = 0.0;
  grand.evaluation.baselines = {"random"};
  EXPECT_EQ(errorOf(grand), "(no error)");  // minimax learning plays Grand Camelot too
}

}  // namespace
}  // namespace camelot
