#pragma once
// Ctrl-C and SIGTERM as a flag for long commands (train, arena): while an InterruptWatch lives,
// the signals set interrupted() instead of killing the process, so the command can finish
// what is in flight and save; the default handlers come back when it goes.

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

}  // namespace camelot::cli
