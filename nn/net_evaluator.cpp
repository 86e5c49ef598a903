#include "nn/net_evaluator.hpp"

#include <cmath>
#include <stdexcept>

#include "nn/checkpoint.hpp"
#include "nn/inference_net.hpp"

namespace camelot {

std::shared_ptr<const InferenceNet> loadInferenceNet(const std::filesystem::path& checkpoint,
                                                     const std::string& device) {
  torch::Device target(torch::kCPU);
  try {
    target = torch::Device(device);
  } catch (const c10::Error&) {
    throw std::invalid_argument("unknown device '" + device + "' (expected cpu or cuda[:N])");
  }
  if (target.is_cuda() && !torch::cuda::is_available())
    throw std::invalid_argument("device '" + device + "': this LibTorch has no CUDA device");
  const CheckpointHeader header = readCheckpointHeader(checkpoint);
  requireCompatible(checkpoint, header);
  Network network(header.config);
  loadCheckpoint(checkpoint, *network);
  network->eval();
  return std::make_shared<const InferenceNet>(*network, target);
}

const NetworkConfig& networkConfig(const InferenceNet& net) {
  return net.config();
}

void setTorchThreads(int threads) {
  at::set_num_threads(threads);
}

struct NetEvaluator::Buffers {
  torch::Tensor input;  // [capacity, planes, 16, 12] on the CPU
  LegalPolicy legal;
  std::vector<float> logits;
};

NetEvaluator::NetEvaluator(std::shared_ptr<const InferenceNet> net)
    : net_(std::move(net)), buffers_(std::make_unique<Buffers>()) {
  if (!net_) throw std::invalid_argument("NetEvaluator: no network");
}
NetEvaluator::~NetEvaluator() = default;
NetEvaluator::NetEvaluator(NetEvaluator&&) noexcept = default;
NetEvaluator& NetEvaluator::operator=(NetEvaluator&&) noexcept = default;

int NetEvaluator::historyPlies() const {
  return net_->config().historyPlies;
}

void NetEvaluator::evaluate(std::span<const EvaluationRequest> requests,
                            std::span<Evaluation> results) {
  if (results.size() != requests.size())
    throw std::invalid_argument("NetEvaluator: one result per request expected");
  if (requests.empty()) return;
  const auto n = static_cast<std::int64_t>(requests.size());
  const int history = historyPlies();
  const bool tactical = net_->config().tacticalPlanes;
  const int planes = inputPlaneCount(history, tactical);
  const std::size_t perPosition = static_cast<std::size_t>(planes) * kGridCells;

  Buffers& b = *buffers_;
  if (!b.input.defined() || b.input.size(0) < n)
    b.input = torch::empty({std::max<std::int64_t>(n, 16), planes, kGridRows, kGridColumns});
  float* in = b.input.data_ptr<float>();
  for (std::size_t i = 0; i < requests.size(); ++i) {
    const EvaluationRequest& r = requests[i];
    encodePosition(*r.position, r.history, r.repetitions, history, tactical,
                   std::span<float>(in + i * perPosition, perPosition));
  }

  const torch::Tensor batch = b.input.narrow(0, 0, n).to(net_->device());
  const InferenceOutput out = net_->forward(batch);
  const torch::Tensor queries = out.queries.cpu(), keys = out.keys.cpu(), wdl = out.wdl.cpu();
  const std::int64_t d = queries.size(2);
  const float scale = 1.0f / std::sqrt(static_cast<float>(d));
  const float* q = queries.data_ptr<float>();
  const float* k = keys.data_ptr<float>();
  const float* w = wdl.data_ptr<float>();

  for (std::size_t i = 0; i < requests.size(); ++i) {
    const EvaluationRequest& r = requests[i];
    Evaluation& result = results[i];
    result.value = {w[3 * i], w[3 * i + 1], w[3 * i + 2]};
    result.priors.resize(r.moves->size());
    if (r.moves->empty()) continue;
    b.legal.assign(*r.moves, r.position->sideToMove());
    b.logits.resize(b.legal.size());
    const float* qi = q + i * kGridCells * d;
    const float* ki = k + i * kGridCells * d;
    for (std::size_t s = 0; s < b.legal.size(); ++s) {
      const float* from = qi + (b.legal.indices[s] / kGridCells) * d;
      const float* to = ki + (b.legal.indices[s] % kGridCells) * d;
      float dot = 0.0f;
      for (std::int64_t c = 0; c < d; ++c)
        dot += from[c] * to[c];
      b.logits[s] = dot * scale;
    }
    priorsFromLogits(b.legal, b.logits, result.priors);
  }
}

}  // namespace camelot
