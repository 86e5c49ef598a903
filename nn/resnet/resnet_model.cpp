#include "nn/resnet/resnet_model.hpp"

#include <cmath>
#include <stdexcept>

#include "nn/features/encoding.hpp"
#include "nn/resnet/inference_net.hpp"
#include "nn/torch/checkpoint_module.hpp"
#include "nn/torch/torch_threads.hpp"

namespace camelot {
namespace {

class ResnetModel : public Model {
 public:
  explicit ResnetModel(std::shared_ptr<const InferenceNet> net) : net_(std::move(net)) {}
  const NetworkConfig& config() const override { return net_->config(); }
  std::unique_ptr<Evaluator> evaluator(int threads) const override;
  const InferenceNet& net() const { return *net_; }

 private:
  std::shared_ptr<const InferenceNet> net_;
};

// Encode a batch of positions, one forward pass, a softmax over each position's legal moves
// and its win/draw/loss.
class ResnetEvaluator : public Evaluator {
 public:
  explicit ResnetEvaluator(std::shared_ptr<const ResnetModel> model) : model_(std::move(model)) {}

  void evaluate(std::span<const EvaluationRequest> requests,
                std::span<Evaluation> results) override;

 private:
  std::shared_ptr<const ResnetModel> model_;
  torch::Tensor input_;  // [capacity, planes, 16, 12] on the CPU
  LegalPolicy legal_;
  std::vector<float> logits_;
};

std::unique_ptr<Evaluator> ResnetModel::evaluator(int threads) const {
  if (threads > 0) setTorchThreads(threads);
  return std::make_unique<ResnetEvaluator>(
      std::static_pointer_cast<const ResnetModel>(shared_from_this()));
}

void ResnetEvaluator::evaluate(std::span<const EvaluationRequest> requests,
                               std::span<Evaluation> results) {
  if (results.size() != requests.size())
    throw std::invalid_argument("resnet evaluator: one result per request expected");
  if (requests.empty()) return;
  const InferenceNet& net = model_->net();
  const auto n = static_cast<std::int64_t>(requests.size());
  const int history = net.config().historyPlies;
  const bool tactical = net.config().tacticalPlanes;
  const int planes = inputPlaneCount(history, tactical);
  const std::size_t perPosition = static_cast<std::size_t>(planes) * kGridCells;

  if (!input_.defined() || input_.size(0) < n)
    input_ = torch::empty({std::max<std::int64_t>(n, 16), planes, kGridRows, kGridColumns});
  float* in = input_.data_ptr<float>();
  for (std::size_t i = 0; i < requests.size(); ++i) {
    const EvaluationRequest& r = requests[i];
    encodePosition(*r.position, r.history, r.repetitions, history, tactical,
                   std::span<float>(in + i * perPosition, perPosition));
  }

  const torch::Tensor batch = input_.narrow(0, 0, n).to(net.device());
  const InferenceOutput out = net.forward(batch);
  const torch::Tensor queries = out.queries.cpu(), keys = out.keys.cpu(), wdl = out.wdl.cpu();
  const torch::Tensor movesLeft = out.movesLeft.cpu();
  const std::int64_t d = queries.size(2);
  const float scale = 1.0f / std::sqrt(static_cast<float>(d));
  const float* q = queries.data_ptr<float>();
  const float* k = keys.data_ptr<float>();
  const float* w = wdl.data_ptr<float>();
  const float* plies = movesLeft.data_ptr<float>();

  for (std::size_t i = 0; i < requests.size(); ++i) {
    const EvaluationRequest& r = requests[i];
    Evaluation& result = results[i];
    result.value = {w[3 * i], w[3 * i + 1], w[3 * i + 2]};
    result.movesLeft = std::max(0.0f, plies[i] * 100.0f);
    result.priors.resize(r.moves->size());
    if (r.moves->empty()) continue;
    legal_.assign(*r.moves, r.position->sideToMove());
    logits_.resize(legal_.size());
    const float* qi = q + i * kGridCells * d;
    const float* ki = k + i * kGridCells * d;
    for (std::size_t s = 0; s < legal_.size(); ++s) {
      const float* from = qi + (legal_.indices[s] / kGridCells) * d;
      const float* to = ki + (legal_.indices[s] % kGridCells) * d;
      float dot = 0.0f;
      for (std::int64_t c = 0; c < d; ++c)
        dot += from[c] * to[c];
      logits_[s] = dot * scale;
    }
    priorsFromLogits(legal_, logits_, result.priors);
  }
}

}  // namespace

std::shared_ptr<const Model> loadResnetModel(const std::filesystem::path& checkpoint,
                                             const std::string& device) {
  const torch::Device target = parseTorchDevice(device);
  const CheckpointHeader header = readCheckpointHeader(checkpoint);
  requireCompatible(checkpoint, header);
  Network network(header.config);
  loadCheckpoint(checkpoint, *network);
  network->eval();
  return makeResnetModel(std::make_shared<const InferenceNet>(*network, target));
}

std::shared_ptr<const Model> makeResnetModel(std::shared_ptr<const InferenceNet> net) {
  if (!net) throw std::invalid_argument("makeResnetModel: no network");
  return std::make_shared<const ResnetModel>(std::move(net));
}

}  // namespace camelot
