// The LibTorch side of the Trainer (nn/backend/trainer.hpp): a TrainableNetwork of either family,
// its optimizer, the steps, and the optimizer state beside each checkpoint.

#include "nn/backend/trainer_core.hpp"

#include <torch/optim/adamw.h>
#include <torch/optim/sgd.h>
#include <torch/serialize.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <sstream>
#include <stdexcept>
#include <string>
#include <system_error>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

#include "io/durable_file.hpp"
#include "nn/backend/trainer.hpp"
#include "nn/features/encoding.hpp"
#include "nn/features/grand_features.hpp"
#include "nn/resnet/inference_net.hpp"
#include "nn/torch/checkpoint_module.hpp"
#include "nn/torch/fused_adamw.hpp"
#include "nn/torch/losses.hpp"
#include "nn/torch/torch_threads.hpp"

namespace camelot {
namespace {

// The first line of a LibTorch error, without its backtrace.
std::string torchMessage(const c10::Error& e) {
  std::string message = e.what_without_backtrace();
  const auto newline = message.find('\n');
  if (newline != std::string::npos) message.resize(newline);
  return message;
}

[[noreturn]] void fail(const std::filesystem::path& path, const std::string& problem) {
  throw CheckpointError(path.string() + ": " + problem);
}

std::filesystem::path optimizerPath(const std::filesystem::path& checkpoint) {
  std::filesystem::path path = checkpoint;
  path += ".optim";
  return path;
}

std::unique_ptr<torch::optim::Optimizer> makeOptimizer(const TrainerSettings& settings,
                                                       std::vector<torch::Tensor> parameters) {
  if (settings.optimizer == "sgd") {
    return std::make_unique<torch::optim::SGD>(std::move(parameters),
                                               torch::optim::SGDOptions(settings.learningRate)
                                                   .momentum(settings.momentum)
                                                   .weight_decay(settings.weightDecay)
                                                   .nesterov(false));
  }
  return std::make_unique<FusedAdamW>(
      std::move(parameters),
      torch::optim::AdamWOptions(settings.learningRate).weight_decay(settings.weightDecay));
}

class TorchTrainer : public TrainerCore {
 public:
  // Takes a network built on the CPU (weights already in place).
  TorchTrainer(const TrainerSettings& settings, std::unique_ptr<TrainableNetwork> network,
               std::int64_t step, std::int64_t generation)
      : settings_(settings),
        device_(parseTorchDevice(settings.device)),
        network_(std::move(network)),
        step_(step),
        generation_(generation) {
    network_->module().to(device_);
    network_->module().train();
    optimizer_ = makeOptimizer(settings_, network_->module().parameters());
  }

  TrainStepStats trainStep(std::span<const TrainingSample> batch) override {
    return trainStepOf<StandardRules>(batch);
  }
  TrainStepStats trainStep(std::span<const GrandTrainingSample> batch) override {
    return trainStepOf<GrandRules>(batch);
  }
  TrainStepStats measure(std::span<const TrainingSample> samples) override {
    return measureOf<StandardRules>(samples);
  }
  TrainStepStats measure(std::span<const GrandTrainingSample> samples) override {
    return measureOf<GrandRules>(samples);
  }
  void save(const std::filesystem::path& path) const override;
  std::shared_ptr<const Model> model(const std::string& device) const override {
    return network_->snapshot(parseTorchDevice(device));
  }
  std::int64_t step() const override { return step_; }
  std::int64_t generation() const override { return generation_; }
  void setGeneration(std::int64_t generation) override { generation_ = generation; }
  void setRunProgress(double progress) override { runProgress_ = progress; }
  const NetworkConfig& config() const override { return network_->config(); }
  const TrainerSettings& settings() const override { return settings_; }

  void loadOptimizer(const std::filesystem::path& path);

 private:
  template <class Rules>
  TrainingBatch encode(std::span<const BasicTrainingSample<Rules>> samples) const;
  template <class Rules>
  TrainStepStats trainStepOf(std::span<const BasicTrainingSample<Rules>> batch);
  template <class Rules>
  TrainStepStats measureOf(std::span<const BasicTrainingSample<Rules>> samples);
  TrainStepStats statsOf(const Losses& losses) const;

