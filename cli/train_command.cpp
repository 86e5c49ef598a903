#include <unistd.h>

#include <optional>
#include <ostream>

#include "cli/commands.hpp"
#include "cli/interrupt.hpp"
#include "training/distributed/mpi_selfplay.hpp"
#include "training/distributed/mpi_world.hpp"
#include "training/run/train_loop.hpp"

namespace camelot::cli {

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
  MpiSelfPlay selfPlay(*world);
  run.selfPlay = &selfPlay;
  runTraining(run, out, err, watch.interrupted());
}

}  // namespace camelot::cli
