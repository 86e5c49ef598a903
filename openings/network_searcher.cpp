#include "openings/network_searcher.hpp"

#include "engine/game.hpp"
#include "engine/rules_status.hpp"
#include "nn/model.hpp"

namespace camelot {
namespace {

class NetworkSearcher final : public PositionSearcher {
 public:
  explicit NetworkSearcher(const NetPlayerSpec& spec)
      : player_(makeNetPlayer(spec, /*seed=*/1)),
        model_(loadModel(spec.file)),
        evaluator_(model_->evaluator(1)) {}

  double search(const Position& position) override {
    const Game game(position);
    player_->newGame();
    player_->chooseMove(game);
    const std::optional<MoveReport> report = player_->lastReport();
    return report ? report->value : estimate(position);
  }

  double estimate(const Position& position) override {
    const MoveList moves = legalMoves(position);
    const EvaluationRequest request{&position, &moves, {}, 0, /*needPriors=*/false};
    evaluator_->evaluate({&request, 1}, {&answer_, 1});
    return answer_.value.expected();
  }

 private:
  std::unique_ptr<Player> player_;
  std::shared_ptr<const Model> model_;
  std::unique_ptr<Evaluator> evaluator_;
  Evaluation answer_;
};

}  // namespace

std::unique_ptr<PositionSearcher> makeNetworkSearcher(const NetPlayerSpec& spec) {
  return std::make_unique<NetworkSearcher>(spec);
}

}  // namespace camelot
