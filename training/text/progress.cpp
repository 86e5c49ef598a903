#include "training/text/progress.hpp"

namespace camelot {

void Progress::update(const std::string& text) {
  const auto now = std::chrono::steady_clock::now();
  if (!terminal_) {
    if (std::chrono::duration<double>(now - last_).count() < interval_) return;
    last_ = now;
    out_ << text << '\n' << std::flush;
    return;
  }
  out_ << '\r' << text;
  if (text.size() < width_) out_ << std::string(width_ - text.size(), ' ');
  out_ << std::flush;
  width_ = text.size();
  open_ = true;
}

void Progress::finish() {
  if (open_) out_ << '\n' << std::flush;
  open_ = false;
  width_ = 0;
  last_ = {};
}

}  // namespace camelot
