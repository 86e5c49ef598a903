// nn/mlp/widen.hpp: a widened mlp computes what the narrow one computes, its new units are
// copies that share their sources' outgoing weights, and a narrower width is refused.
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
