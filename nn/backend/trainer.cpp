#include "nn/backend/trainer.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>
#include <string>

#include "nn/backend/torch_backend.hpp"

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

}  // namespace

void validate(const TrainerSettings& settings) {
  if (settings.threads < 0)
    badSetting("threads",
               "must be 0 (every core) or more (got " + std::to_string(settings.threads) + ")");
  if (settings.batchSize < 1)
    badSetting("batchSize", "must be at least 1 (got " + std::to_string(settings.batchSize) + ")");
  if (settings.optimizer != "adamw" && settings.optimizer != "sgd")
    badSetting("optimizer", "must be adamw or sgd (got '" + settings.optimizer + "')");
  checkPositive("learningRate", settings.learningRate, /*allowZero=*/false);
  if (settings.schedule != "constant" && settings.schedule != "cosine")
    badSetting("schedule", "must be constant or cosine (got '" + settings.schedule + "')");
  checkPositive("finalLearningRate", settings.finalLearningRate, /*allowZero=*/true);
  if (settings.scheduleSteps < 0)
    badSetting("scheduleSteps",
               "must be at least 0 (got " + std::to_string(settings.scheduleSteps) + ")");
  if (!(settings.momentum >= 0.0 && settings.momentum < 1.0))
    badSetting("momentum", "must be in [0, 1) (got " + std::to_string(settings.momentum) + ")");
  checkPositive("weightDecay", settings.weightDecay, /*allowZero=*/true);
  checkPositive("movesLeftWeight", settings.movesLeftWeight, /*allowZero=*/true);
  if (!(settings.rootValueWeight >= 0.0 && settings.rootValueWeight <= 1.0))
    badSetting("rootValueWeight",
               "must be in [0, 1] (got " + std::to_string(settings.rootValueWeight) + ")");
  if (const auto problem = deviceProblemHere(settings.device))
    badSetting("device", "is unusable: " + *problem);
}

std::optional<std::string> deviceProblemHere(const std::string& device) {
  if (device == "cpu") return std::nullopt;
  try {
    torchBackend().checkDevice(device);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return std::nullopt;
}

double learningRateAt(const TrainerSettings& settings, std::int64_t step, double runProgress) {
  if (settings.schedule != "cosine") return settings.learningRate;
  const double progress = settings.scheduleSteps == 0
                              ? std::clamp(runProgress, 0.0, 1.0)
                              : std::min(1.0, static_cast<double>(std::max<std::int64_t>(step, 0)) /
                                                  static_cast<double>(settings.scheduleSteps));
  return settings.finalLearningRate + 0.5 * (settings.learningRate - settings.finalLearningRate) *
                                          (1.0 + std::cos(std::numbers::pi * progress));
}

Trainer::Trainer(std::unique_ptr<TrainerCore> core) : core_(std::move(core)) {}

Trainer::Trainer(const NetworkConfig& config, const TrainerSettings& settings, std::uint64_t seed)
    : core_(torchBackend().newTrainer(config, settings, seed)) {}

Trainer Trainer::resume(const std::filesystem::path& checkpoint, const TrainerSettings& settings) {
  return Trainer(torchBackend().resumeTrainer(checkpoint, settings));
}

Trainer::~Trainer() = default;
Trainer::Trainer(Trainer&&) noexcept = default;
Trainer& Trainer::operator=(Trainer&&) noexcept = default;

TrainStepStats Trainer::trainStep(std::span<const TrainingSample> batch) {
  return core_->trainStep(batch);
}
TrainStepStats Trainer::measure(std::span<const TrainingSample> samples) {
  return core_->measure(samples);
}
TrainStepStats Trainer::trainStep(std::span<const GrandTrainingSample> batch) {
  return core_->trainStep(batch);
}
TrainStepStats Trainer::measure(std::span<const GrandTrainingSample> samples) {
  return core_->measure(samples);
}
void Trainer::save(const std::filesystem::path& path) const {
  core_->save(path);
}
std::shared_ptr<const Model> Trainer::model(const std::string& device) const {
  return core_->model(device);
}
void Trainer::setRunProgress(double progress) {
  core_->setRunProgress(progress);
}

std::int64_t Trainer::step() const {
  return core_->step();
}
std::int64_t Trainer::generation() const {
  return core_->generation();
}
void Trainer::setGeneration(std::int64_t generation) {
  core_->setGeneration(generation);
}
const NetworkConfig& Trainer::config() const {
  return core_->config();
}
const TrainerSettings& Trainer::settings() const {
  return core_->settings();
}

}  // namespace camelot
