#include "players/ensemble_judge.hpp"

#include <stdexcept>

namespace camelot {
namespace {

template <class Rules>
class EnsembleJudge final : public BasicPositionJudge<Rules> {
  using Position = typename Rules::Position;
  using MoveList = typename Rules::MoveList;

 public:
  explicit EnsembleJudge(std::vector<std::unique_ptr<BasicPositionJudge<Rules>>> networks)
      : networks_(std::move(networks)) {
    if (networks_.empty()) throw std::invalid_argument("an ensemble judge needs a network");
  }

  int value(const Position& position, const MoveList& moves, std::uint64_t hash) override {
    int sum = 0;
    for (const auto& network : networks_)
      sum += network->value(position, moves, hash);
    return sum / static_cast<int>(networks_.size());
  }

  void prefetch(const Position& position, std::uint64_t hash) override {
    for (const auto& network : networks_)
      network->prefetch(position, hash);
  }
  void priors(const Position& position, const MoveList& moves,
              std::vector<float>& priors) override {
    networks_.front()->priors(position, moves, priors);
  }

 private:
  const std::vector<std::unique_ptr<BasicPositionJudge<Rules>>> networks_;
};

}  // namespace

template <class Rules>
std::unique_ptr<BasicPositionJudge<Rules>> makeEnsembleJudge(
    std::vector<std::unique_ptr<BasicPositionJudge<Rules>>> networks) {
  return std::make_unique<EnsembleJudge<Rules>>(std::move(networks));
}

template std::unique_ptr<PositionJudge> makeEnsembleJudge<StandardRules>(
    std::vector<std::unique_ptr<PositionJudge>>);
template std::unique_ptr<GrandPositionJudge> makeEnsembleJudge<GrandRules>(
    std::vector<std::unique_ptr<GrandPositionJudge>>);

}  // namespace camelot
