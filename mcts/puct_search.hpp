#pragma once
// AlphaZero's search (Silver et al. 2018): PUCT selection with first-play urgency and virtual
// loss, Dirichlet noise on the root priors, the move chosen by visit count with a temperature,
// and the tree kept between moves. With SelectionRule::Ucb1 it is classic UCT instead (priors
// ignored, every child tried once first), which the rollout MCTS player uses.

#include <cstdint>
#include <vector>

#include "mcts/tree_search.hpp"

namespace camelot {

template <class Rules>
class BasicPuctSearch final : public BasicTreeSearch<Rules> {
  using Base = BasicTreeSearch<Rules>;
  using Tree = typename Base::Tree;
  using Result = typename Base::Result;
  using Base::mutableTree;
  using Base::rng;

 public:
  using Base::params;
  using Base::tree;

  explicit BasicPuctSearch(const SearchParams& params = {}, std::uint64_t seed = 0)
      : Base(params, seed) {}

 private:
  NodeIndex selectChild(NodeIndex parent) override;
  void beginSearch(int) override {}
  void onRootExpanded() override;
  // The root's first visit is its evaluation, as in AlphaZero.
  bool rootEvaluationIsSimulation() const override { return true; }
  void finishResult(Result& result) override;

  NodeIndex selectPuct(NodeIndex parent);
  NodeIndex selectUcb1(NodeIndex parent);

  std::vector<float> noise_;
};

using PuctSearch = BasicPuctSearch<StandardRules>;
using GrandPuctSearch = BasicPuctSearch<GrandRules>;

}  // namespace camelot
