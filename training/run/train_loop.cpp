#include "training/run/train_loop.hpp"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <type_traits>
#include <utility>

#include "io/durable_file.hpp"
#include "nn/backend/trainer.hpp"
#include "nn/checkpoint.hpp"
#include "nn/model.hpp"
#include "training/replay/replay_buffer.hpp"
#include "training/run/evaluation_phase.hpp"
#include "training/run/machine_check.hpp"
#include "training/run/metrics_file.hpp"
#include "training/run/run_directory.hpp"
#include "training/run/run_files.hpp"
#include "training/run/selfplay_games.hpp"
#include "training/run/selfplay_phase.hpp"
#include "training/run/train_config.hpp"
#include "training/run/training_phase.hpp"
#include "training/text/decimal_text.hpp"
#include "training/text/progress.hpp"

namespace camelot {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// The config a run starts or resumes with: --config, else the run's own, else the default.
fs::path configFileOf(const TrainRunOptions& options) {
  const fs::path saved = options.runDirectory / "config.toml";
  return !options.config.empty() ? options.config
         : fs::exists(saved)     ? saved
                                 : fs::path(kDefaultTrainConfig);
}

// The metrics row of a generation that an interruption cut short.
constexpr const char* kPendingRow = "metrics-pending.csv";

// A run of the variant `Rules` (engine/game_rules.hpp): its self-play goes to the cluster the
// options give for the variant (the ranks of an MPI job), else plays in this process.
template <class Rules>
class Run {
 public:
  // `config` is what `configFile` (configFileOf) says, with the options' overrides.
  Run(const TrainRunOptions& options, fs::path configFile, TrainConfig config, std::ostream& log,
      std::ostream& progress, const std::atomic<bool>& interrupted)
      : options_(options),
        config_(std::move(config)),
        configFile_(std::move(configFile)),
        dir_(options.runDirectory),
        logOut_(log),
        progress_(progress, options.terminal),
        interrupted_(interrupted),
        started_(Clock::now()) {
    if constexpr (std::is_same_v<Rules, StandardRules>)
      selfPlay_ = options.selfPlay;
    else
      selfPlay_ = options.grandSelfPlay;
    if (selfPlay_ == nullptr) {
      thisProcess_ = thisProcessSelfPlay<Rules>();
      selfPlay_ = thisProcess_.get();
    }
  }

  void run() {
    directory_.emplace(dir_);
    try {
      start();
    } catch (...) {
      // A start that fails leaves no run behind to refuse the corrected command.
      if (directory_->isNew()) directory_->discardNewRun();
      throw;
    }
    if (hours_ > 0) {
      const double remaining = hours_ * 3600.0 - elapsed_;
      if (remaining <= 0) {
        say("done: the run has had its " + fixed(hours_, 2) +
            " hours (--hours with more extends it)");
        return;
      }
      deadline_ = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                     std::chrono::duration<double>(remaining));
    }
    // A generation trained but not yet evaluated (interrupted during its evaluation).
    if (trainer_->generation() > 0 && !metrics_->has(trainer_->generation()) && !stopping())
      evaluate(trainer_->generation());
    while (!stopping()) {
      const std::int64_t generation = trainer_->generation() + 1;
      if (config_.run.generations > 0 && generation > config_.run.generations) {
        say("done: " + std::to_string(config_.run.generations) + " generations");
        break;
      }
      selfPlay(generation);
      if (stopping()) break;
      train(generation);
      if (stopping()) break;
      evaluate(generation);
    }
    if (stopping()) savePendingRow();
    if (interrupted_ || incomplete_)
      say("interrupted: the same command resumes the run");
    else if (pastDeadline())
      say("time is up: the same command resumes the run");
  }

 private:
  // The share of the run done before `generation` trains: of its hours or of its generations,
  // whichever is further on (the learning rate's schedule over the run follows it).
  double runProgress(std::int64_t generation) const {
    double done = 0.0;
    if (hours_ > 0)
      done = (elapsed_ + std::chrono::duration<double>(Clock::now() - lastMark_).count()) /
             (hours_ * 3600.0);
    if (config_.run.generations > 0)
      done = std::max(done, static_cast<double>(generation - 1) / config_.run.generations);
    return done;
  }

