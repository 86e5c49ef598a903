#include "nn/trainer.hpp"

#include <ATen/CPUGeneratorImpl.h>
#include <fcntl.h>
#include <torch/torch.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <mutex>
#include <numbers>
#include <sstream>
#include <stdexcept>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "nn/checkpoint.hpp"
#include "nn/encoding.hpp"
#include "nn/inference_net.hpp"
#include "nn/losses.hpp"
#include "nn/network.hpp"

namespace camelot {
namespace {

[[noreturn]] void badSetting(const std::string& name, const std::string& problem) {
  throw std::invalid_argument("TrainerSettings." + name + " " + problem);
}

void checkPositive(const char* name, double value, bool allowZero) {
  if (std::isfinite(value) && (value > 0.0 || (allowZero && value == 0.0))) return;
  badSetting(name, std::string("must be ") + (allowZero ? "at least 0" : "greater than 0") +
                       " (got " + std::to_string(value) + ")");
}

torch::Device parseDevice(const std::string& device) {
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
  return std::make_unique<torch::optim::AdamW>(
      std::move(parameters),
      torch::optim::AdamWOptions(settings.learningRate).weight_decay(settings.weightDecay));
}

// Writes `bytes` to `path` and flushes them to disk. Throws CheckpointError naming `shownPath`.
void writeFileDurably(const std::filesystem::path& path, const std::string& bytes,
                      const std::filesystem::path& shownPath) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) fail(shownPath, std::string("cannot write (") + std::strerror(errno) + ")");
  std::size_t written = 0;
  while (written < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + written, bytes.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const int error = errno;
      ::close(fd);
      fail(shownPath, std::string("cannot write (") + std::strerror(error) + ")");
    }
    written += static_cast<std::size_t>(n);
  }
  if (::fsync(fd) != 0) {
    const int error = errno;
    ::close(fd);
    fail(shownPath, std::string("cannot flush (") + std::strerror(error) + ")");
  }
  if (::close(fd) != 0) fail(shownPath, std::string("cannot close (") + std::strerror(errno) + ")");
}

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

}  // namespace

void validate(const TrainerSettings& settings) {
  if (settings.batchSize < 1)
    badSetting("batchSize", "must be at least 1 (got " + std::to_string(settings.batchSize) + ")");
  if (settings.optimizer != "adamw" && settings.optimizer != "sgd")
    badSetting("optimizer", "must be adamw or sgd (got '" + settings.optimizer + "')");
  checkPositive("learningRate", settings.learningRate, /*allowZero=*/false);
  if (settings.schedule != "constant" && settings.schedule != "cosine")
    badSetting("schedule", "must be constant or cosine (got '" + settings.schedule + "')");
  checkPositive("finalLearningRate", settings.finalLearningRate, /*allowZero=*/true);
  if (settings.scheduleSteps < 1)
    badSetting("scheduleSteps",
               "must be at least 1 (got " + std::to_string(settings.scheduleSteps) + ")");
  if (!(settings.momentum >= 0.0 && settings.momentum < 1.0))
    badSetting("momentum", "must be in [0, 1) (got " + std::to_string(settings.momentum) + ")");
  checkPositive("weightDecay", settings.weightDecay, /*allowZero=*/true);
  checkPositive("movesLeftWeight", settings.movesLeftWeight, /*allowZero=*/true);
  if (!(settings.rootValueWeight >= 0.0 && settings.rootValueWeight <= 1.0))
    badSetting("rootValueWeight",
               "must be in [0, 1] (got " + std::to_string(settings.rootValueWeight) + ")");
  try {
    parseDevice(settings.device);
  } catch (const std::invalid_argument& e) {
    badSetting("device", std::string("is unusable: ") + e.what());
  }
}

double learningRateAt(const TrainerSettings& settings, std::int64_t step) {
  if (settings.schedule != "cosine") return settings.learningRate;
  if (step >= settings.scheduleSteps) return settings.finalLearningRate;
  const double progress = static_cast<double>(std::max<std::int64_t>(step, 0)) /
                          static_cast<double>(settings.scheduleSteps);
  return settings.finalLearningRate + 0.5 * (settings.learningRate - settings.finalLearningRate) *
                                          (1.0 + std::cos(std::numbers::pi * progress));
}

