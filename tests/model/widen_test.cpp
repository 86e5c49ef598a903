// nn/mlp/widen.hpp: a widened mlp (its accumulator or its dense layers) computes what the narrow
// one computes, its new units are copies that share their sources' outgoing weights, and a
// narrower width is refused.
#include "nn/mlp/widen.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <stdexcept>

#include "nn/checkpoint.hpp"
#include "nn/mlp/mlp_model.hpp"
#include "tests/model/same_outputs.hpp"
#include "tests/model/tiny_mlp.hpp"

namespace camelot {
namespace {

using testing_support::kTinyMlp;

MlpWeights tinyWeights() {
  return mlpWeights(kTinyMlp, readCheckpoint(kTinyMlp));
}

TEST(WidenedMlp, GivesTheNarrowNetworksOutputsAlongRandomGames) {
  const MlpWeights narrow = tinyWeights();  // 16 units
  for (const int width : {24, 40}) {        // fewer copies than units, and every unit copied
    const MlpWeights wide = widenedMlp(narrow, width, /*seed=*/3);
    ASSERT_EQ(wide.config.accumulator, width);
    testing_support::expectSameOutputsAlongARandomGame(narrow, wide, 11,
                                                       "width " + std::to_string(width));
  }
}

TEST(WidenedMlp, NewUnitsCopyTheirSourcesAndShareTheirOutgoingWeights) {
  const MlpWeights narrow = tinyWeights();
  const MlpWeights wide = widenedMlp(narrow, 20, /*seed=*/3);  // units 16-19 copy units 0-3
  const std::size_t a = 16, w = 20, features = narrow.features.size() / a;
  for (std::size_t unit = 16; unit < 20; ++unit) {
    const std::size_t source = unit - 16;
    EXPECT_EQ(wide.featureBias[unit], narrow.featureBias[source]);
    for (std::size_t f = 0; f < features; ++f)
      ASSERT_EQ(wide.features[f * w + unit], narrow.features[f * a + source]);
    for (std::size_t row = 0; row < narrow.layer1.size() / a; ++row) {
      const float original = narrow.layer1[row * a + source];
      const float kept = wide.layer1[row * w + source], given = wide.layer1[row * w + unit];
      EXPECT_NEAR(kept + given, original, 1e-6);
      EXPECT_GE(given / original, 0.25f - 1e-5f);  // a share drawn from [0.25, 0.75]
      EXPECT_LE(given / original, 0.75f + 1e-5f);
    }
  }
  // The other tensors are the narrow network's.
  EXPECT_EQ(wide.layer2, narrow.layer2);
  EXPECT_EQ(wide.wdl, narrow.wdl);
  EXPECT_EQ(wide.fromEmbedding, narrow.fromEmbedding);
}

TEST(WidenedMlp, RefusesAWidthThatIsNotLarger) {
  EXPECT_THROW(widenedMlp(tinyWeights(), 16, 1), std::invalid_argument);
  EXPECT_THROW(widenedMlp(tinyWeights(), 8, 1), std::invalid_argument);
}

TEST(WidenedHidden, GivesTheNarrowNetworksOutputsAlongRandomGames) {
  const MlpWeights narrow = tinyWeights();
  const int old = narrow.config.hidden;
  // Fewer copies than units; every unit copied and some twice; with a wider accumulator too.
  for (const int width : {old + 3, 2 * old + 3}) {
    const MlpWeights wide = widenedHidden(narrow, width, /*seed=*/5);
    ASSERT_EQ(wide.config.hidden, width);
    testing_support::expectSameOutputsAlongARandomGame(narrow, wide, 13,
                                                       "hidden " + std::to_string(width));
  }
  testing_support::expectSameOutputsAlongARandomGame(
      narrow, widenedHidden(widenedMlp(narrow, 24, 3), old + 5, 5), 17, "both wider");
}

TEST(WidenedHidden, NewUnitsCopyTheirSourcesAndShareTheirOutgoingWeights) {
  const MlpWeights narrow = tinyWeights();
  const std::size_t h = static_cast<std::size_t>(narrow.config.hidden), w = h + 2;
  const std::size_t a = static_cast<std::size_t>(narrow.config.accumulator);
  const MlpWeights wide = widenedHidden(narrow, static_cast<int>(w), /*seed=*/3);
  const auto expectShared = [](float original, float kept, float given) {
    EXPECT_NEAR(kept + given, original, 1e-6);
    if (original != 0.0f) {
      EXPECT_GE(given / original, 0.25f - 1e-5f);  // a share drawn from [0.25, 0.75]
      EXPECT_LE(given / original, 0.75f + 1e-5f);
    }
  };
  for (std::size_t unit = h; unit < w; ++unit) {  // units h and h + 1 copy units 0 and 1
    const std::size_t source = unit - h;
    // The first layer's copy: its row of layer1 and its bias; its share of layer2's column.
    for (std::size_t i = 0; i < a; ++i)
      ASSERT_EQ(wide.layer1[unit * a + i], narrow.layer1[source * a + i]);
    EXPECT_EQ(wide.layer1Bias[unit], narrow.layer1Bias[source]);
    for (std::size_t row = 0; row < w; ++row) {
      const std::size_t narrowRow = row < h ? row : row - h;
      expectShared(narrow.layer2[narrowRow * h + source], wide.layer2[row * w + source],
                   wide.layer2[row * w + unit]);
    }
    // The second layer's copy: its bias; its share of each head's column.
    EXPECT_EQ(wide.layer2Bias[unit], narrow.layer2Bias[source]);
    for (std::size_t head = 0; head < 3; ++head)
      expectShared(narrow.wdl[head * h + source], wide.wdl[head * w + source],
                   wide.wdl[head * w + unit]);
    expectShared(narrow.movesLeft[source], wide.movesLeft[source], wide.movesLeft[unit]);
  }
  // The accumulator and the policy are the narrow network's.
  EXPECT_EQ(wide.features, narrow.features);
  EXPECT_EQ(wide.query, narrow.query);
  EXPECT_EQ(wide.fromEmbedding, narrow.fromEmbedding);
}

TEST(WidenedHidden, RefusesAWidthThatIsNotLarger) {
  const int old = tinyWeights().config.hidden;
  EXPECT_THROW(widenedHidden(tinyWeights(), old, 1), std::invalid_argument);
  EXPECT_THROW(widenedHidden(tinyWeights(), old - 1, 1), std::invalid_argument);
}

TEST(MlpTensors, AreTheTensorsTheWeightsWereReadFrom) {
  const CheckpointContents contents = readCheckpoint(kTinyMlp);
  const std::vector<StoredTensor> tensors = mlpTensors(mlpWeights(kTinyMlp, contents));
  ASSERT_EQ(tensors.size(), contents.tensors.size());
  for (std::size_t i = 0; i < tensors.size(); ++i) {
    EXPECT_EQ(tensors[i].name, contents.tensors[i].name);
    EXPECT_EQ(tensors[i].shape, contents.tensors[i].shape);
    EXPECT_EQ(tensors[i].data, contents.tensors[i].data) << tensors[i].name;
  }
}

}  // namespace
}  // namespace camelot
