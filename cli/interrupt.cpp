#include "cli/interrupt.hpp"

#include <csignal>

namespace camelot::cli {
namespace {

std::atomic<bool> interruptedFlag{false};
std::atomic<int> signalNumber{0};

extern "C" void onInterrupt(int signal) {
  signalNumber = signal;
  interruptedFlag = true;
}

}  // namespace

InterruptWatch::InterruptWatch() {
  interruptedFlag = false;
  signalNumber = 0;
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

int takeInterruptingSignal() {
  return signalNumber.exchange(0);
}

}  // namespace camelot::cli