  TrainerSettings settings_;
  torch::Device device_;
  std::unique_ptr<TrainableNetwork> network_;
  std::unique_ptr<torch::optim::Optimizer> optimizer_;
  std::int64_t step_ = 0;
  std::int64_t generation_ = 0;
  double runProgress_ = 0.0;  // the schedule's progress when it spans the run (scheduleSteps 0)
};

// Training has the machine to itself between self-play phases: every core, unless the settings
// give fewer (TrainerSettings::threads). LibTorch keeps the setting per thread, and a self-play
// worker may have run on this one with a single thread, so it is set before every step.
void useTrainingThreads(int threads) {
  setTorchThreads(
      threads > 0 ? threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
}

template <class Rules>
TrainingBatch TorchTrainer::encode(std::span<const BasicTrainingSample<Rules>> samples) const {
  if (samples.empty()) throw std::invalid_argument("Trainer: empty batch");
  constexpr Variant variant = Rules::kVariant;
  if (config().variant != variant)
    throw std::invalid_argument("Trainer: samples of " + std::string(gameName(variant)) +
                                " for a network of " + std::string(gameName(config().variant)));
  const std::int32_t policySize = kPolicySizeOf<Rules>;
  const auto n = static_cast<std::int64_t>(samples.size());
  std::size_t width = 1;  // at least one column, so that an all-empty batch still has a shape
  for (const BasicTrainingSample<Rules>& s : samples) {
    if (s.policyIndices.size() != s.policyTarget.size())
      throw std::invalid_argument("Trainer: a sample has " +
                                  std::to_string(s.policyIndices.size()) + " policy indices but " +
                                  std::to_string(s.policyTarget.size()) + " targets");
    if (s.history.size() > static_cast<std::size_t>(kMaxHistoryPlies))
      throw std::invalid_argument("Trainer: a sample has more than kMaxHistoryPlies history");
    if (s.result < -1 || s.result > 1)
      throw std::invalid_argument("Trainer: a sample's result is " + std::to_string(s.result) +
                                  " (expected -1, 0 or 1)");
    for (const std::int32_t index : s.policyIndices)
      if (index < 0 || index >= policySize)
        throw std::invalid_argument("Trainer: policy index " + std::to_string(index) +
                                    " out of range");
    width = std::max(width, s.policyIndices.size());
  }
  const auto l = static_cast<std::int64_t>(width);

  TrainingBatch batch;
  batch.inputs = network_->encode(samples, l);
  batch.legalMask = torch::zeros({n, l}, torch::kBool);
  batch.policyTarget = torch::zeros({n, l});
  batch.wdlTarget = torch::zeros({n, 3});
  batch.movesLeftTarget = torch::empty({n});
  bool* mask = batch.legalMask.data_ptr<bool>();
  float* target = batch.policyTarget.data_ptr<float>();
  float* wdl = batch.wdlTarget.data_ptr<float>();
  float* movesLeft = batch.movesLeftTarget.data_ptr<float>();
  for (std::size_t i = 0; i < samples.size(); ++i) {
    const BasicTrainingSample<Rules>& s = samples[i];
    const std::size_t row = i * width;
    for (std::size_t j = 0; j < s.policyIndices.size(); ++j) {
      mask[row + j] = true;
      target[row + j] = s.policyTarget[j];
    }
    const std::array<float, 3> value = valueTarget(s, settings_.rootValueWeight);
    std::copy(value.begin(), value.end(), wdl + 3 * i);
    movesLeft[i] = static_cast<float>(s.movesLeft) / 100.0f;
  }

  if (!device_.is_cpu()) {
    for (torch::Tensor& t : batch.inputs)
      t = t.to(device_);
    for (torch::Tensor* t :
         {&batch.legalMask, &batch.policyTarget, &batch.wdlTarget, &batch.movesLeftTarget})
      *t = t->to(device_);
  }
  return batch;
}

TrainStepStats TorchTrainer::statsOf(const Losses& losses) const {
  const torch::Tensor values =
      torch::stack({losses.policy.detach(), losses.value.detach(), losses.movesLeft.detach(),
                    losses.total.detach(), losses.policyEntropy.detach()})
          .to(torch::kCPU, torch::kFloat64);
  const double* v = values.data_ptr<double>();
  TrainStepStats stats;
  stats.policyLoss = v[0];
  stats.valueLoss = v[1];
  stats.movesLeftLoss = v[2];
  stats.totalLoss = v[3];
  stats.policyEntropy = v[4];
  return stats;
}

void TorchTrainer::loadOptimizer(const std::filesystem::path& path) {
  torch::serialize::InputArchive archive;
  c10::IValue kind, savedStep, savedConfig;
  try {
    archive.load_from(path.string(), device_);
    archive.read("optimizer_kind", kind);
    archive.read("training_step", savedStep);
    archive.read("config", savedConfig);
  } catch (const c10::Error& e) {
    fail(path, "unreadable optimizer state (" + torchMessage(e) + ")");
  }
  if (!kind.isString() || !savedStep.isInt() || !savedConfig.isString())
    fail(path, "unreadable optimizer state (fields of the wrong type)");
  // A file of the other optimizer kind: the settings chose to switch, so start afresh.
  if (kind.toStringRef() != settings_.optimizer) return;
  if (savedStep.toInt() != step_)
    fail(path, "optimizer state of training step " + std::to_string(savedStep.toInt()) +
                   ", the checkpoint is at step " + std::to_string(step_) +
                   " (delete it to resume with a fresh optimizer)");
  if (savedConfig.toStringRef() != describe(config()))
    fail(path, "optimizer state of a " + savedConfig.toStringRef() +
                   " network, the checkpoint is " + describe(config()));
  try {
    torch::serialize::InputArchive state;
    archive.read("optimizer", state);
    optimizer_->load(state);
  } catch (const c10::Error& e) {
    fail(path, "unreadable optimizer state (" + torchMessage(e) + ")");
  }
  // Every state tensor must fit its parameter (the archive only matched them by position).
  const auto& states = optimizer_->state();
  for (const torch::Tensor& p : optimizer_->param_groups().at(0).params()) {
    const auto it = states.find(c10::guts::to_string(p.unsafeGetTensorImpl()));
    if (it == states.end()) continue;
    std::vector<torch::Tensor> tensors;
    if (const auto* adam = dynamic_cast<const torch::optim::AdamWParamState*>(it->second.get()))
      tensors = {adam->exp_avg(), adam->exp_avg_sq()};
    else if (const auto* sgd = dynamic_cast<const torch::optim::SGDParamState*>(it->second.get()))
      tensors = {sgd->momentum_buffer()};
    for (const torch::Tensor& t : tensors) {
      if (t.defined() && (t.sizes() != p.sizes() || t.scalar_type() != p.scalar_type()))
        fail(path, "optimizer state does not fit the network's parameters");
    }
  }
}

template <class Rules>
TrainStepStats TorchTrainer::trainStepOf(std::span<const BasicTrainingSample<Rules>> batch) {
  useTrainingThreads(settings_.threads);
  const TrainingBatch encoded = encode<Rules>(batch);
  const double rate = learningRateAt(settings_, step_, runProgress_);
  network_->module().train();
  clearGradients(*optimizer_);
  const Losses losses = computeLosses(*network_, encoded, settings_.movesLeftWeight);
  losses.total.backward();
  TrainStepStats stats = statsOf(losses);
  stats.learningRate = rate;
  if (!std::isfinite(stats.totalLoss))
    throw std::runtime_error("Trainer: non-finite loss at step " + std::to_string(step_) +
                             " (the weights were not updated)");
  for (auto& group : optimizer_->param_groups())
    group.options().set_lr(rate);
  optimizer_->step();
  ++step_;
  return stats;
}

template <class Rules>
TrainStepStats TorchTrainer::measureOf(std::span<const BasicTrainingSample<Rules>> samples) {
  if (samples.empty()) throw std::invalid_argument("Trainer: no samples to measure");
  useTrainingThreads(settings_.threads);
  torch::NoGradGuard noGrad;
  network_->module().eval();
  TrainStepStats sum;
  try {
    const std::size_t chunk = static_cast<std::size_t>(settings_.batchSize);
    for (std::size_t begin = 0; begin < samples.size(); begin += chunk) {
      const auto part = samples.subspan(begin, std::min(chunk, samples.size() - begin));
      const TrainStepStats s =
          statsOf(computeLosses(*network_, encode<Rules>(part), settings_.movesLeftWeight));
      const auto w = static_cast<double>(part.size());
      sum.policyLoss += w * s.policyLoss;
      sum.valueLoss += w * s.valueLoss;
      sum.movesLeftLoss += w * s.movesLeftLoss;
      sum.totalLoss += w * s.totalLoss;
      sum.policyEntropy += w * s.policyEntropy;
    }
  } catch (...) {
    network_->module().train();
    throw;
  }
  network_->module().train();
  const auto n = static_cast<double>(samples.size());
  return {sum.policyLoss / n,    sum.valueLoss / n,
          sum.movesLeftLoss / n, sum.totalLoss / n,
          sum.policyEntropy / n, learningRateAt(settings_, step_, runProgress_)};
}

void TorchTrainer::save(const std::filesystem::path& path) const {
  const std::filesystem::path optim = optimizerPath(path);
  std::string bytes;
  try {
    torch::serialize::OutputArchive state;
    optimizer_->save(state);
    torch::serialize::OutputArchive archive;
    archive.write("optimizer", state);
    archive.write("optimizer_kind", c10::IValue(settings_.optimizer));
    archive.write("training_step", c10::IValue(step_));
    archive.write("config", c10::IValue(describe(config())));
    std::ostringstream stream;
    archive.save_to(stream);
    bytes = std::move(stream).str();
  } catch (const c10::Error& e) {
    fail(optim, "cannot serialise the optimizer state (" + torchMessage(e) + ")");
  }

  // The optimizer state goes to a temporary file first, then the checkpoint (atomic by itself),
  // then the rename: a failure leaves the previous pair as it was.
  StagedFile staged(optim, "the optimizer state");
  if (const std::string problem = staged.write({std::as_bytes(std::span(bytes))}); !problem.empty())
    fail(optim, problem);
  CheckpointHeader header;
  header.config = config();
  header.encodingVersion = inputEncodingVersion(header.config);
  header.trainingStep = step_;
  header.generation = generation_;
  writeCheckpoint(path, header, network_->module());
  if (const std::string problem = staged.commit(); !problem.empty()) fail(optim, problem);
}

}  // namespace

std::unique_ptr<TrainerCore> newTorchTrainer(const NetworkConfig& config,
                                             const TrainerSettings& settings, std::uint64_t seed) {
  validate(config);
  validate(settings);
  torch::manual_seed(seed);
  return std::make_unique<TorchTrainer>(settings, makeTrainableNetwork(config), 0, 0);
}

std::unique_ptr<TrainerCore> resumeTorchTrainer(const std::filesystem::path& checkpoint,
                                                const TrainerSettings& settings) {
  validate(settings);
  const CheckpointHeader header = readCheckpointHeader(checkpoint);
  requireCompatible(checkpoint, header);
  std::unique_ptr<TrainableNetwork> network = makeTrainableNetwork(header.config);
  const CheckpointHeader loaded = loadCheckpoint(checkpoint, network->module());
  auto trainer = std::make_unique<TorchTrainer>(settings, std::move(network), loaded.trainingStep,
                                                loaded.generation);
  const std::filesystem::path optim = optimizerPath(checkpoint);
  std::error_code error;
  if (std::filesystem::exists(optim, error)) trainer->loadOptimizer(optim);
  return trainer;
}

}  // namespace camelot
