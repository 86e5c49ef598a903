#include "nn/resnet/network.hpp"

#include <cmath>
#include <string>

#include "nn/features/encoding.hpp"

namespace camelot {

namespace F = torch::nn::functional;

std::pair<torch::Tensor, torch::Tensor> boardMeanMax(const torch::Tensor& x) {
  const torch::Tensor flat = x.flatten(2);
  return {flat.mean(2), std::get<0>(flat.max(2))};
}

torch::Tensor regularPooled(const torch::Tensor& x) {
  const auto [mean, max] = boardMeanMax(x);
  const auto m = mean.chunk(2, 1);
  const auto mx = max.chunk(2, 1);
  return torch::cat({m[0], mx[0], m[1], mx[1]}, 1);
}

ResidualBlockImpl::ResidualBlockImpl(int channels, bool globalPooling) {
  conv1 = register_module("conv1",
                          MirrorConv(channels, Field::Regular, channels, Field::Regular, 3, false));
  norm1 = register_module("norm1", PairedBatchNorm(channels));
  conv2 = register_module("conv2",
                          MirrorConv(channels, Field::Regular, channels, Field::Regular, 3, false));
  norm2 = register_module("norm2", PairedBatchNorm(channels));
  if (globalPooling) pooling = register_module("pooling", PairLinear(2 * channels, channels));
}

torch::Tensor ResidualBlockImpl::forward(const torch::Tensor& x) {
  torch::Tensor y = torch::relu(norm1->forward(conv1->forward(x)));
  // KataGo's global pooling: the whole board's summary becomes a bias on every square.
  if (pooling) y = y + pooling->forward(regularPooled(y)).unsqueeze(2).unsqueeze(3);
  y = norm2->forward(conv2->forward(y));
  return torch::relu(x + y);
}

NetworkImpl::NetworkImpl(const NetworkConfig& config) : config_(config) {
  validate(config);
  const int c = config.channels;
  stem = register_module("stem",
                         MirrorConv(inputPlaneCount(config.historyPlies, config.tacticalPlanes),
                                    Field::Invariant, c, Field::Regular, 3, false));
  stemNorm = register_module("stemNorm", PairedBatchNorm(c));
  for (int i = 0; i < config.blocks; ++i) {
    const bool pooling = config.globalPoolingEvery > 0 && (i + 1) % config.globalPoolingEvery == 0;
    blocks.push_back(register_module("block" + std::to_string(i), ResidualBlock(c, pooling)));
  }
  const int d = config.policyChannels;
  policyQuery =
      register_module("policyQuery", MirrorConv(c, Field::Regular, d, Field::Regular, 1, true));
  policyKey =
      register_module("policyKey", MirrorConv(c, Field::Regular, d, Field::Regular, 1, true));
  // An untrained net should start near a uniform policy: the attention logits are products of
  // two projections of the tower, so both start small.
  {
    torch::NoGradGuard noGrad;
    for (auto& p : policyQuery->parameters())
      p.mul_(0.1);
    for (auto& p : policyKey->parameters())
      p.mul_(0.1);
  }
  const int v = config.valueChannels;
  valueConv =
      register_module("valueConv", MirrorConv(c, Field::Regular, v, Field::Invariant, 1, false));
  valueNorm = register_module("valueNorm", torch::nn::BatchNorm2d(v));
  valueHidden = register_module("valueHidden", torch::nn::Linear(2 * v, config.valueHidden));
  wdl = register_module("wdl", torch::nn::Linear(config.valueHidden, 3));
  movesLeft = register_module("movesLeft", torch::nn::Linear(config.valueHidden, 1));
}

NetworkOutput NetworkImpl::forward(const torch::Tensor& input) {
  torch::Tensor x = torch::relu(stemNorm->forward(stem->forward(input)));
  for (ResidualBlock& block : blocks)
    x = block->forward(x);

  // [N, d, 16, 12] -> [N, 192, d]: one query and one key per cell.
  const auto perCell = [](const torch::Tensor& t) { return t.flatten(2).transpose(1, 2); };
  NetworkOutput out;
  out.queries = perCell(policyQuery->forward(x));
  out.keys = perCell(policyKey->forward(x));

  const torch::Tensor v = torch::relu(valueNorm->forward(valueConv->forward(x)));
  const auto [mean, max] = boardMeanMax(v);
  const torch::Tensor hidden = torch::relu(valueHidden->forward(torch::cat({mean, max}, 1)));
  out.wdlLogits = wdl->forward(hidden);
  out.movesLeft = movesLeft->forward(hidden).squeeze(1);
  return out;
}

torch::Tensor policyLogits(const NetworkOutput& out, const torch::Tensor& indices) {
  const torch::Tensor from = indices.div(kGridCells, "floor");
  const torch::Tensor to = indices.remainder(kGridCells);
  const auto d = out.queries.size(2);
  const auto gather = [d](const torch::Tensor& t, const torch::Tensor& cells) {
    return t.gather(1, cells.unsqueeze(2).expand({-1, -1, d}));
  };
  const torch::Tensor q = gather(out.queries, from);
  const torch::Tensor k = gather(out.keys, to);
  return (q * k).sum(2) / std::sqrt(static_cast<double>(d));
}

}  // namespace camelot
