#include "training/run/training_phase.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <optional>
#include <random>
#include <vector>

#include "engine/random/splitmix64.hpp"
#include "training/replay/chunk_file.hpp"
#include "training/run/run_files.hpp"
#include "training/text/decimal_text.hpp"

namespace camelot {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// The generation's new games and positions: its chunks (one a game), counted from their
// headers.
struct NewGames {
  int games = 0;
  std::int64_t positions = 0;
};

NewGames newGamesOf(const fs::path& run, std::int64_t generation) {
  const std::string prefix = "chunk-" + run_files::padded(generation) + "-";
  NewGames out;
  for (const auto& entry : fs::directory_iterator(run / "chunks")) {
    const std::string name = entry.path().filename().string();
    if (!name.starts_with(prefix) || !name.ends_with(".chunk")) continue;
    try {
      out.positions += readChunkHeader(entry.path()).sampleCount;
      ++out.games;
    } catch (const ChunkError&) {  // reported when the buffer loaded it
    }
  }
  return out;
}

// The network's losses on the generation's new positions before it trains on them: a test
// set it has never seen. Next to the training losses it shows how far the net memorises its
// games rather than learning positions (KataGo and Leela keep such a test loss too). They are
// the newest `newPositions` of the buffer.
template <class Rules>
std::optional<TrainStepStats> measureUnseen(Trainer& trainer,
                                            const BasicReplayBuffer<Rules>& buffer,
                                            std::int64_t newPositions) {
  constexpr std::size_t kMostSamples = 8192;  // a few seconds of forward passes here
  const std::size_t count =
      std::min({static_cast<std::size_t>(newPositions), buffer.size(), kMostSamples});
  if (count == 0) return std::nullopt;
  std::vector<BasicTrainingSample<Rules>> unseen;
  unseen.reserve(count);
  for (std::size_t i = buffer.size() - count; i < buffer.size(); ++i)
    unseen.push_back(buffer.at(i));
  return trainer.measure(unseen);
}

}  // namespace

template <class Rules>
TrainedGeneration trainGeneration(const BasicTrainingPhase<Rules>& phase) {
  const auto& t = phase.config.training;
  const std::int64_t generation = phase.generation;
  Trainer& trainer = phase.trainer;
  const NewGames fresh = newGamesOf(phase.run, generation);
  const auto steps = static_cast<std::int64_t>(std::clamp<double>(
      std::ceil(t.sampleReuse * static_cast<double>(fresh.positions) / t.batchSize), t.minSteps,
      t.maxSteps));
  // A training phase cut short resumes from its partial checkpoint.
  const fs::path partial = phase.run / "partial.ckpt";
  std::int64_t done = 0;
  if (fs::exists(partial)) {
    Trainer resumed = Trainer::resume(partial, trainerSettingsOf(phase.config));
    if (resumed.generation() == generation - 1 && resumed.step() >= trainer.step()) {
      done = resumed.step() - trainer.step();
      trainer = std::move(resumed);
    }
  }
  if (phase.buffer.empty()) throw std::runtime_error("no positions to train on (empty buffer)");
  const std::string name = "generation " + std::to_string(generation);
  if (done == 0)  // a few seconds of forward passes: say so
    phase.progress.update(name + " training: scoring the network on its new positions first");
  const std::optional<TrainStepStats> test =
      done == 0 ? measureUnseen(trainer, phase.buffer, fresh.positions) : std::nullopt;
  phase.say(name + ": training, " + std::to_string(steps) + " steps of " +
            std::to_string(t.batchSize) + " on " + std::to_string(phase.buffer.size()) +
            " positions" + (done > 0 ? " (" + std::to_string(done) + " done before)" : ""));
  trainer.setRunProgress(phase.runProgress);
  TrainStepStats sum;
  int measured = 0;
  const auto begin = Clock::now();
  auto lastSave = begin;
  for (std::int64_t step = done; step < steps; ++step) {
    if (phase.interrupted) break;
    // A seed of the step's own, so that a phase resumed part-way draws the batches the
    // uninterrupted phase would have.
    std::mt19937_64 rng(
        mixSeed(phase.config.run.seed,
                static_cast<std::uint64_t>(generation) << 32 | static_cast<std::uint64_t>(step)));
    const std::vector<BasicTrainingSample<Rules>> batch =
        phase.buffer.sample(static_cast<std::size_t>(t.batchSize), rng);
    const TrainStepStats stats = trainer.trainStep(batch);
    sum.policyLoss += stats.policyLoss;
    sum.valueLoss += stats.valueLoss;
    sum.movesLeftLoss += stats.movesLeftLoss;
    sum.policyEntropy += stats.policyEntropy;
    sum.learningRate = stats.learningRate;
    ++measured;
    phase.progress.update(name + " training: step " + std::to_string(step + 1) + "/" +
                          std::to_string(steps) + ", policy " + fixed(stats.policyLoss, 3) +
                          ", value " + fixed(stats.valueLoss, 3));
    if (std::chrono::duration<double>(Clock::now() - lastSave).count() > 60.0) {
      trainer.save(partial);
      lastSave = Clock::now();
    }
  }
  phase.progress.finish();
  TrainedGeneration out;
  out.seconds = std::chrono::duration<double>(Clock::now() - begin).count();
  if (done + measured < steps) {  // interrupted: keep what was learned for the next start
    trainer.save(partial);
    return out;
  }
  trainer.setGeneration(generation);
  trainer.save(run_files::checkpoint(phase.run, generation));
  trainer.save(phase.run / "latest.ckpt");
  fs::remove(partial);
  fs::remove(partial.string() + ".optim");
  out.finished = true;
  const double n = std::max(1, measured);
  auto& cells = out.cells;
  cells["games"] = std::to_string(fresh.games);
  cells["positions"] = std::to_string(fresh.positions);
  cells["training_steps"] = std::to_string(steps);
  cells["policy_loss"] = fixed(sum.policyLoss / n, 4);
  cells["value_loss"] = fixed(sum.valueLoss / n, 4);
  cells["moves_left_loss"] = fixed(sum.movesLeftLoss / n, 4);
  cells["policy_entropy"] = fixed(sum.policyEntropy / n, 4);
  cells["learning_rate"] = fixed(sum.learningRate, 6);
  if (test) {
    cells["test_policy_loss"] = fixed(test->policyLoss, 4);
    cells["test_value_loss"] = fixed(test->valueLoss, 4);
  }
  phase.say(name + ": trained, policy loss " + cells["policy_loss"] + ", value loss " +
            cells["value_loss"] + ", entropy " + cells["policy_entropy"] +
            (test ? "; before training on them, its new positions scored policy " +
                        cells["test_policy_loss"] + ", value " + cells["test_value_loss"]
                  : ""));
  return out;
}

template TrainedGeneration trainGeneration(const BasicTrainingPhase<StandardRules>&);
template TrainedGeneration trainGeneration(const BasicTrainingPhase<GrandRules>&);

}  // namespace camelot
