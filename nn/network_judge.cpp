#include "nn/network_judge.hpp"

#include <cmath>

namespace camelot {
namespace {

class NetworkJudge final : public PositionJudge {
 public:
  explicit NetworkJudge(const Model& model) : evaluator_(model.evaluator(/*threads=*/1)) {}

  int value(const Position& position, const MoveList& moves) override {
    const Evaluation& answer = evaluate(position, moves, /*needPriors=*/false);
    return static_cast<int>(std::lround(answer.value.expected() * kJudgeWinUnits));
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
};

}  // namespace

std::unique_ptr<PositionJudge> makeNetworkJudge(const Model& model) {
  return std::make_unique<NetworkJudge>(model);
}

}  // namespace camelot
