#include <unistd.h>

#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <type_traits>
#include <vector>

#include "cli/command.hpp"
#include "cli/command_options.hpp"
#include "cli/input_error.hpp"
#include "cli/interrupt.hpp"
#include "cli/variant.hpp"
#include "training/distributed/mpi_selfplay.hpp"
#include "training/distributed/mpi_world.hpp"
#include "training/run/train_loop.hpp"

namespace camelot::cli {
namespace {

struct TrainOptions {
  std::string config;  // empty: the run directory's config, else kDefaultTrainConfig
  std::string runDirectory = "runs/default";
  double hours = 0.0;                  // 0: the config's run.hours
  std::vector<std::string> overrides;  // config keys set over the file's: SECTION.KEY=VALUE
  std::string init;                    // a checkpoint a new run starts from
  bool keys = false;  // print every config key with its default and meaning instead
};

// Log lines to `out`, progress to `err`.
void runTrain(const TrainOptions& options, std::ostream& out, std::ostream& err) {
  if (options.keys) {
    out << configKeyReference();
    return;
  }
  TrainRunOptions run;
  run.config = options.config;
  run.runDirectory = options.runDirectory;
  if (options.hours > 0) run.hours = options.hours;
  run.overrides = options.overrides;
  run.init = options.init;
  run.terminal = ::isatty(STDERR_FILENO) != 0;
  // Ctrl-C or kill: finish the step in flight, save, and leave the run resumable.
  const InterruptWatch watch;
  // Under mpirun, rank 0 runs the loop and owns the run directory; the others play its games.
  std::optional<MpiWorld> world;
  if (MpiWorld::launched()) world.emplace();
  if (!world || world->size() == 1) {
    runTraining(run, out, err, watch.interrupted());
    return;
  }
  if (world->rank() != 0) {
    serveSelfPlay(*world, watch.interrupted());
    return;
  }
  // Rank 0 plays the config's variant; a config it cannot read is runTraining's to report, and
  // the cluster's end still sends the other ranks home.
  Variant variant = Variant::Standard;
  try {
    variant = runVariant(run);
  } catch (const std::exception&) {
  }
  withRules(variant, [&]<class Rules>(Rules) {
    BasicMpiSelfPlay<Rules> selfPlay(*world);
    if constexpr (std::is_same_v<Rules, GrandRules>)
      run.grandSelfPlay = &selfPlay;
    else
      run.selfPlay = &selfPlay;
    runTraining(run, out, err, watch.interrupted());
  });
}

}  // namespace

void addTrainCommand(CLI::App& app, Commands& commands) {
  auto options = std::make_shared<TrainOptions>();
  CLI::App* train = app.add_subcommand(
      "train",
      "Train a network by self-play: generations of self-play, training and evaluation against "
      "the previous network and fixed baselines, recorded in a run directory. Interrupt it at any "
      "time; the same command resumes. Under mpirun every rank plays self-play and rank 0 "
      "trains and owns the run directory.");
  train->add_option("--config", options->config,
                    std::string("Run configuration (TOML); default: the run directory's own "
                                "config.toml, or ") +
                        kDefaultTrainConfig + " for a new run");
  train->add_option("--run-dir", options->runDirectory, "Run directory")->capture_default_str();
  train
      ->add_option("--hours", options->hours,
                   "The run's whole length in hours, over all its sessions: a finished run given "
                   "more goes on (0: the config's)")
      ->check(realRange(0.0, 100000.0));
  train
      ->add_option("--set", options->overrides,
                   "Set a config key over the config file's, SECTION.KEY=VALUE (repeatable; "
                   "for example --set learning.completion=false --set selfplay.workers=1)")
      ->allow_extra_args(false);
  train->add_option("--init", options->init,
                    "A new run starts from this checkpoint's weights (the config's network) "
                    "instead of fresh ones");
  train->add_flag("--keys", options->keys,
                  "Print every config key with its default and meaning, as a config file, and "
                  "exit");
  commands.add(train, [options](const CommandStreams& io) { runTrain(*options, io.out, io.err); });
}

}  // namespace camelot::cli
