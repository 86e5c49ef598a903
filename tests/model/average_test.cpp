// nn/mlp/average.hpp: the mean of mlps is taken weight by weight over every tensor, the mean of a
// network with itself is that network, and networks of different shapes are refused.
#include "nn/mlp/average.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

#include "nn/checkpoint.hpp"
#include "nn/mlp/widen.hpp"
#include "tests/model/same_outputs.hpp"
#include "tests/model/tiny_mlp.hpp"

namespace camelot {
namespace {

using testing_support::kTinyMlp;

MlpWeights tinyWeights() {
  return mlpWeights(kTinyMlp, readCheckpoint(kTinyMlp));
}

// `w` with every weight of every tensor scaled by `factor` and moved by `shift`.
MlpWeights transformed(MlpWeights w, float factor, float shift) {
  for (const MlpTensor& tensor : mlpLayout(w.config))
    for (float& x : w.*tensor.weights)
      x = x * factor + shift;
  return w;
}

TEST(AveragedMlp, IsTheMeanOfEveryWeightOfEveryTensor) {
  const MlpWeights a = tinyWeights();
  const std::vector<MlpWeights> networks = {a, transformed(a, 3.0f, 0.5f),
                                            transformed(a, -1.0f, 1.0f)};
  const MlpWeights mean = averagedMlp(networks);
  EXPECT_EQ(mean.config, a.config);
  int checked = 0;
  for (const MlpTensor& tensor : mlpLayout(a.config)) {
    const std::vector<float>& original = a.*tensor.weights;
    const std::vector<float>& averaged = mean.*tensor.weights;
    ASSERT_EQ(averaged.size(), original.size()) << tensor.name;
    // (x + (3x + 0.5) + (1 - x)) / 3 = x + 0.5
    for (std::size_t i = 0; i < original.size(); ++i)
      ASSERT_NEAR(averaged[i], original[i] + 0.5f, 1e-5f) << tensor.name << " " << i;
    ++checked;
  }
  EXPECT_EQ(checked, 15);  // every tensor of the layout, the embeddings included
}

TEST(AveragedMlp, OfANetworkWithItselfGivesItsOutputs) {
  const MlpWeights a = tinyWeights();
  const std::vector<MlpWeights> twice = {a, a};
  testing_support::expectSameOutputsAlongARandomGame(a, averagedMlp(twice), 5, "itself twice");
}

TEST(AveragedMlp, RefusesNoNetworkAndNetworksOfDifferentShapes) {
  EXPECT_THROW(averagedMlp({}), std::invalid_argument);
  const std::vector<MlpWeights> shapes = {tinyWeights(), widenedMlp(tinyWeights(), 24, 1)};
  EXPECT_THROW(averagedMlp(shapes), std::invalid_argument);
}

}  // namespace
}  // namespace camelot
