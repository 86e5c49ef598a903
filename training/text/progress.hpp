#pragma once
// A progress report for long work: on a terminal one live line rewritten in place; otherwise
// (a log file, a pipe, CI) a plain line at most every `interval` seconds, so logs stay short.

#include <chrono>
#include <ostream>
#include <string>

namespace camelot {

class Progress {
 public:
  Progress(std::ostream& out, bool terminal, double interval = 10.0)
      : out_(out), terminal_(terminal), interval_(interval) {}

  // Shows `text` now (terminal) or if the interval has passed (plain lines).
  void update(const std::string& text);
  // Ends the live line (terminal) so that the next output starts on a new line.
  void finish();

 private:
  std::ostream& out_;
  bool terminal_;
  double interval_;
  bool open_ = false;
  std::size_t width_ = 0;
  std::chrono::steady_clock::time_point last_{};
};

}  // namespace camelot
