// The ensemble judge of `net:FILE,with=...` (players/ensemble_judge.hpp): its value is the mean
// of its networks' values, its priors the first network's, and a prefetch reaches every network.
// Fake judges stand in for the networks, so each one's part in the mean is known.

#include "players/ensemble_judge.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

#include "engine/game.hpp"

namespace camelot {
namespace {

// A judge whose value is `offset` plus the hash's low bits (different at each position) and
// whose priors put everything on the move numbered `favourite`.
class FakeJudge final : public PositionJudge {
 public:
  FakeJudge(int offset, std::size_t favourite, int& prefetches)
      : offset_(offset), favourite_(favourite), prefetches_(prefetches) {}
  int value(const Position&, const MoveList&, std::uint64_t hash) override {
    return offset_ + static_cast<int>(hash % 101);
  }
  void prefetch(const Position&, std::uint64_t) override { ++prefetches_; }
  void priors(const Position&, const MoveList& moves, std::vector<float>& priors) override {
    priors.assign(moves.size(), 0.0f);
    priors[favourite_ % moves.size()] = 1.0f;
  }

 private:
  const int offset_;
  const std::size_t favourite_;
  int& prefetches_;
};

TEST(EnsembleJudge, ValueIsTheMeanOfItsNetworksAndPriorsAreTheFirstNetworks) {
  int prefetchesA = 0, prefetchesB = 0, prefetchesC = 0;
  std::vector<std::unique_ptr<PositionJudge>> networks;
  networks.push_back(std::make_unique<FakeJudge>(-300, 0, prefetchesA));
  networks.push_back(std::make_unique<FakeJudge>(500, 1, prefetchesB));
  networks.push_back(std::make_unique<FakeJudge>(-7, 2, prefetchesC));
  const std::unique_ptr<PositionJudge> ensemble =
      makeEnsembleJudge<StandardRules>(std::move(networks));

  const Game game;
  const Position& p = game.position();
  const MoveList& moves = game.legalMoves();
  for (const std::uint64_t hash : {0ull, 1ull, 100ull, 12345ull}) {
    const int h = static_cast<int>(hash % 101);
    // (-300 + h) + (500 + h) + (-7 + h) = 193 + 3h, divided as integers (toward zero).
    EXPECT_EQ(ensemble->value(p, moves, hash), (193 + 3 * h) / 3) << hash;
  }
  ensemble->prefetch(p, 1);
  EXPECT_EQ(prefetchesA, 1);
  EXPECT_EQ(prefetchesB, 1);
  EXPECT_EQ(prefetchesC, 1);
  std::vector<float> priors;
  ensemble->priors(p, moves, priors);
  ASSERT_EQ(priors.size(), moves.size());
  EXPECT_EQ(priors[0], 1.0f);
  EXPECT_EQ(priors[1], 0.0f);
}

TEST(EnsembleJudge, NeedsANetwork) {
  EXPECT_THROW(makeEnsembleJudge<StandardRules>({}), std::invalid_argument);
}

}  // namespace
}  // namespace camelot