  bool pastDeadline() const { return deadline_ && Clock::now() >= *deadline_; }
  bool stopping() const { return interrupted_ || pastDeadline() || incomplete_; }

  void say(const std::string& line) {
    progress_.finish();
    const std::time_t now = std::time(nullptr);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y-%m-%d %H:%M:%S", std::localtime(&now));
    const std::string text = std::string(stamp) + "  " + line;
    logOut_ << text << '\n' << std::flush;
    std::ofstream(dir_ / "log.txt", std::ios::app) << text << '\n';
  }

  // The config, the directory's files, the replay buffer, the network and the metrics: all
  // that the generations need.
  void start() {
    // The run's length counts every session: a finished run given more hours goes on.
    if (options_.hours) config_.run.hours = *options_.hours;
    hours_ = config_.run.hours;
    if (config_.training.schedule == "cosine" && config_.training.scheduleSteps == 0 &&
        hours_ <= 0 && config_.run.generations <= 0)
      throw ConfigError(configFile_.string() +
                        ": training.schedule_steps: 0 (over the run's length) needs a length: "
                        "run.hours, run.generations or --hours");
    checkMachineCanRun(config_, configFile_);
    prepareDirectory();
    buffer_ =
        std::make_unique<BasicReplayBuffer<Rules>>(static_cast<std::size_t>(config_.buffer.window));
    for (const std::string& message : buffer_->loadDirectory(dir_ / "chunks"))
      say(message);
    startTrainer();
    say("buffer: " + std::to_string(buffer_->size()) + " positions from earlier chunks");
    metrics_.emplace(dir_ / "metrics.csv");
    elapsed_ = metrics_->elapsedSeconds();
    loadPendingRow();
    lastMark_ = Clock::now();
  }

  void prepareDirectory() {
    fs::create_directories(dir_ / "chunks");
    fs::create_directories(dir_ / "checkpoints");
    fs::create_directories(dir_ / "games");
    // A process killed while writing leaves its temporary file behind (the file it was
    // replacing is intact): clear them. No other process writes here (the lock).
    for (const auto& entry : fs::recursive_directory_iterator(dir_))
      if (entry.is_regular_file() &&
          entry.path().filename().string().find(".tmp-") != std::string::npos)
        fs::remove(entry.path());
    const fs::path saved = dir_ / "config.toml";
    if (!directory_->isNew()) {
      TrainConfig previous = parseTrainConfig(readTextFile(saved), saved.string());
      // How long a run goes is not how it trains: a longer or shorter run of the same config
      // resumes, and the saved config records its new length.
      const TrainConfig::Run length = previous.run;
      previous.run.hours = config_.run.hours;
      previous.run.generations = config_.run.generations;
      if (!(previous == config_)) {
        std::string differences;
        for (const std::string& difference : configDifferences(previous, config_))
          differences += (differences.empty() ? "" : "; ") + difference;
        throw std::runtime_error(
            dir_.string() + ": was started with a different config (the run's value first: " +
            differences + "); resume it with 'camelot train --run-dir " + dir_.string() +
            "' (its own config), or give " + configFile_.string() + " another --run-dir");
      }
      say("resuming " + dir_.string() + " with " + configFile_.string());
      if (!(length == config_.run)) {
        writeTextFileAtomically(saved, toToml(config_));
        say("the run's length is now " + lengthText(config_.run) + " (it was " +
            lengthText(length) + ")");
      }
    } else {
      writeTextFileAtomically(saved, toToml(config_));
      say("new run " + dir_.string() + " with " + configFile_.string());
    }
  }

  static std::string lengthText(const TrainConfig::Run& run) {
    const std::string hours = run.hours > 0 ? fixed(run.hours, 2) + " hours" : "no hour limit";
    const std::string generations =
        run.generations > 0 ? std::to_string(run.generations) +
                                  (run.generations == 1 ? " generation" : " generations")
                            : "no generation limit";
    return hours + ", " + generations;
  }

