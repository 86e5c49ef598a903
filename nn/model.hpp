#pragma once
// The one seam between the network and everything above nn/: a model evaluates batches of
// positions (with the legal moves the search already has) into priors over those moves, a
// win/draw/loss value and moves-left, and says its architecture and history length. Which
// backend runs it (the mlp in plain C++, the residual net in LibTorch) is decided here, by the
// checkpoint's header; no code above nn/ names a backend. Torch-free.

#include <filesystem>
#include <memory>
#include <string>
#include <type_traits>

#include "mcts/evaluator.hpp"
#include "mcts/search_params.hpp"
#include "nn/network_config.hpp"

namespace camelot {

class Model : public std::enable_shared_from_this<Model> {
 public:
  virtual ~Model() = default;

  // The architecture (a checkpoint header's config).
  virtual const NetworkConfig& config() const = 0;
  // Earlier positions the model reads (a training sample keeps this many).
  int historyPlies() const { return config().historyPlies; }
  // `params` for a search this model guides: with the history it reads handed to it.
  SearchParams searchParams(SearchParams params = {}) const {
    params.historyPlies = historyPlies();
    return params;
  }

  // An evaluator for the calling thread, with its own scratch buffers; it keeps the model
  // alive, and any number may share one model. `threads` is the cores one evaluate call may
  // use: 1 for a worker among several, 0 for the backend's default (every core).
  virtual std::unique_ptr<Evaluator> evaluator(int threads = 0) const = 0;
  // An evaluator of Grand Camelot positions for the calling thread, from a network that plays
  // it (config().variant; only mlps do). Throws std::invalid_argument for one of the standard
  // game, as evaluator() does for one of Grand Camelot.
  virtual std::unique_ptr<GrandEvaluator> grandEvaluator() const;
  // The evaluator of the game Rules plays, for code written once for both variants:
  // evaluator(threads), or grandEvaluator() (which runs on the calling thread alone).
  template <class Rules>
  std::unique_ptr<BasicEvaluator<Rules>> evaluatorFor(int threads = 0) const {
    if constexpr (std::is_same_v<Rules, GrandRules>)
      return grandEvaluator();
    else
      return evaluator(threads);
  }

 protected:
  // Throws std::invalid_argument unless the network plays `variant`.
  void requireVariant(Variant variant) const;
};

// Reads the checkpoint's header and loads it with the backend of its architecture, on `device`
// ("cpu", "cuda", "cuda:N"; the mlp runs on the CPU only). Throws CheckpointError for a bad or
// incompatible file, std::invalid_argument for a device the backend cannot use.
std::shared_ptr<const Model> loadModel(const std::filesystem::path& checkpoint,
                                       const std::string& device = "cpu");

}  // namespace camelot
