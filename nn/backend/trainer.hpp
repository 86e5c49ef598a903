#pragma once
// The trainer: owns the training form of the network and its optimizer, takes one optimisation
// step per batch of TrainingSamples, writes checkpoints (plus the optimizer's state next to
// them) and hands out inference snapshots (Models) for self-play and evaluation. Either family
// (NetworkConfig::architecture). Torch-free: the work is done by the LibTorch backend
// (nn/backend/torch_backend.hpp), loaded when the first trainer is made.

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>

#include "nn/network_config.hpp"
#include "nn/training_sample.hpp"

namespace camelot {

class Model;        // nn/model.hpp
class TrainerCore;  // nn/backend/torch_backend.hpp

struct TrainerSettings {
  // Samples per step the caller draws (trainStep itself takes any batch size >= 1).
  int batchSize = 256;
  std::string optimizer = "adamw";  // "adamw" or "sgd" (SGD with momentum, nesterov off)
  double learningRate = 1e-3;
  // "constant", or "cosine": from learningRate down to finalLearningRate over scheduleSteps
  // steps, then it stays at finalLearningRate. scheduleSteps 0: over the run instead, by the
  // share of it done that the caller sets (Trainer::setRunProgress), so that a run's rate
  // reaches its floor at the run's end however many steps the run's hours hold.
  std::string schedule = "constant";
  double finalLearningRate = 1e-4;
  int scheduleSteps = 20000;
  double momentum = 0.9;  // SGD only (AdamW keeps its betas 0.9 / 0.999)
  // AdamW: decoupled weight decay; SGD: L2 through the optimizer's weight_decay. Applies to every
  // parameter.
  double weightDecay = 1e-4;
  double movesLeftWeight = 0.1;  // weight of the moves-left loss in the total
  // Share of the value target taken from the search's root value rather than the game's
  // result, in [0, 1] (valueTarget in nn/training_sample.hpp).
  double rootValueWeight = 0.0;
  std::string device = "cpu";  // "cpu" or "cuda[:N]"
  // CPU threads LibTorch runs a step on (0: every core). Fewer leave cores to other work on the
  // machine (an arena, a build): two threads sharing a core with it stall each other.
  int threads = 0;
};

// Throws std::invalid_argument naming the first setting out of range, including a device this
// LibTorch cannot use.
void validate(const TrainerSettings& settings);

// Why `device` cannot run networks on this machine ("device 'cuda': this LibTorch has no CUDA
// device"), or nothing when it can. "cpu" always can (and loads no LibTorch to say so).
std::optional<std::string> deviceProblemHere(const std::string& device);

// The learning rate the schedule gives the step numbered `step` (0 for the first step), in a run
// `runProgress` (0..1) done when scheduleSteps is 0.
double learningRateAt(const TrainerSettings& settings, std::int64_t step, double runProgress = 0.0);

struct TrainStepStats {
  double policyLoss = 0.0;     // mean cross-entropy against the policy targets
  double valueLoss = 0.0;      // mean cross-entropy against the WDL targets
  double movesLeftLoss = 0.0;  // mean Huber loss of the moves-left estimate (plies / 100)
  double totalLoss = 0.0;      // policy + value + movesLeftWeight * movesLeft
  double policyEntropy = 0.0;  // mean entropy of the network's policy over the legal moves
  double learningRate = 0.0;   // the rate this step used (measure(): the next step's)
};

class Trainer {
 public:
  // A new network from `config` with weights seeded by `seed` (the same weights as
  // writeFreshNetwork with that seed), at step 0 and generation 0. Throws std::invalid_argument
  // for an invalid config or setting (validate above).
  Trainer(const NetworkConfig& config, const TrainerSettings& settings, std::uint64_t seed);

  // Resumes from a checkpoint written by save() (or `camelot net init`): the weights, the step and
  // generation from its header, and the optimizer state from `checkpoint` + ".optim" if that file
  // exists (else a fresh optimizer; also a fresh one if the file was written by the other
  // optimizer kind). Throws CheckpointError for a bad or incompatible checkpoint, and a
  // CheckpointError naming the .optim file if it exists but is unreadable or belongs to another
  // training step or architecture. Throws std::invalid_argument for invalid settings.
  static Trainer resume(const std::filesystem::path& checkpoint, const TrainerSettings& settings);

  ~Trainer();
  Trainer(Trainer&&) noexcept;
  Trainer& operator=(Trainer&&) noexcept;

  // One optimisation step on `batch` (any size >= 1), in train mode: encodes the samples, computes
  // the losses (nn/torch/losses.hpp), backward, optimizer step at the schedule's learning rate for
  // the current step, then step() += 1. Throws std::invalid_argument for an empty batch or a
  // malformed sample (policy indices and targets of different lengths, an index out of range, a
  // result outside -1..1, more history than kMaxHistoryPlies).
  TrainStepStats trainStep(std::span<const TrainingSample> batch);
  // The same for a Grand Camelot network (config().variant; samples of the other game are
  // refused with std::invalid_argument, either way round).
  TrainStepStats trainStep(std::span<const GrandTrainingSample> batch);

  // The losses on `samples` in eval mode without gradients; changes nothing.
  TrainStepStats measure(std::span<const TrainingSample> samples);
  TrainStepStats measure(std::span<const GrandTrainingSample> samples);

  // Writes the network to `path` as a checkpoint (step and generation in the header) atomically,
  // and the optimizer state next to it as `path` + ".optim" (through a temporary file and a
  // rename). Throws CheckpointError on failure.
  void save(const std::filesystem::path& path) const;

  // An inference copy of the current weights on `device` ("cpu", "cuda[:N]"; the mlp runs on
  // the CPU only): an independent snapshot that later training does not change. Throws
  // std::invalid_argument for an unknown or unavailable device.
  std::shared_ptr<const Model> model(const std::string& device = "cpu") const;

  // The share of the run done, 0..1 (learningRateAt clamps it), that a schedule over the run
  // (scheduleSteps 0) follows; 0 until set. Not saved: the run sets it again after a resume.
  void setRunProgress(double progress);

  std::int64_t step() const;  // optimisation steps taken so far (including before a resume)
  std::int64_t generation() const;
  void setGeneration(std::int64_t generation);

  const NetworkConfig& config() const;
  const TrainerSettings& settings() const;

 private:
  explicit Trainer(std::unique_ptr<TrainerCore> core);
  std::unique_ptr<TrainerCore> core_;
};

}  // namespace camelot