  // The row in progress is `generation`'s (a new one if it was another's).
  void beginRow(std::int64_t generation) {
    const std::string name = std::to_string(generation);
    if (const auto cell = row_.find("generation"); cell != row_.end() && cell->second == name)
      return;
    row_ = {{"generation", name}};
  }

  // Adds `amount` to a column of the row in progress; returns the sum.
  double addToRow(const std::string& column, double amount, int digits) {
    const auto cell = row_.find(column);
    const double sum =
        amount + (cell == row_.end() || cell->second.empty() ? 0.0 : std::stod(cell->second));
    row_[column] = fixed(sum, digits);
    return sum;
  }

  // An interrupted generation's row so far, with the run's elapsed time, for the session that
  // goes on with it (kill -9 loses it: that session's time then goes uncounted).
  void savePendingRow() {
    if (row_.empty()) return;
    row_["elapsed_seconds"] =
        fixed(elapsed_ + std::chrono::duration<double>(Clock::now() - lastMark_).count(), 1);
    const fs::path file = dir_ / kPendingRow;
    fs::remove(file);
    MetricsFile(file).append(row_);
  }

  void loadPendingRow() {
    const fs::path file = dir_ / kPendingRow;
    if (!fs::exists(file)) return;
    const MetricsFile pending(file);
    if (pending.rows().empty()) return;
    const MetricsFile::Row& row = pending.rows().back();
    const auto generation = row.find("generation");
    const std::int64_t current = trainer_->generation();
    const std::string next = std::to_string(current + 1);
    const bool unevaluated = current > 0 && !metrics_->has(current);
    if (generation == row.end() ||
        (generation->second != next &&
         !(unevaluated && generation->second == std::to_string(current))))
      return;
    row_ = row;
    if (const auto e = row.find("elapsed_seconds"); e != row.end() && !e->second.empty())
      elapsed_ = std::max(elapsed_, std::stod(e->second));
  }

  fs::path checkpointOf(std::int64_t generation) const {
    return run_files::checkpoint(dir_, generation);
  }

  void startTrainer() {
    const fs::path latest = dir_ / "latest.ckpt";
    if (fs::exists(latest)) {
      trainer_ = std::make_unique<Trainer>(Trainer::resume(latest, trainerSettingsOf(config_)));
      say("network " + describe(trainer_->config()) + ", generation " +
          std::to_string(trainer_->generation()) + ", step " + std::to_string(trainer_->step()) +
          (options_.init.empty() ? ""
                                 : " (--init starts new runs only; the same command resumes)"));
      return;
    }
    if (!options_.init.empty()) {
      startFrom(options_.init);
      return;
    }
    trainer_ =
        std::make_unique<Trainer>(config_.network, trainerSettingsOf(config_), config_.run.seed);
    trainer_->save(checkpointOf(0));
    trainer_->save(latest);
    say("network " + describe(config_.network) + ", generation 0 (fresh, seed " +
        std::to_string(config_.run.seed) + ")");
  }

  // Generation 0 is `init`'s weights, at step 0 with a fresh optimizer.
  void startFrom(const fs::path& init) {
    CheckpointContents contents = readCheckpoint(init);
    requireCompatible(init, contents.header);
    if (describe(contents.header.config) != describe(config_.network))
      throw std::runtime_error(init.string() + ": --init needs a network of the config's " +
                               describe(config_.network) + ", not " +
                               describe(contents.header.config));
    const std::int64_t generation = contents.header.generation;
    contents.header.generation = 0;
    contents.header.trainingStep = 0;
    writeCheckpoint(checkpointOf(0), contents.header, contents.tensors);
    trainer_ =
        std::make_unique<Trainer>(Trainer::resume(checkpointOf(0), trainerSettingsOf(config_)));
    trainer_->save(dir_ / "latest.ckpt");
    say("network " + describe(config_.network) + ", generation 0 from " + init.string() +
        " (its generation " + std::to_string(generation) + ")");
  }

