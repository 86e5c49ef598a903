#include "cli/interrupt.hpp"

#include <csignal>

namespace camelot::cli {
namespace {

std::atomic<bool> interruptedFlag{false};

extern "C" void onInterrupt(int) {
  interruptedFlag = true;
}

}  // namespace

InterruptWatch::InterruptWatch() {
  interruptedFlag = false;
  std::signal(SIGINT, onInterrupt);
  std::signal(SIGTERM, onInterrupt);
}

InterruptWatch::~InterruptWatch() {
  std::signal(SIGINT, SIG_DFL);
  std::signal(SIGTERM, SIG_DFL);
}

const std::atomic<bool>& InterruptWatch::interrupted() const {
  return interruptedFlag;
}

}  // namespace camelot::cli
