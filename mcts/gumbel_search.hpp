#pragma once
// Gumbel root search (Danihelka et al., "Policy improvement by planning with Gumbel", ICLR
// 2022): Gumbel-top-k picks the root candidates, sequential halving spends the simulations on
// them, the move played is the survivor with the best g + logits + sigma(q), the policy
// target is softmax(logits + sigma(completed Q)) and the root's value is that policy's expected
// completed Q. Below the root, selection is the paper's deterministic rule (section 5). Built
// to improve the policy with 8-64 simulations.
//
// Every search starts from a fresh tree: sequential halving's schedule counts the root's
// visits from zero (params().reuseTree is ignored). The root's own evaluation comes before the
// n simulations and is not one of them, so the root's children get exactly n visits.

#include <cstdint>
#include <vector>

#include "mcts/tree_search.hpp"

namespace camelot {

// Sequential halving's plan (section 3; the visit table of DeepMind's mctx): for simulation
// i of n, the visit count a candidate must have to be the one visited. m candidates start; each
// phase gives every remaining candidate max(1, n / (ceil(log2 m) * remaining)) visits, then
// halves them (never below 2).
std::vector<int> consideredVisitSequence(int candidates, int simulations);

template <class Rules>
class BasicGumbelSearch final : public BasicTreeSearch<Rules> {
  using Base = BasicTreeSearch<Rules>;
  using Tree = typename Base::Tree;
  using Result = typename Base::Result;
  using Base::mutableTree;
  using Base::resetTree;
  using Base::rng;

 public:
  using Base::params;
  using Base::tree;

  explicit BasicGumbelSearch(const SearchParams& params = {}, std::uint64_t seed = 0)
      : Base(params, seed) {}

 private:
  NodeIndex selectChild(NodeIndex parent) override;
  void beginSearch(int simulations) override;
  void onRootExpanded() override;
  bool rootEvaluationIsSimulation() const override { return false; }
  void finishResult(Result& result) override;

  NodeIndex selectAtRoot();
  NodeIndex selectInterior(NodeIndex parent);
  // The completed Q of each child of `parent` into completedQ_ and sigma(completed Q) into
  // sigma_ (section 4, appendix D).
  void computeSigma(NodeIndex parent);
  // g + logits + sigma of root child k: the score sequential halving ranks by.
  float rootScore(std::size_t k) const;

  int simulations_ = 0;
  std::vector<float> gumbel_;      // g(a) of each root child, scaled by params().gumbelScale
  std::vector<int> candidates_;    // root children kept by Gumbel-top-k
  std::vector<int> schedule_;      // consideredVisitSequence(candidates, simulations)
  std::vector<float> completedQ_;  // scratch of computeSigma
  std::vector<float> sigma_;       // scratch of computeSigma
  std::vector<float> improved_;    // scratch of selectInterior
};

using GumbelSearch = BasicGumbelSearch<StandardRules>;
using GrandGumbelSearch = BasicGumbelSearch<GrandRules>;

}  // namespace camelot
