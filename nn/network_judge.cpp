#include "nn/network_judge.hpp"

#include <cmath>
#include <cstdint>
#include <optional>
#include <vector>

namespace camelot {
namespace {

// The values of the positions judged lately, by position and clock: alpha-beta meets the same
// leaf again through transpositions and in each iteration of its deepening, and a value read
// back costs a few nanoseconds where the network costs a microsecond or more. A judge is given
// the position alone (no history, no repetitions), and the position is its hash (placement,
// side or player to move, castle counters) and its clock, so a value read back is exactly the
// one the network would give, whatever the model reads of them.
class ValueCache {
 public:
  static constexpr int kBits = 14;  // 16,384 values, 128 KiB: stays in the level-2 cache

  template <class Rules>
  static std::uint64_t keyOf(const typename Rules::Position& position, std::uint64_t hash) {
    return hashWithClock(hash, Rules::clock(position));
  }
  std::optional<int> find(std::uint64_t key) const {
    const std::uint64_t e = entries_[key & kMask];
    if (e == 0 || (e ^ key) >> kValueBits != 0) return std::nullopt;
    return static_cast<std::int16_t>(e & kValueMask);
  }
  void prefetch(std::uint64_t key) const { __builtin_prefetch(&entries_[key & kMask]); }
  void put(std::uint64_t key, int value) {
    entries_[key & kMask] = (key & ~kValueMask) | static_cast<std::uint16_t>(value);
  }

 private:
  static constexpr std::uint64_t kMask = (1ull << kBits) - 1;
  // An entry is one word: the key's top 48 bits and the value (within ±kJudgeWinUnits) in the
  // low 16 (bits 14 and 15 of the key, neither index nor tag, go unchecked). Half the bytes of
  // a key and a value side by side: fewer misses in the cache for the same entries.
  static constexpr int kValueBits = 16;
  static constexpr std::uint64_t kValueMask = (1ull << kValueBits) - 1;
  std::vector<std::uint64_t> entries_ = std::vector<std::uint64_t>(std::size_t{1} << kBits);
};

template <class Rules>
class NetworkJudge final : public BasicPositionJudge<Rules> {
  using Position = typename Rules::Position;
  using MoveList = typename Rules::MoveList;

 public:
  explicit NetworkJudge(const Model& model)
      : evaluator_(model.evaluatorFor<Rules>(/*threads=*/1)) {}

  int value(const Position& position, const MoveList& moves, std::uint64_t hash) override {
    const std::uint64_t key = ValueCache::keyOf<Rules>(position, hash);
    if (const std::optional<int> cached = cache_.find(key)) return *cached;
    const Evaluation& answer = evaluate(position, moves, /*needPriors=*/false);
    const int value = static_cast<int>(std::lround(answer.value.expected() * kJudgeWinUnits));
    cache_.put(key, value);
    return value;
  }

  void prefetch(const Position& position, std::uint64_t hash) override {
    cache_.prefetch(ValueCache::keyOf<Rules>(position, hash));
  }

  void priors(const Position& position, const MoveList& moves,
              std::vector<float>& priors) override {
    priors = evaluate(position, moves, /*needPriors=*/true).priors;
  }

 private:
  const Evaluation& evaluate(const Position& position, const MoveList& moves, bool needPriors) {
    const BasicEvaluationRequest<Rules> request{&position, &moves, {}, 0, needPriors};
    evaluator_->evaluate({&request, 1}, {&answer_, 1});
    return answer_;
  }

  std::unique_ptr<BasicEvaluator<Rules>> evaluator_;
  Evaluation answer_;
  ValueCache cache_;
};

}  // namespace

template <class Rules>
std::unique_ptr<BasicPositionJudge<Rules>> makeNetworkJudgeFor(const Model& model) {
  return std::make_unique<NetworkJudge<Rules>>(model);
}

template std::unique_ptr<PositionJudge> makeNetworkJudgeFor<StandardRules>(const Model&);
template std::unique_ptr<GrandPositionJudge> makeNetworkJudgeFor<GrandRules>(const Model&);

}  // namespace camelot