  // The self-play games (selfplay_phase.hpp), counted in the generation's row over every
  // session that played them.
  void selfPlay(std::int64_t generation) {
    beginRow(generation);
    const PlayedGeneration played = playGeneration(BasicSelfPlayPhase<Rules>{
        dir_, config_, generation, *selfPlay_, trainer_->model(config_.selfplay.device), *buffer_,
        progress_, [&](const std::string& line) { say(line); }, [&] { return stopping(); }});
    if (!played.played) return;
    // Games left unplayed by a process that stopped early: the run stops as if interrupted,
    // and the same command plays them.
    incomplete_ = !played.complete;
    const double seconds = addToRow("selfplay_seconds", played.stats.seconds, 1);
    const double evaluations =
        addToRow("selfplay_evaluations", static_cast<double>(played.stats.evaluations), 0);
    row_["positions_per_second"] = fixed(seconds > 0 ? evaluations / seconds : 0.0, 1);
  }

  // The training steps (training_phase.hpp), counted in the generation's row.
  void train(std::int64_t generation) {
    const TrainedGeneration trained = trainGeneration(BasicTrainingPhase<Rules>{
        dir_, config_, generation, *trainer_, *buffer_, runProgress(generation), progress_,
        [&](const std::string& line) { say(line); }, interrupted_});
    beginRow(generation);
    addToRow("training_seconds", trained.seconds, 1);
    for (const auto& [column, value] : trained.cells)
      row_[column] = value;
  }

  // The evaluation games (evaluation_phase.hpp), then the generation's metrics row.
  void evaluate(std::int64_t generation) {
    const auto evalStart = Clock::now();
    const std::optional<GenerationScores> scores =
        evaluateGeneration<Rules>(dir_, config_, generation, progress_, [&] { return stopping(); });
    beginRow(generation);
    addToRow("evaluation_seconds", std::chrono::duration<double>(Clock::now() - evalStart).count(),
             1);
    if (!scores) return;  // interrupted: evaluated again on the next start, its time counted
    for (const auto& [column, value] : scores->cells)
      row_[column] = value;
    elapsed_ += std::chrono::duration<double>(Clock::now() - lastMark_).count();
    lastMark_ = Clock::now();
    row_["elapsed_seconds"] = fixed(elapsed_, 1);
    metrics_->append(row_);
    row_.clear();
    fs::remove(dir_ / kPendingRow);
    if (!scores->summary.empty())
      say("generation " + std::to_string(generation) + ": scores " + scores->summary);
  }

  const TrainRunOptions& options_;
  TrainConfig config_;
  fs::path configFile_;  // where the config was read
  fs::path dir_;
  std::ostream& logOut_;
  Progress progress_;
  const std::atomic<bool>& interrupted_;
  Clock::time_point started_;
  std::optional<Clock::time_point> deadline_;
  std::unique_ptr<BasicReplayBuffer<Rules>> buffer_;
  std::unique_ptr<Trainer> trainer_;
  double hours_ = 0.0;    // the run's length in hours (0: none), --hours over the config's
  double elapsed_ = 0.0;  // run time before this generation's end, over all sessions
  Clock::time_point lastMark_;
  // The metrics row of the generation in progress, over every session that worked on it.
  MetricsFile::Row row_;
  std::optional<RunDirectory> directory_;  // claimed for this session
  std::optional<MetricsFile> metrics_;
  BasicSelfPlayCluster<Rules>* selfPlay_ = nullptr;  // where the games are played
  std::unique_ptr<BasicSelfPlayCluster<Rules>> thisProcess_;
  bool incomplete_ = false;  // a generation's games were left unplayed: stop
};

}  // namespace

Variant runVariant(const TrainRunOptions& options) {
  return loadTrainConfig(configFileOf(options), options.overrides).network.variant;
}

void runTraining(const TrainRunOptions& options, std::ostream& log, std::ostream& progress,
                 const std::atomic<bool>& interrupted) {
  // The config, read once: the variant it learns picks the run's rules.
  fs::path configFile = configFileOf(options);
  TrainConfig config = loadTrainConfig(configFile, options.overrides);
  if (config.network.variant == Variant::Grand) {
    Run<GrandRules>(options, std::move(configFile), std::move(config), log, progress, interrupted)
        .run();
    return;
  }
  Run<StandardRules>(options, std::move(configFile), std::move(config), log, progress, interrupted)
      .run();
}

}  // namespace camelot
