#pragma once
// Ctrl-C and SIGTERM as a flag for long commands (train, arena): while an InterruptWatch lives,
// the signals set interrupted() instead of killing the process, so the command can finish
// what is in flight and save; the default handlers come back when it goes. The command then
// ends as an interrupted program does: with status 128 + the signal (130 for Ctrl-C, 143 for
// SIGTERM), so a script can tell a finished job from a stopped one.

#include <atomic>

namespace camelot::cli {

class InterruptWatch {
 public:
  InterruptWatch();
  ~InterruptWatch();
  InterruptWatch(const InterruptWatch&) = delete;
  InterruptWatch& operator=(const InterruptWatch&) = delete;

  const std::atomic<bool>& interrupted() const;
};

// The signal that interrupted the last InterruptWatch's command (0: none), cleared as it is read.
int takeInterruptingSignal();

}  // namespace camelot::cli
