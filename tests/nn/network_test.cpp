// The network: output shapes, exact left-right equivariance of the whole net, the folded
// inference copy agreeing with the training form, and learning a small fixed dataset.
#include "nn/resnet/network.hpp"

#include <gtest/gtest.h>
#include <torch/nn/functional/embedding.h>
#include <torch/optim/adamw.h>

#include "nn/features/encoding.hpp"
#include "nn/resnet/inference_net.hpp"
#include "nn/torch/losses.hpp"
#include "tests/nn/nn_test_support.hpp"

namespace camelot {
namespace {

// Random inputs for the test networks, which have the tactical planes (NetworkConfig's default).
torch::Tensor randomPlanes(std::int64_t n, int historyPlies) {
  return torch::rand(
             {n, inputPlaneCount(historyPlies, /*tacticalPlanes=*/true), kGridRows, kGridColumns})
      .gt(0.6)
      .toType(torch::kFloat);
}

// All kGridCells x kGridCells policy logits [N, 192 * 192].
torch::Tensor allLogits(const torch::Tensor& queries, const torch::Tensor& keys) {
  return torch::bmm(queries, keys.transpose(1, 2)).flatten(1) /
         std::sqrt(static_cast<double>(queries.size(2)));
}

// The permutation of policy indices under the mirror.
torch::Tensor mirroredIndexPermutation() {
  std::vector<std::int64_t> perm(kPolicySize);
  for (int i = 0; i < kPolicySize; ++i)
    perm[i] = mirroredPolicyIndex(i);
  return torch::tensor(perm);
}

// The residual family's losses on a batch whose inputs are {planes, policy indices}.
Losses lossesOf(NetworkImpl& net, const TrainingBatch& batch) {
  const NetworkOutput out = net.forward(batch.inputs.at(0));
  return computeLosses(
      PolicyValueOutput{policyLogits(out, batch.inputs.at(1)), out.wdlLogits, out.movesLeft},
      batch);
}

TEST(Network, OutputShapes) {
  Network net = nn_test::smallNetwork(1);
  torch::NoGradGuard noGrad;
  const NetworkOutput out = net->forward(randomPlanes(5, 2));
  EXPECT_EQ(out.queries.sizes(), (std::vector<std::int64_t>{5, kGridCells, 8}));
  EXPECT_EQ(out.keys.sizes(), (std::vector<std::int64_t>{5, kGridCells, 8}));
  EXPECT_EQ(out.wdlLogits.sizes(), (std::vector<std::int64_t>{5, 3}));
  EXPECT_EQ(out.movesLeft.sizes(), (std::vector<std::int64_t>{5}));
  const torch::Tensor logits = policyLogits(
      out, torch::tensor({{0, 193, kPolicySize - 1}, {5, 6, 7}, {0, 0, 0}, {1, 1, 1}, {2, 2, 2}}));
  EXPECT_EQ(logits.sizes(), (std::vector<std::int64_t>{5, 3}));
  // The gathered logits are the attention products q(from) . k(to) / sqrt(d).
  EXPECT_TRUE(torch::allclose(logits[0][1], allLogits(out.queries, out.keys)[0][193], 1e-5, 1e-5));
}

TEST(Network, DefaultConfigBuildsWithTheDocumentedSize) {
  torch::manual_seed(1);
  Network net{NetworkConfig{}};
  std::int64_t parameters = 0;
  for (const auto& p : net->parameters())
    parameters += p.numel();
  // 6 blocks of 64 channels: 12 convolutions of 64x64x3x3 with the mirror pairs tied are
  // 221,184 free weights (an untied net would have twice as many); the rest is stem and heads.
  EXPECT_EQ(parameters, 250'340);
  EXPECT_THROW(Network(NetworkConfig{.blocks = 0}), std::invalid_argument);
}

TEST(Network, MirrorEquivariantByConstruction) {
  Network net = nn_test::smallNetwork(7);
  const torch::Tensor x = randomPlanes(6, 2);
  const torch::Tensor perm = mirroredIndexPermutation();
  torch::NoGradGuard noGrad;
  const NetworkOutput out = net->forward(x);
  const NetworkOutput mirrored = net->forward(x.flip({3}));
  // logit'(mirror(from), mirror(to)) == logit(from, to), for every pair.
  const torch::Tensor logits = allLogits(out.queries, out.keys);
  const torch::Tensor mirroredLogits =
      allLogits(mirrored.queries, mirrored.keys).index_select(1, perm);
  EXPECT_TRUE(torch::allclose(logits, mirroredLogits, 1e-4, 1e-4))
      << (logits - mirroredLogits).abs().max().item<float>();
  EXPECT_TRUE(torch::allclose(out.wdlLogits, mirrored.wdlLogits, 1e-5, 1e-5));
  EXPECT_TRUE(torch::allclose(out.movesLeft, mirrored.movesLeft, 1e-5, 1e-5));
  // And it is not trivially symmetric: the input's mirror image is a different position.
  EXPECT_FALSE(torch::allclose(logits, allLogits(mirrored.queries, mirrored.keys), 1e-3, 1e-3));
}

TEST(Network, FoldedInferenceMatchesTheTrainingForm) {
  Network net = nn_test::smallNetwork(3);
  const InferenceNet folded(*net, torch::kCPU);
  for (const std::int64_t n : {1, 7, 64}) {
    const torch::Tensor x = randomPlanes(n, 2);
    NetworkOutput reference;
    {
      torch::NoGradGuard noGrad;
      reference = net->forward(x);
    }
    const InferenceOutput out = folded.forward(x);
    EXPECT_TRUE(torch::allclose(out.queries, reference.queries, 1e-4, 1e-4)) << "batch " << n;
    EXPECT_TRUE(torch::allclose(out.keys, reference.keys, 1e-4, 1e-4)) << "batch " << n;
    EXPECT_TRUE(torch::allclose(out.wdl, reference.wdlLogits.softmax(1), 1e-5, 1e-5))
        << "batch " << n;
    EXPECT_TRUE(torch::allclose(out.movesLeft, reference.movesLeft, 1e-4, 1e-4)) << "batch " << n;
    EXPECT_TRUE(torch::allclose(out.wdl.sum(1), torch::ones({n}), 1e-6, 1e-6));
  }
}

// A fixed dataset of 16 random positions with one-hot policy and WDL targets: a tiny net
// must fit it (the objective, its masks and the gradients all work).
TEST(Network, TinyNetLearnsAFixedDataset) {
  Network net = nn_test::smallNetwork(11);
  net->train();
  torch::manual_seed(11);
  const std::int64_t n = 16, legal = 12;
  TrainingBatch batch;
  batch.inputs.push_back(randomPlanes(n, 2));
  batch.inputs.push_back(torch::randint(kPolicySize, {n, legal}, torch::kLong));
  batch.legalMask = torch::ones({n, legal}, torch::kBool);
  batch.legalMask.narrow(1, legal - 2, 2).fill_(false);  // two padding entries a row
  const torch::Tensor best = torch::randint(legal - 2, {n}, torch::kLong);
  batch.policyTarget = torch::nn::functional::one_hot(best, legal).toType(torch::kFloat);
  batch.wdlTarget =
      torch::nn::functional::one_hot(torch::randint(3, {n}, torch::kLong), 3).toType(torch::kFloat);
  batch.movesLeftTarget = torch::rand({n});

  torch::optim::AdamW optimizer(net->parameters(), torch::optim::AdamWOptions(3e-3));
  const double initial = lossesOf(*net, batch).total.item<double>();
  double final = initial;
  for (int step = 0; step < 300; ++step) {
    optimizer.zero_grad();
    const Losses losses = lossesOf(*net, batch);
    losses.total.backward();
    optimizer.step();
    final = losses.total.item<double>();
  }
  EXPECT_GT(initial, 2.0);  // log(10) + log(3) at the start, about 3.4
  EXPECT_LT(final, 0.2);
}

TEST(Network, PaddingEntriesGetNoProbability) {
  Network net = nn_test::smallNetwork(5);
  TrainingBatch batch;
  batch.inputs.push_back(randomPlanes(2, 2));
  batch.inputs.push_back(torch::tensor({{10, 20, 30}, {40, 50, 60}}));
  batch.legalMask = torch::tensor({{true, true, false}, {true, false, false}});
  batch.policyTarget = torch::tensor({{0.5f, 0.5f, 0.0f}, {1.0f, 0.0f, 0.0f}});
  batch.wdlTarget = torch::tensor({{1.0f, 0.0f, 0.0f}, {0.0f, 0.0f, 1.0f}});
  batch.movesLeftTarget = torch::zeros({2});
  torch::NoGradGuard noGrad;
  const Losses losses = lossesOf(*net, batch);
  // The second row has one legal move: its policy loss is 0, so the mean is the first row's
  // half; its entropy is 0 too.
  EXPECT_TRUE(std::isfinite(losses.total.item<double>()));
  EXPECT_GE(losses.policy.item<double>(), std::log(2.0) / 2 - 1e-6);
  EXPECT_LE(losses.policyEntropy.item<double>(), std::log(2.0) / 2 + 1e-6);
}

}  // namespace
}  // namespace camelot
