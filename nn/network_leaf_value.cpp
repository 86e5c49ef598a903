#include "nn/network_leaf_value.hpp"

#include <cmath>

namespace camelot {
namespace {

class NetworkLeafValue final : public LeafValue {
 public:
  explicit NetworkLeafValue(const Model& model) : evaluator_(model.evaluator(/*threads=*/1)) {}

  int score(const Position& position, const MoveList& moves) override {
    const EvaluationRequest request{&position, &moves, {}, 0};
    evaluator_->evaluate({&request, 1}, {&answer_, 1});
    return static_cast<int>(std::lround(answer_.value.expected() * kNetworkValueScale));
  }

 private:
  std::unique_ptr<Evaluator> evaluator_;
  Evaluation answer_;
};

}  // namespace

std::unique_ptr<LeafValue> makeNetworkLeafValue(const Model& model) {
  return std::make_unique<NetworkLeafValue>(model);
}

}  // namespace camelot