struct Trainer::Impl {
  NetworkConfig config;
  TrainerSettings settings;
  torch::Device device{torch::kCPU};
  Network network{nullptr};
  std::unique_ptr<torch::optim::Optimizer> optimizer;
  std::int64_t step = 0;
  std::int64_t generation = 0;

  // Takes a network built on the CPU (weights already in place).
  Impl(const TrainerSettings& s, Network net)
      : config(net->config()), settings(s), device(parseDevice(s.device)), network(std::move(net)) {
    network->to(device);
    network->train();
    optimizer = makeOptimizer(settings, network->parameters());
  }

  TrainingBatch encode(std::span<const TrainingSample> samples) const;
  TrainStepStats statsOf(const Losses& losses) const;
  void loadOptimizer(const std::filesystem::path& path);
};

TrainingBatch Trainer::Impl::encode(std::span<const TrainingSample> samples) const {
  if (samples.empty()) throw std::invalid_argument("Trainer: empty batch");
  const auto n = static_cast<std::int64_t>(samples.size());
  const int history = config.historyPlies;
  const int planes = inputPlaneCount(history, config.tacticalPlanes);
  const std::size_t perPosition = static_cast<std::size_t>(planes) * kGridCells;

  std::size_t width = 1;  // at least one column, so that an all-empty batch still has a shape
  for (const TrainingSample& s : samples) {
    if (s.policyIndices.size() != s.policyTarget.size())
      throw std::invalid_argument("Trainer: a sample has " +
                                  std::to_string(s.policyIndices.size()) + " policy indices but " +
                                  std::to_string(s.policyTarget.size()) + " targets");
    if (s.history.size() > static_cast<std::size_t>(kMaxHistoryPlies))
      throw std::invalid_argument("Trainer: a sample has more than kMaxHistoryPlies history");
    if (s.result < -1 || s.result > 1)
      throw std::invalid_argument("Trainer: a sample's result is " + std::to_string(s.result) +
                                  " (expected -1, 0 or 1)");
    width = std::max(width, s.policyIndices.size());
  }
  const auto l = static_cast<std::int64_t>(width);

  TrainingBatch batch;
  batch.input = torch::empty({n, planes, kGridRows, kGridColumns});
  batch.policyIndices = torch::zeros({n, l}, torch::kInt64);
  batch.legalMask = torch::zeros({n, l}, torch::kBool);
  batch.policyTarget = torch::zeros({n, l});
  batch.wdlTarget = torch::zeros({n, 3});
  batch.movesLeftTarget = torch::empty({n});
  float* input = batch.input.data_ptr<float>();
  std::int64_t* indices = batch.policyIndices.data_ptr<std::int64_t>();
  bool* mask = batch.legalMask.data_ptr<bool>();
  float* target = batch.policyTarget.data_ptr<float>();
  float* wdl = batch.wdlTarget.data_ptr<float>();
  float* movesLeft = batch.movesLeftTarget.data_ptr<float>();

  for (std::size_t i = 0; i < samples.size(); ++i) {
    const TrainingSample& s = samples[i];
    encodePosition(s.position, s.history, s.repetitions, history, config.tacticalPlanes,
                   std::span<float>(input + i * perPosition, perPosition));
    const std::size_t row = i * width;
    for (std::size_t j = 0; j < s.policyIndices.size(); ++j) {
      const std::int32_t index = s.policyIndices[j];
      if (index < 0 || index >= kPolicySize)
        throw std::invalid_argument("Trainer: policy index " + std::to_string(index) +
                                    " out of range");
      indices[row + j] = index;
      mask[row + j] = true;
      target[row + j] = s.policyTarget[j];
    }
    const std::array<float, 3> value = valueTarget(s, settings.rootValueWeight);
    std::copy(value.begin(), value.end(), wdl + 3 * i);
    movesLeft[i] = static_cast<float>(s.movesLeft) / 100.0f;
  }

  if (!device.is_cpu()) {
    for (torch::Tensor* t : {&batch.input, &batch.policyIndices, &batch.legalMask,
                             &batch.policyTarget, &batch.wdlTarget, &batch.movesLeftTarget})
      *t = t->to(device);
  }
  return batch;
}

