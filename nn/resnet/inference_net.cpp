#include "nn/resnet/inference_net.hpp"

#include <torch/cuda.h>

#include <stdexcept>

namespace camelot {

torch::Device parseTorchDevice(const std::string& device) {
  torch::Device target(torch::kCPU);
  try {
    target = torch::Device(device);
  } catch (const c10::Error&) {
    throw std::invalid_argument("unknown device '" + device + "' (expected cpu or cuda[:N])");
  }
  if (!target.is_cpu() && !target.is_cuda())
    throw std::invalid_argument("device '" + device + "': only cpu and cuda[:N] are supported");
  if (target.is_cuda()) {
    if (!torch::cuda::is_available())
      throw std::invalid_argument("device '" + device + "': this LibTorch has no CUDA device");
    if (target.has_index() && target.index() >= static_cast<int>(torch::cuda::device_count()))
      throw std::invalid_argument("device '" + device + "': no such CUDA device");
  }
  return target;
}

namespace {

// A convolution followed by a batch norm (given as its per-channel scale and shift), as one
// convolution with a bias.
std::pair<torch::Tensor, torch::Tensor> fold(const MirrorConv& conv,
                                             const std::pair<torch::Tensor, torch::Tensor>& norm) {
  return {conv->weight() * norm.first.reshape({-1, 1, 1, 1}), norm.second};
}

}  // namespace

InferenceNet::InferenceNet(const NetworkImpl& network, torch::Device device)
    : config_(network.config()), device_(device) {
  torch::NoGradGuard noGrad;
  // Copies, never views: the training form goes on changing after the snapshot is taken.
  const auto place = [&](const torch::Tensor& t) {
    return t.detach().to(device).contiguous().clone();
  };
  const auto folded = [&](const std::pair<torch::Tensor, torch::Tensor>& wb, int padding) {
    return Conv{place(wb.first), place(wb.second), padding};
  };
  stem_ = folded(fold(network.stem, network.stemNorm->foldedScaleShift()), 1);
  for (const ResidualBlock& block : network.blocks) {
    Block b{folded(fold(block->conv1, block->norm1->foldedScaleShift()), 1),
            folded(fold(block->conv2, block->norm2->foldedScaleShift()), 1),
            {},
            {}};
    if (block->pooling) {
      b.poolWeight = place(block->pooling->weight());
      b.poolBias = place(block->pooling->bias());
    }
    blocks_.push_back(std::move(b));
  }
  query_ = Conv{place(network.policyQuery->weight()), place(network.policyQuery->bias()), 0};
  key_ = Conv{place(network.policyKey->weight()), place(network.policyKey->bias()), 0};
  value_ = folded(fold(network.valueConv, foldedScaleShift(network.valueNorm)), 0);
  hiddenWeight_ = place(network.valueHidden->weight);
  hiddenBias_ = place(network.valueHidden->bias);
  wdlWeight_ = place(network.wdl->weight);
  wdlBias_ = place(network.wdl->bias);
  movesWeight_ = place(network.movesLeft->weight);
  movesBias_ = place(network.movesLeft->bias);
}

torch::Tensor InferenceNet::convolve(const Conv& conv, const torch::Tensor& x) const {
  const std::vector<std::int64_t> padding{conv.padding, conv.padding};
  if (device_.is_cpu())
    return at::mkldnn_convolution(x, conv.weight, conv.bias, padding, {1, 1}, {1, 1}, 1);
  return at::conv2d(x, conv.weight, conv.bias, {1, 1}, padding);
}

InferenceOutput InferenceNet::forward(const torch::Tensor& input) const {
  torch::InferenceMode inference;
  torch::Tensor x = convolve(stem_, input).relu_();
  for (const Block& block : blocks_) {
    torch::Tensor y = convolve(block.conv1, x).relu_();
    if (block.poolWeight.defined())
      y.add_(
          at::linear(regularPooled(y), block.poolWeight, block.poolBias).unsqueeze(2).unsqueeze(3));
    y = convolve(block.conv2, y);
    x = y.add_(x).relu_();
  }
  const auto perCell = [](const torch::Tensor& t) {
    return t.flatten(2).transpose(1, 2).contiguous();
  };
  InferenceOutput out;
  out.queries = perCell(convolve(query_, x));
  out.keys = perCell(convolve(key_, x));
  const torch::Tensor v = convolve(value_, x).relu_();
  const auto [mean, max] = boardMeanMax(v);
  const torch::Tensor hidden =
      at::linear(torch::cat({mean, max}, 1), hiddenWeight_, hiddenBias_).relu_();
  out.wdl = at::linear(hidden, wdlWeight_, wdlBias_).softmax(1);
  out.movesLeft = at::linear(hidden, movesWeight_, movesBias_).squeeze(1);
  return out;
}

}  // namespace camelot
