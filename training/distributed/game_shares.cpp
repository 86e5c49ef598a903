#include "training/distributed/game_shares.hpp"

#include <chrono>
#include <cstdint>
#include <deque>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>

#include "io/byte_reader.hpp"
#include "io/byte_writer.hpp"

namespace camelot {
namespace {

enum Tag : int { kResult = 1, kReport = 2, kStop = 3 };

constexpr auto kIdle = std::chrono::milliseconds(1);

// Calls are collective, so every rank counts them alike: a stop message names its call, and
// one that arrives after its call ended (the share was done already) is ignored.
std::uint64_t nextCall() {
  static std::uint64_t calls = 0;
  return ++calls;
}

// The share's thread and what it has emitted but not yet sent.
class ShareThread {
 public:
  explicit ShareThread(const PlayShare& play)
      : thread_([this, &play] {
          std::vector<std::byte> report;
          std::exception_ptr error;
          try {
            report = play(stop_, [this](std::vector<std::byte> result) {
              const std::lock_guard lock(mutex_);
              results_.push_back(std::move(result));
            });
          } catch (...) {
            error = std::current_exception();
          }
          const std::lock_guard lock(mutex_);
          report_ = std::move(report);
          error_ = error;
        }) {}

  ~ShareThread() {
    stop_ = true;
    thread_.join();
  }

  void stop() { stop_ = true; }

  // The results emitted since the last call, and the report once the share is done.
  std::deque<std::vector<std::byte>> take(std::optional<std::vector<std::byte>>& report) {
    const std::lock_guard lock(mutex_);
    if (error_) std::rethrow_exception(error_);
    std::deque<std::vector<std::byte>> results;
    results.swap(results_);
    if (report_) report = std::move(report_);
    report_.reset();
    return results;
  }

 private:
  std::atomic<bool> stop_{false};
  std::mutex mutex_;
  std::deque<std::vector<std::byte>> results_;
  std::optional<std::vector<std::byte>> report_;
  std::exception_ptr error_;
  std::thread thread_;  // last: it starts once the rest is ready
};

}  // namespace

std::vector<std::vector<std::byte>> playShares(
    MpiWorld& world, const PlayShare& play,
    const std::function<void(std::vector<std::byte>&&)>& onResult,
    const std::function<bool()>& stop) {
  const std::uint64_t call = nextCall();
  const bool lead = world.rank() == 0;
  std::vector<std::vector<std::byte>> reports(lead ? static_cast<std::size_t>(world.size()) : 1);
  int reportsMissing = lead ? world.size() : 1;
  bool stopSent = false;
  ShareThread share(play);
  while (reportsMissing > 0) {
    bool busy = false;
    std::optional<std::vector<std::byte>> report;
    for (std::vector<std::byte>& result : share.take(report)) {
      busy = true;
      if (lead)
        onResult(std::move(result));
      else
        world.send(0, kResult, result);
    }
    if (report) {
      busy = true;
      if (!lead) world.send(0, kReport, *report);
      reports[0] = std::move(*report);
      --reportsMissing;
    }
    while (std::optional<MpiWorld::Message> message = world.poll()) {
      busy = true;
      if (lead && message->tag == kResult) {
        onResult(std::move(message->bytes));
      } else if (lead && message->tag == kReport) {
        reports[static_cast<std::size_t>(message->from)] = std::move(message->bytes);
        --reportsMissing;
      } else if (!lead && message->tag == kStop) {
        ByteReader in(message->bytes);
        if (in.get<std::uint64_t>("the call") == call) share.stop();
      } else {
        throw MpiError("unexpected message (tag " + std::to_string(message->tag) + ") from rank " +
                       std::to_string(message->from));
      }
    }
    if (!stopSent && stop()) {
      stopSent = true;
      share.stop();
      if (lead) {
        ByteWriter out;
        out.put(call);
        for (int rank = 1; rank < world.size(); ++rank)
          world.send(rank, kStop, out.bytes());
      }
    }
    if (!busy) std::this_thread::sleep_for(kIdle);
  }
  return reports;
}

}  // namespace camelot
