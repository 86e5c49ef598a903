#include "training/distributed/game_shares.hpp"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <mutex>
#include <span>
#include <string>
#include <thread>

#include "io/byte_reader.hpp"
#include "io/byte_writer.hpp"

namespace camelot {
namespace {

enum Tag : int { kResult = 1, kReport = 2, kStop = 3, kRequest = 4, kGrant = 5 };

constexpr auto kIdle = std::chrono::milliseconds(1);
// Items a rank other than 0 asks for ahead of its worker, so that a game seldom waits for the
// round trip to rank 0; few, so that the list's last items are not held by a busy rank.
constexpr int kPrefetch = 2;

// Calls are collective, so every rank counts them alike: a message names its call, and one
// that arrives after its call ended (an answer to a request the worker no longer needed) is
// ignored.
std::uint64_t nextCall() {
  static std::uint64_t calls = 0;
  return ++calls;
}

// Every message: its call, then what it carries.
std::vector<std::byte> message(std::uint64_t call, std::span<const std::byte> payload) {
  ByteWriter out;
  out.put(call);
  out.putBytes(payload);
  return std::move(out).bytes();
}

std::vector<std::byte> message(std::uint64_t call, std::int32_t value) {
  ByteWriter payload;
  payload.put(value);
  return message(call, payload.bytes());
}

// Rank 0's list: items handed out in order, to its own worker and to the others' requests.
class Dispenser final : public WorkSource {
 public:
  explicit Dispenser(int items) : items_(items) {}

  std::optional<int> next() override {
    const std::lock_guard lock(mutex_);
    if (next_ >= items_) return std::nullopt;
    return next_++;
  }
  void end() override {
    const std::lock_guard lock(mutex_);
    next_ = items_;
  }

 private:
  std::mutex mutex_;
  int items_;
  int next_ = 0;
};

// Another rank's view of rank 0's list: items rank 0 granted, asked for by the main thread.
class Granted final : public WorkSource {
 public:
  std::optional<int> next() override {
    std::unique_lock lock(mutex_);
    ++waiting_;
    ready_.wait(lock, [&] { return !items_.empty() || ended_; });
    --waiting_;
    if (items_.empty()) return std::nullopt;
    const int item = items_.front();
    items_.pop_front();
    return item;
  }
  void end() override {
    const std::lock_guard lock(mutex_);
    ended_ = true;
    ready_.notify_all();
  }

  // Items to ask rank 0 for now, beside the `asked` already on their way.
  int wanted(int asked) {
    const std::lock_guard lock(mutex_);
    if (ended_) return 0;
    return std::max(0, waiting_ + kPrefetch - static_cast<int>(items_.size()) - asked);
  }
  void grant(int item) {
    const std::lock_guard lock(mutex_);
    items_.push_back(item);
    ready_.notify_one();
  }

 private:
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<int> items_;
  int waiting_ = 0;
  bool ended_ = false;
};

// The worker thread and what it has emitted but not yet sent.
class ShareThread {
 public:
  ShareThread(const PlayShare& play, WorkSource& work)
      : work_(work), thread_([this, &play] {
          std::vector<std::byte> report;
          std::exception_ptr error;
          try {
            report = play(work_, stop_, [this](std::vector<std::byte> result) {
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
    stop();
    thread_.join();
  }

  void stop() {
    stop_ = true;
    work_.end();
  }

  // The results emitted since the last call, and the report once the part is done.
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
  WorkSource& work_;
  std::atomic<bool> stop_{false};
  std::mutex mutex_;
  std::deque<std::vector<std::byte>> results_;
  std::optional<std::vector<std::byte>> report_;
  std::exception_ptr error_;
  std::thread thread_;  // last: it starts once the rest is ready
};

}  // namespace

std::vector<std::vector<std::byte>> playShares(
    MpiWorld& world, int items, const PlayShare& play,
    const std::function<void(std::vector<std::byte>&&)>& onResult,
    const std::function<bool()>& stop) {
  const std::uint64_t call = nextCall();
  const bool lead = world.rank() == 0;
  Dispenser dispenser(lead ? items : 0);
  Granted granted;
  WorkSource& work = lead ? static_cast<WorkSource&>(dispenser) : granted;
  std::vector<std::vector<std::byte>> reports(lead ? static_cast<std::size_t>(world.size()) : 1);
  int reportsMissing = lead ? world.size() : 1;
  int asked = 0;  // requests on their way to rank 0
  bool stopSent = false;
  ShareThread share(play, work);
  while (reportsMissing > 0) {
    bool busy = false;
    std::optional<std::vector<std::byte>> report;
    for (std::vector<std::byte>& result : share.take(report)) {
      busy = true;
      if (lead)
        onResult(std::move(result));
      else
        world.send(0, kResult, message(call, result));
    }
    if (report) {
      busy = true;
      if (!lead) world.send(0, kReport, message(call, *report));
      reports[0] = std::move(*report);
      --reportsMissing;
    }
    if (!lead && reportsMissing > 0)
      for (int more = granted.wanted(asked); more > 0; --more, ++asked, busy = true)
        world.send(0, kRequest, message(call, 0));
    while (std::optional<MpiWorld::Message> received = world.poll()) {
      busy = true;
      ByteReader in(received->bytes);
      if (in.get<std::uint64_t>("the call") != call) continue;  // an answer no longer needed
      std::vector<std::byte> payload(received->bytes.begin() + sizeof(std::uint64_t),
                                     received->bytes.end());
      if (lead && received->tag == kResult) {
        onResult(std::move(payload));
      } else if (lead && received->tag == kReport) {
        reports[static_cast<std::size_t>(received->from)] = std::move(payload);
        --reportsMissing;
      } else if (lead && received->tag == kRequest) {
        world.send(received->from, kGrant, message(call, dispenser.next().value_or(-1)));
      } else if (!lead && received->tag == kGrant) {
        --asked;
        if (const auto item = in.get<std::int32_t>("the item"); item >= 0)
          granted.grant(item);
        else
          granted.end();
      } else if (!lead && received->tag == kStop) {
        share.stop();
      } else {
        throw MpiError("unexpected message (tag " + std::to_string(received->tag) + ") from rank " +
                       std::to_string(received->from));
      }
    }
    if (!stopSent && stop()) {
      stopSent = true;
      share.stop();
      if (lead)
        for (int rank = 1; rank < world.size(); ++rank)
          world.send(rank, kStop, message(call, 0));
    }
    if (!busy) std::this_thread::sleep_for(kIdle);
  }
  return reports;
}

}  // namespace camelot
