// FusedAdamW: the same weights and moments as LibTorch's AdamW, step for step, and the same
// optimizer state, so it resumes from LibTorch's file (and LibTorch from its, through the save
// it inherits).
#include "nn/torch/fused_adamw.hpp"

#include <gtest/gtest.h>
#include <torch/nn/modules/embedding.h>
#include <torch/nn/modules/linear.h>
#include <torch/serialize.h>

#include <sstream>
#include <vector>

namespace camelot {
namespace {

// An embedding table and a dense layer, as the mlp's first layers are: a batch reads a few rows.
struct Net : torch::nn::Module {
  Net() {
    table = register_module(
        "table", torch::nn::EmbeddingBag(torch::nn::EmbeddingBagOptions(40, 24).mode(torch::kSum)));
    head = register_module("head", torch::nn::Linear(24, 3));
  }
  torch::Tensor forward(const torch::Tensor& indices, const torch::Tensor& offsets) {
    return head(torch::relu(table(indices, offsets)));
  }
  torch::nn::EmbeddingBag table{nullptr};
  torch::nn::Linear head{nullptr};
};

// A network with seeded weights: two of the same seed start equal.
std::shared_ptr<Net> seededNet(int seed) {
  torch::manual_seed(seed);
  return std::make_shared<Net>();
}

// The loss on batch `step`: two positions of four features each, seeded by the step.
torch::Tensor lossOf(Net& net, int step) {
  torch::manual_seed(1000 + step);
  const torch::Tensor indices = torch::randint(0, 40, {8}, torch::kLong);
  const torch::Tensor offsets = torch::tensor({0, 4}, torch::kLong);
  const torch::Tensor target = torch::randn({2, 3});
  return (net.forward(indices, offsets) - target).pow(2).mean();
}

void train(Net& net, torch::optim::Optimizer& optimizer, int from, int to) {
  for (int step = from; step < to; ++step) {
    clearGradients(optimizer);
    lossOf(net, step).backward();
    optimizer.step();
  }
}

torch::optim::AdamWOptions options() {
  return torch::optim::AdamWOptions(3e-2).weight_decay(0.1);
}

void expectSameParameters(Net& a, Net& b, double tolerance) {
  const std::vector<torch::Tensor> x = a.parameters(), y = b.parameters();
  ASSERT_EQ(x.size(), y.size());
  for (std::size_t i = 0; i < x.size(); ++i)
    EXPECT_TRUE(torch::allclose(x[i], y[i], tolerance, tolerance))
        << "parameter " << i << " differs by " << (x[i] - y[i]).abs().max().item<double>();
}

TEST(FusedAdamW, TakesLibTorchsStepsToWithinFloatRounding) {
  const auto fused = seededNet(7), reference = seededNet(7);
  FusedAdamW a(fused->parameters(), options());
  torch::optim::AdamW b(reference->parameters(), options());
  train(*fused, a, 0, 30);
  train(*reference, b, 0, 30);
  expectSameParameters(*fused, *reference, 1e-5);
  // It moved the weights: the comparison is not of two untouched networks.
  const auto start = seededNet(7);
  EXPECT_FALSE(torch::allclose(fused->table->weight, start->table->weight, 1e-3, 1e-3));
}

TEST(FusedAdamW, ResumesFromLibTorchsState) {
  // Ten steps of LibTorch's AdamW, its state saved, then ten more by FusedAdamW from that state,
  // against twenty of LibTorch's.
  const auto resumed = seededNet(3), reference = seededNet(3);
  torch::optim::AdamW first(resumed->parameters(), options());
  train(*resumed, first, 0, 10);
  std::stringstream file;
  {
    torch::serialize::OutputArchive archive;
    first.save(archive);
    archive.save_to(file);
  }
  FusedAdamW second(resumed->parameters(), options());
  {
    torch::serialize::InputArchive archive;
    archive.load_from(file);
    second.load(archive);
  }
  train(*resumed, second, 10, 20);
  torch::optim::AdamW whole(reference->parameters(), options());
  train(*reference, whole, 0, 20);
  expectSameParameters(*resumed, *reference, 1e-5);
}

TEST(FusedAdamW, AmsgradGoesThroughLibTorchsStepExactly) {
  const auto fused = seededNet(5), reference = seededNet(5);
  FusedAdamW a(fused->parameters(), options().amsgrad(true));
  torch::optim::AdamW b(reference->parameters(), options().amsgrad(true));
  train(*fused, a, 0, 10);
  train(*reference, b, 0, 10);
  expectSameParameters(*fused, *reference, 0.0);
}

TEST(FusedAdamW, ClearedGradientsAreStoredNotAdded) {
  const auto s = seededNet(9);
  FusedAdamW optimizer(s->parameters(), options());
  lossOf(*s, 0).backward();
  clearGradients(optimizer);
  for (const torch::Tensor& p : s->parameters())
    EXPECT_FALSE(p.grad().defined());
  lossOf(*s, 1).backward();
  const torch::Tensor once = s->head->weight.grad().clone();
  clearGradients(optimizer);
  lossOf(*s, 1).backward();
  EXPECT_TRUE(torch::equal(s->head->weight.grad(), once));
}

}  // namespace
}  // namespace camelot
