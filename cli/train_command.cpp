#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <ostream>

#include "cli/commands.hpp"
#include "training/train_loop.hpp"

namespace camelot::cli {
namespace {

std::atomic<bool> interrupted{false};

extern "C" void onInterrupt(int) {
  interrupted = true;
}

}  // namespace

void runTrain(const TrainOptions& options, std::ostream& out, std::ostream& err) {
  TrainRunOptions run;
  run.config = options.config;
  run.runDirectory = options.runDirectory;
  if (options.hours > 0) run.hours = options.hours;
  run.terminal = ::isatty(STDERR_FILENO) != 0;
  // Ctrl-C or kill: finish the step in flight, save, and leave the run resumable.
  interrupted = false;
  std::signal(SIGINT, onInterrupt);
  std::signal(SIGTERM, onInterrupt);
  runTraining(run, out, err, interrupted);
  std::signal(SIGINT, SIG_DFL);
  std::signal(SIGTERM, SIG_DFL);
}

}  // namespace camelot::cli
