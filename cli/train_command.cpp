#include <unistd.h>

#include <ostream>

#include "cli/commands.hpp"
#include "cli/interrupt.hpp"
#include "training/run/train_loop.hpp"

namespace camelot::cli {

void runTrain(const TrainOptions& options, std::ostream& out, std::ostream& err) {
  TrainRunOptions run;
  run.config = options.config;
  run.runDirectory = options.runDirectory;
  if (options.hours > 0) run.hours = options.hours;
  run.init = options.init;
  run.terminal = ::isatty(STDERR_FILENO) != 0;
  // Ctrl-C or kill: finish the step in flight, save, and leave the run resumable.
  const InterruptWatch watch;
  runTraining(run, out, err, watch.interrupted());
}

}  // namespace camelot::cli
