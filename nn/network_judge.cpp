#include "nn/network_judge.hpp"

#include <cmath>
#include <cstdint>
#include <vector>

#include "nn/sparse_features.hpp"

namespace camelot {
namespace {

// The values of the positions judged lately, by position and clock bucket: alpha-beta meets the
// same leaf again through transpositions and in each iteration of its deepening, and a value
// read back costs a few nanoseconds where the network costs a microsecond or more. The network's
// value reads the placement, the side to move, the castle counters (the position's hash) and the
// clock's bucket, nothing else a judge is given, so a value read back is exactly the one the
// network would give.
class ValueCache {
 public:
  static constexpr int kBits = 14;  // 16,384 values, 256 KiB: stays in the level-2 cache

  static std::uint64_t keyOf(const Position& position) {
    // A distinct odd multiplier per bucket keeps keys of the same placement apart.
    return position.hash() ^
           (static_cast<std::uint64_t>(clockBucket(position.clock()) + 1) * 0x9E3779B97F4A7C15ull);
  }
  const int* find(std::uint64_t key) const {
    const Entry& e = entries_[key & kMask];
    return e.key == key ? &e.value : nullptr;
  }
  void put(std::uint64_t key, int value) { entries_[key & kMask] = {key, value}; }

 private:
  static constexpr std::uint64_t kMask = (1ull << kBits) - 1;
  struct Entry {
    std::uint64_t key = 0;
    int value = 0;
  };
  std::vector<Entry> entries_ = std::vector<Entry>(std::size_t{1} << kBits);
};

class NetworkJudge final : public PositionJudge {
 public:
  explicit NetworkJudge(const Model& model) : evaluator_(model.evaluator(/*threads=*/1)) {}

  int value(const Position& position, const MoveList& moves) override {
    const std::uint64_t key = ValueCache::keyOf(position);
    if (const int* cached = cache_.find(key)) return *cached;
    const Evaluation& answer = evaluate(position, moves, /*needPriors=*/false);
    const int value = static_cast<int>(std::lround(answer.value.expected() * kJudgeWinUnits));
    cache_.put(key, value);
    return value;
  }

  void priors(const Position& position, const MoveList& moves,
              std::vector<float>& priors) override {
    priors = evaluate(position, moves, /*needPriors=*/true).priors;
  }

 private:
  const Evaluation& evaluate(const Position& position, const MoveList& moves, bool needPriors) {
    const EvaluationRequest request{&position, &moves, {}, 0, needPriors};
    evaluator_->evaluate({&request, 1}, {&answer_, 1});
    return answer_;
  }

  std::unique_ptr<Evaluator> evaluator_;
  Evaluation answer_;
  ValueCache cache_;
};

}  // namespace

std::unique_ptr<PositionJudge> makeNetworkJudge(const Model& model) {
  return std::make_unique<NetworkJudge>(model);
}

}  // namespace camelot
