// The residual family's TrainableNetwork: input planes and policy indices in, attention logits
// out; its snapshot is the batch-norm-folded InferenceNet.

#include <ATen/CPUGeneratorImpl.h>

#include <mutex>
#include <stdexcept>
#include <string>

#include "nn/features/encoding.hpp"
#include "nn/resnet/inference_net.hpp"
#include "nn/resnet/network.hpp"
#include "nn/resnet/resnet_model.hpp"
#include "nn/torch/trainable_network.hpp"

namespace camelot {
namespace {

// Restores the default CPU generator's state when it goes out of scope, so that building a
// scratch network does not move anyone's random stream.
class CpuRngGuard {
 public:
  CpuRngGuard() {
    at::Generator generator = at::detail::getDefaultCPUGenerator();
    std::lock_guard<std::mutex> lock(generator.mutex());
    state_ = generator.get_state();
  }
  ~CpuRngGuard() {
    at::Generator generator = at::detail::getDefaultCPUGenerator();
    std::lock_guard<std::mutex> lock(generator.mutex());
    generator.set_state(state_);
  }
  CpuRngGuard(const CpuRngGuard&) = delete;
  CpuRngGuard& operator=(const CpuRngGuard&) = delete;

 private:
  torch::Tensor state_;
};

class ResnetTrainable : public TrainableNetwork {
 public:
  explicit ResnetTrainable(const NetworkConfig& config) : network_(config) {}

  const NetworkConfig& config() const override { return network_->config(); }
  torch::nn::Module& module() override { return *network_; }

  using TrainableNetwork::encode;  // Grand Camelot's samples: refused
  // The planes [N, planes, 16, 12] and the policy indices [N, L].
  std::vector<torch::Tensor> encode(std::span<const TrainingSample> samples,
                                    std::int64_t width) const override {
    const NetworkConfig& c = config();
    const auto n = static_cast<std::int64_t>(samples.size());
    const int planes = inputPlaneCount(c.historyPlies, c.tacticalPlanes);
    const std::size_t perPosition = static_cast<std::size_t>(planes) * kGridCells;
    torch::Tensor input = torch::empty({n, planes, kGridRows, kGridColumns});
    torch::Tensor policyIndices = torch::zeros({n, width}, torch::kInt64);
    float* in = input.data_ptr<float>();
    std::int64_t* indices = policyIndices.data_ptr<std::int64_t>();
    for (std::size_t i = 0; i < samples.size(); ++i) {
      const TrainingSample& s = samples[i];
      encodePosition(s.position, s.history, s.repetitions, c.historyPlies, c.tacticalPlanes,
                     std::span<float>(in + i * perPosition, perPosition));
      std::copy(s.policyIndices.begin(), s.policyIndices.end(),
                indices + i * static_cast<std::size_t>(width));
    }
    return {input, policyIndices};
  }

  PolicyValueOutput forward(const std::vector<torch::Tensor>& inputs) override {
    const NetworkOutput out = network_->forward(inputs.at(0));
    return {policyLogits(out, inputs.at(1)), out.wdlLogits, out.movesLeft};
  }

  std::shared_ptr<const Model> snapshot(torch::Device device) const override {
    torch::NoGradGuard noGrad;
    const torch::Device current = network_->parameters().front().device();
    if (device != current) {
      // Every folded tensor is copied across devices: nothing is shared with the training
      // weights.
      return makeResnetModel(std::make_shared<const InferenceNet>(*network_, device));
    }
    // On the same device InferenceNet keeps some tensors (the value head's linear layers) as
    // views of the weights it was built from, so build it from a private copy: a snapshot that
    // later training steps leave alone.
    Network copy{nullptr};
    {
      CpuRngGuard rng;
      copy = Network(config());
    }
    copy->to(current);
    const auto copyAll = [](const std::vector<torch::Tensor>& from,
                            const std::vector<torch::Tensor>& to) {
      for (std::size_t i = 0; i < from.size(); ++i)
        to[i].detach().copy_(from[i]);
    };
    copyAll(network_->parameters(), copy->parameters());
    copyAll(network_->buffers(), copy->buffers());
    copy->eval();
    return makeResnetModel(std::make_shared<const InferenceNet>(*copy, device));
  }

 private:
  Network network_;
};

}  // namespace

std::unique_ptr<TrainableNetwork> makeResnetTrainable(const NetworkConfig& config) {
  return std::make_unique<ResnetTrainable>(config);
}

}  // namespace camelot