TrainStepStats Trainer::Impl::statsOf(const Losses& losses) const {
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

void Trainer::Impl::loadOptimizer(const std::filesystem::path& path) {
  torch::serialize::InputArchive archive;
  c10::IValue kind, savedStep, savedConfig;
  try {
    archive.load_from(path.string(), device);
    archive.read("optimizer_kind", kind);
    archive.read("training_step", savedStep);
    archive.read("config", savedConfig);
  } catch (const c10::Error& e) {
    fail(path, "unreadable optimizer state (" + torchMessage(e) + ")");
  }
  if (!kind.isString() || !savedStep.isInt() || !savedConfig.isString())
    fail(path, "unreadable optimizer state (fields of the wrong type)");
  // A file of the other optimizer kind: the settings chose to switch, so start afresh.
  if (kind.toStringRef() != settings.optimizer) return;
  if (savedStep.toInt() != step)
    fail(path, "optimizer state of training step " + std::to_string(savedStep.toInt()) +
                   ", the checkpoint is at step " + std::to_string(step) +
                   " (delete it to resume with a fresh optimizer)");
  if (savedConfig.toStringRef() != describe(config))
    fail(path, "optimizer state of a " + savedConfig.toStringRef() +
                   " network, the checkpoint is " + describe(config));
  try {
    torch::serialize::InputArchive state;
    archive.read("optimizer", state);
    optimizer->load(state);
  } catch (const c10::Error& e) {
    fail(path, "unreadable optimizer state (" + torchMessage(e) + ")");
  }
  // Every state tensor must fit its parameter (the archive only matched them by position).
  const auto& states = optimizer->state();
  for (const torch::Tensor& p : optimizer->param_groups().at(0).params()) {
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

Trainer::Trainer(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

Trainer::Trainer(const NetworkConfig& config, const TrainerSettings& settings, std::uint64_t seed) {
  validate(config);
  validate(settings);
  torch::manual_seed(seed);
  impl_ = std::make_unique<Impl>(settings, Network(config));
}

Trainer Trainer::resume(const std::filesystem::path& checkpoint, const TrainerSettings& settings) {
  validate(settings);
  const CheckpointHeader header = readCheckpointHeader(checkpoint);
  requireCompatible(checkpoint, header);
  Network network(header.config);
  const CheckpointHeader loaded = loadCheckpoint(checkpoint, *network);
  auto impl = std::make_unique<Impl>(settings, std::move(network));
  impl->step = loaded.trainingStep;
  impl->generation = loaded.generation;
  const std::filesystem::path optim = optimizerPath(checkpoint);
  std::error_code error;
  if (std::filesystem::exists(optim, error)) impl->loadOptimizer(optim);
  return Trainer(std::move(impl));
}

Trainer::~Trainer() = default;
Trainer::Trainer(Trainer&&) noexcept = default;
Trainer& Trainer::operator=(Trainer&&) noexcept = default;

TrainStepStats Trainer::trainStep(std::span<const TrainingSample> batch) {
  Impl& m = *impl_;
  const TrainingBatch encoded = m.encode(batch);
  const double rate = learningRateAt(m.settings, m.step);
  m.network->train();
  m.optimizer->zero_grad();
  const Losses losses = computeLosses(*m.network, encoded, m.settings.movesLeftWeight);
  losses.total.backward();
  TrainStepStats stats = m.statsOf(losses);
  stats.learningRate = rate;
  if (!std::isfinite(stats.totalLoss))
    throw std::runtime_error("Trainer: non-finite loss at step " + std::to_string(m.step) +
                             " (the weights were not updated)");
  for (auto& group : m.optimizer->param_groups())
    group.options().set_lr(rate);
  m.optimizer->step();
  ++m.step;
  return stats;
}

TrainStepStats Trainer::measure(std::span<const TrainingSample> samples) {
  Impl& m = *impl_;
  if (samples.empty()) throw std::invalid_argument("Trainer: no samples to measure");
  torch::NoGradGuard noGrad;
  m.network->eval();
  TrainStepStats sum;
  try {
    const std::size_t chunk = static_cast<std::size_t>(m.settings.batchSize);
    for (std::size_t begin = 0; begin < samples.size(); begin += chunk) {
      const auto part = samples.subspan(begin, std::min(chunk, samples.size() - begin));
      const TrainStepStats s =
          m.statsOf(computeLosses(*m.network, m.encode(part), m.settings.movesLeftWeight));
      const auto w = static_cast<double>(part.size());
      sum.policyLoss += w * s.policyLoss;
      sum.valueLoss += w * s.valueLoss;
      sum.movesLeftLoss += w * s.movesLeftLoss;
      sum.totalLoss += w * s.totalLoss;
      sum.policyEntropy += w * s.policyEntropy;
    }
  } catch (...) {
    m.network->train();
    throw;
  }
  m.network->train();
  const auto n = static_cast<double>(samples.size());
  return {sum.policyLoss / n, sum.valueLoss / n,     sum.movesLeftLoss / n,
          sum.totalLoss / n,  sum.policyEntropy / n, learningRateAt(m.settings, m.step)};
}

void Trainer::save(const std::filesystem::path& path) const {
  const Impl& m = *impl_;
  const std::filesystem::path optim = optimizerPath(path);
  std::filesystem::path temporary = optim;
  temporary += ".tmp-" + std::to_string(::getpid());

  std::string bytes;
  try {
    torch::serialize::OutputArchive state;
    m.optimizer->save(state);
    torch::serialize::OutputArchive archive;
    archive.write("optimizer", state);
    archive.write("optimizer_kind", c10::IValue(m.settings.optimizer));
    archive.write("training_step", c10::IValue(m.step));
    archive.write("config", c10::IValue(describe(m.config)));
    std::ostringstream stream;
    archive.save_to(stream);
    bytes = std::move(stream).str();
  } catch (const c10::Error& e) {
    fail(optim, "cannot serialise the optimizer state (" + torchMessage(e) + ")");
  }

  // The optimizer state goes to a temporary file first, then the checkpoint (atomic by itself),
  // then the rename: a failure leaves the previous pair as it was.
  std::error_code ignored;
  try {
    writeFileDurably(temporary, bytes, optim);
    CheckpointHeader header;
    header.config = m.config;
    header.encodingVersion = kEncodingVersion;
    header.trainingStep = m.step;
    header.generation = m.generation;
    writeCheckpoint(path, header, *m.network);
  } catch (...) {
    std::filesystem::remove(temporary, ignored);
    throw;
  }
  std::error_code error;
  std::filesystem::rename(temporary, optim, error);
  if (error) {
    std::filesystem::remove(temporary, ignored);
    fail(optim, "cannot rename into place (" + error.message() + ")");
  }
}

std::shared_ptr<const InferenceNet> Trainer::inferenceNet(const std::string& device) const {
  const Impl& m = *impl_;
  const torch::Device target = parseDevice(device);
  torch::NoGradGuard noGrad;
  if (target != m.device) {
    // Every folded tensor is copied across devices: nothing is shared with the training weights.
    return std::make_shared<const InferenceNet>(*m.network, target);
  }
  // On the same device InferenceNet keeps some tensors (the value head's linear layers) as
  // views of the weights it was built from, so build it from a private copy: a snapshot that
  // later training steps leave alone.
  Network copy{nullptr};
  {
    CpuRngGuard rng;
    copy = Network(m.config);
  }
  copy->to(m.device);
  const auto copyAll = [](const std::vector<torch::Tensor>& from,
                          const std::vector<torch::Tensor>& to) {
    for (std::size_t i = 0; i < from.size(); ++i)
      to[i].detach().copy_(from[i]);
  };
  copyAll(m.network->parameters(), copy->parameters());
  copyAll(m.network->buffers(), copy->buffers());
  copy->eval();
  return std::make_shared<const InferenceNet>(*copy, target);
}

std::int64_t Trainer::step() const {
  return impl_->step;
}
std::int64_t Trainer::generation() const {
  return impl_->generation;
}
void Trainer::setGeneration(std::int64_t generation) {
  impl_->generation = generation;
}
const NetworkConfig& Trainer::config() const {
  return impl_->config;
}
const TrainerSettings& Trainer::settings() const {
  return impl_->settings;
}

}  // namespace camelot
