#include "players/blended_judge.hpp"

#include <algorithm>
#include <stdexcept>

namespace camelot {
namespace {

template <class Rules>
class BlendedJudge final : public BasicPositionJudge<Rules> {
  using Position = typename Rules::Position;
  using MoveList = typename Rules::MoveList;
  using Variant = AlphaBetaVariant<Rules>;

 public:
  BlendedJudge(std::unique_ptr<BasicPositionJudge<Rules>> network, int handPercent,
               const typename Variant::Weights& weights)
      : network_(std::move(network)), handPercent_(handPercent), weights_(weights) {
    if (handPercent <= 0 || handPercent > 100)
      throw std::invalid_argument("a blended judge's hand-written share must be in 1-100%");
  }

  int value(const Position& position, const MoveList& moves, std::uint64_t hash) override {
    const int hand =
        std::clamp(Variant::evaluate(position, weights_), -kJudgeWinUnits, kJudgeWinUnits);
    const int network = handPercent_ == 100 ? 0 : network_->value(position, moves, hash);
    return (network * (100 - handPercent_) + hand * handPercent_) / 100;
  }

  void prefetch(const Position& position, std::uint64_t hash) override {
    network_->prefetch(position, hash);
  }
  void priors(const Position& position, const MoveList& moves,
              std::vector<float>& priors) override {
    network_->priors(position, moves, priors);
  }

 private:
  std::unique_ptr<BasicPositionJudge<Rules>> network_;
  const int handPercent_;
  const typename Variant::Weights weights_;
};

}  // namespace

template <class Rules>
std::unique_ptr<BasicPositionJudge<Rules>> makeBlendedJudge(
    std::unique_ptr<BasicPositionJudge<Rules>> network, int handPercent,
    const typename AlphaBetaVariant<Rules>::Weights& weights) {
  return std::make_unique<BlendedJudge<Rules>>(std::move(network), handPercent, weights);
}

template std::unique_ptr<PositionJudge> makeBlendedJudge<StandardRules>(
    std::unique_ptr<PositionJudge>, int, const EvalWeights&);
template std::unique_ptr<GrandPositionJudge> makeBlendedJudge<GrandRules>(
    std::unique_ptr<GrandPositionJudge>, int, const GrandEvalWeights&);

}  // namespace camelot
