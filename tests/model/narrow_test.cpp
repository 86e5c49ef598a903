// nn/mlp/narrow.hpp: a narrowed mlp keeps the accumulator and hidden units that vary and folds the
// constant ones into the reading layers' biases, so where the dropped units are constant it
// computes what the wider one computes; widths that are not narrower are refused.
#include "nn/mlp/narrow.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <stdexcept>

#include "engine/game_rules.hpp"
#include "nn/checkpoint.hpp"
#include "nn/mlp/mlp_model.hpp"
#include "nn/mlp/sampled_positions.hpp"
#include "tests/model/same_outputs.hpp"
#include "tests/model/tiny_mlp.hpp"

namespace camelot {
namespace {

using testing_support::kTinyMlp;

std::vector<std::vector<std::int32_t>> samples() {
  std::vector<std::vector<std::int32_t>> out;
  forEachSampledPosition<StandardRules>(
      [&out](const std::vector<std::int32_t>& features) { out.push_back(features); });
  return out;
}

// The tiny mlp (16-8-8) with its last four units of each dense layer constant: no weights into
// them, so each is its bias, clipped; the first layer's at 0.3 and 0.7, inside the clip.
MlpWeights withConstantUnits() {
  MlpWeights w = mlpWeights(kTinyMlp, readCheckpoint(kTinyMlp));
  const std::size_t a = 16, h = 8;
  for (std::size_t unit = 4; unit < h; ++unit) {
    for (std::size_t i = 0; i < a; ++i)
      w.layer1[unit * a + i] = 0.0f;
    w.layer1Bias[unit] = unit % 2 == 0 ? 0.3f : 0.7f;
    for (std::size_t i = 0; i < h; ++i)
      w.layer2[unit * h + i] = 0.0f;
    w.layer2Bias[unit] = 0.5f;
  }
  return w;
}

TEST(NarrowedMlp, DropsTheConstantUnitsAndGivesTheWiderNetworksOutputs) {
  const MlpWeights wide = withConstantUnits();
  const MlpWeights narrow = narrowedMlp(wide, {16, 4}, samples());
  ASSERT_EQ(narrow.config.hidden, 4);
  ASSERT_EQ(narrow.layer1.size(), 4u * 16);
  ASSERT_EQ(narrow.layer2.size(), 4u * 4);
  ASSERT_EQ(narrow.wdl.size(), 3u * 4);
  // The kept units are the first four, their incoming weights unchanged.
  for (std::size_t i = 0; i < narrow.layer1.size(); ++i)
    ASSERT_EQ(narrow.layer1[i], wide.layer1[i]);
  testing_support::expectSameOutputsAlongARandomGame(wide, narrow, 5, "narrowed");
}

// The tiny mlp with its accumulator's units 3, 7, 11 and 15 constant: no feature reaches them,
// so each is its bias, clipped (0.2, inside the clip), and the policy's query and the first
// layer read a constant from them.
TEST(NarrowedMlp, DropsConstantAccumulatorUnitsAndGivesTheWiderNetworksOutputs) {
  MlpWeights wide = mlpWeights(kTinyMlp, readCheckpoint(kTinyMlp));
  const std::size_t a = 16, features = wide.features.size() / a;
  for (std::size_t unit = 3; unit < a; unit += 4) {
    for (std::size_t f = 0; f < features; ++f)
      wide.features[f * a + unit] = 0.0f;
    wide.featureBias[unit] = 0.2f;
  }
  const MlpWeights narrow = narrowedMlp(wide, {12, 8}, samples());
  ASSERT_EQ(narrow.config.accumulator, 12);
  ASSERT_EQ(narrow.features.size(), features * 12);
  ASSERT_EQ(narrow.layer1.size(), 8u * 12);
  ASSERT_EQ(narrow.query.size(), static_cast<std::size_t>(wide.config.moveEmbedding) * 12);
  // The kept units are the twelve others, in order, their columns unchanged.
  const std::vector<std::size_t> kept = {0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14};
  for (std::size_t f = 0; f < features; ++f)
    for (std::size_t k = 0; k < kept.size(); ++k)
      ASSERT_EQ(narrow.features[f * 12 + k], wide.features[f * a + kept[k]]);
  testing_support::expectSameOutputsAlongARandomGame(wide, narrow, 6, "accumulator narrowed");
  // Both at once.
  MlpWeights both = withConstantUnits();
  both.features = wide.features;
  both.featureBias = wide.featureBias;
  testing_support::expectSameOutputsAlongARandomGame(both, narrowedMlp(both, {12, 4}, samples()), 7,
                                                     "both narrowed");
}

TEST(NarrowedMlp, RefusesWidthsThatAreNotNarrower) {
  const MlpWeights w = mlpWeights(kTinyMlp, readCheckpoint(kTinyMlp));
  EXPECT_THROW(narrowedMlp(w, {16, 8}, samples()), std::invalid_argument);
  EXPECT_THROW(narrowedMlp(w, {16, 12}, samples()), std::invalid_argument);
  EXPECT_THROW(narrowedMlp(w, {32, 4}, samples()), std::invalid_argument);
}

}  // namespace
}  // namespace camelot
