#pragma once
// The search's Evaluator on top of the network: encode a batch of positions, one forward
// pass, a softmax over each position's legal moves, and its win/draw/loss. Torch-free header,
// so the search, self-play and the command line use it without including LibTorch.

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "mcts/evaluator.hpp"
#include "nn/encoding.hpp"
#include "nn/network_config.hpp"

namespace camelot {

class InferenceNet;  // nn/inference_net.hpp; one may be shared by evaluators on many threads

// Loads a checkpoint for inference on `device` ("cpu", "cuda", "cuda:1"). Throws
// CheckpointError for a bad file, std::invalid_argument for a device this LibTorch lacks.
std::shared_ptr<const InferenceNet> loadInferenceNet(const std::filesystem::path& checkpoint,
                                                     const std::string& device = "cpu");

// The architecture of a loaded network.
const NetworkConfig& networkConfig(const InferenceNet& net);

// Sets LibTorch's intra-op threads for the calling thread (LibTorch keeps the setting per
// thread: every worker thread that evaluates must call it).
void setTorchThreads(int threads);

class NetEvaluator : public Evaluator {
 public:
  explicit NetEvaluator(std::shared_ptr<const InferenceNet> net);
  ~NetEvaluator() override;
  NetEvaluator(NetEvaluator&&) noexcept;
  NetEvaluator& operator=(NetEvaluator&&) noexcept;

  void evaluate(std::span<const EvaluationRequest> requests,
                std::span<Evaluation> results) override;

  // Earlier positions the network reads: search should hand over this many
  // (SearchParams::historyPlies).
  int historyPlies() const;

 private:
  struct Buffers;  // reusable input tensor and scratch
  std::shared_ptr<const InferenceNet> net_;
  std::unique_ptr<Buffers> buffers_;
};

}  // namespace camelot
