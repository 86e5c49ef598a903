#pragma once
// Everything that needs LibTorch, behind one interface: the residual network's inference,
// training (both families) and fresh weights. It lives in its own shared library,
// libcamelot_torch.so, which `camelot` loads with dlopen the first time a command needs it, so
// perft, matches among classical players and the mlp's inference never map LibTorch's ~290
// libraries (docs/architecture.md). Torch-free header.

#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>
#include <string>

#include "nn/model.hpp"
#include "nn/network_config.hpp"
#include "nn/training_sample.hpp"

namespace camelot {

struct TrainerSettings;
struct TrainStepStats;

// The trainer's state and steps (nn/backend/trainer.hpp forwards to it).
class TrainerCore {
 public:
  virtual ~TrainerCore() = default;
  virtual TrainStepStats trainStep(std::span<const TrainingSample> batch) = 0;
  virtual TrainStepStats trainStep(std::span<const GrandTrainingSample> batch) = 0;
  virtual TrainStepStats measure(std::span<const TrainingSample> samples) = 0;
  virtual TrainStepStats measure(std::span<const GrandTrainingSample> samples) = 0;
  virtual void save(const std::filesystem::path& path) const = 0;
  virtual std::shared_ptr<const Model> model(const std::string& device) const = 0;
  virtual std::int64_t step() const = 0;
  virtual std::int64_t generation() const = 0;
  virtual void setGeneration(std::int64_t generation) = 0;
  virtual void setRunProgress(double progress) = 0;
  virtual const NetworkConfig& config() const = 0;
  virtual const TrainerSettings& settings() const = 0;
};

class TorchBackend {
 public:
  virtual ~TorchBackend() = default;
  virtual std::shared_ptr<const Model> loadResnetModel(const std::filesystem::path& checkpoint,
                                                       const std::string& device) const = 0;
  virtual std::unique_ptr<TrainerCore> newTrainer(const NetworkConfig& config,
                                                  const TrainerSettings& settings,
                                                  std::uint64_t seed) const = 0;
  virtual std::unique_ptr<TrainerCore> resumeTrainer(const std::filesystem::path& checkpoint,
                                                     const TrainerSettings& settings) const = 0;
  virtual void writeFreshNetwork(const std::filesystem::path& path, const NetworkConfig& config,
                                 std::uint64_t seed) const = 0;
  // Throws std::invalid_argument unless LibTorch can use `device` ("cpu", "cuda[:N]").
  virtual void checkDevice(const std::string& device) const = 0;
};

// The backend, loaded on first use (thread-safe). Throws std::runtime_error naming the library
// and dlopen's reason when it cannot be loaded, or both builds when it comes from another build
// than the program's. CAMELOT_TORCH_LIBRARY overrides where it is
// looked for (default: beside the program, then the build tree it was built in).
const TorchBackend& torchBackend();

}  // namespace camelot

// The entry points the library exports (C linkage, so dlsym finds them by these names): the
// backend, and the library's build stamp (nn/backend/build_stamp.hpp), which the loader checks
// against the program's before it asks for the backend.
extern "C" const camelot::TorchBackend* camelotTorchBackend();
extern "C" const char* camelotTorchBackendStamp();
