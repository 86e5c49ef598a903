#include "mcts/gumbel_search.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>

namespace camelot {
namespace {

// The logit of a prior. Zero priors get a very low logit rather than minus infinity.
float logit(float prior) {
  return std::log(std::max(prior, std::numeric_limits<float>::min()));
}

}  // namespace

std::vector<int> consideredVisitSequence(int candidates, int simulations) {
  std::vector<int> sequence;
  if (candidates <= 1) {
    for (int i = 0; i < simulations; ++i)
      sequence.push_back(i);
    return sequence;
  }
  const int phases = static_cast<int>(std::ceil(std::log2(candidates)));
  std::vector<int> visits(static_cast<std::size_t>(candidates), 0);
  int considered = candidates;
  while (static_cast<int>(sequence.size()) < simulations) {
    const int extra = std::max(1, simulations / (phases * considered));
    for (int e = 0; e < extra; ++e) {
      sequence.insert(sequence.end(), visits.begin(), visits.begin() + considered);
      for (int i = 0; i < considered; ++i)
        ++visits[static_cast<std::size_t>(i)];
    }
    considered = std::max(2, considered / 2);
  }
  sequence.resize(static_cast<std::size_t>(simulations));
  return sequence;
}

template <class Rules>
void BasicGumbelSearch<Rules>::beginSearch(int simulations) {
  simulations_ = simulations;
  resetTree();
}

// Section 3: Gumbel-top-k samples m root actions without replacement by the top m of
// g(a) + logits(a), g ~ Gumbel(0, 1).
template <class Rules>
void BasicGumbelSearch<Rules>::onRootExpanded() {
  const std::span<const Node> children = tree().children(Tree::kRoot);
  const std::size_t count = children.size();
  gumbel_.resize(count);
  std::uniform_real_distribution<double> uniform(0.0, 1.0);
  for (float& g : gumbel_) {
    const double u = std::max(uniform(rng()), std::numeric_limits<double>::min());
    g = params().gumbelScale * static_cast<float>(-std::log(-std::log(u)));
  }
  const std::size_t m =
      std::min(count, static_cast<std::size_t>(std::max(1, params().gumbelConsidered)));
  candidates_.resize(count);
  std::iota(candidates_.begin(), candidates_.end(), 0);
  std::stable_sort(candidates_.begin(), candidates_.end(), [&](int a, int b) {
    return gumbel_[a] + logit(children[a].prior) > gumbel_[b] + logit(children[b].prior);
  });
  candidates_.resize(m);
  schedule_ = consideredVisitSequence(static_cast<int>(m), simulations_);
}

template <class Rules>
NodeIndex BasicGumbelSearch<Rules>::selectChild(NodeIndex parent) {
  return parent == Tree::kRoot ? selectAtRoot() : selectInterior(parent);
}

// Section 4 and appendix D. Completed Q: a visited child's mean value, an unvisited one the
// mixed value v_mix = (v + sum_b N(b) * sum_{visited} pi(b) q(b) / sum_{visited} pi(b)) /
// (1 + sum_b N(b)). Q in [-1, 1] is mapped to [0, 1], then
// sigma(q) = (c_visit + max_b N(b)) * c_scale * q.
template <class Rules>
void BasicGumbelSearch<Rules>::computeSigma(NodeIndex parent) {
  const std::span<const Node> children = tree().children(parent);
  int maxVisits = 0;
  int sumVisits = 0;
  float visitedPrior = 0.0f;
  float weightedQ = 0.0f;
  for (const Node& c : children) {
    if (c.visits == 0) continue;
    maxVisits = std::max(maxVisits, c.visits);
    sumVisits += c.visits;
    const float prior = std::max(c.prior, std::numeric_limits<float>::min());
    visitedPrior += prior;
    weightedQ += prior * c.q();
  }
  const float raw = tree().node(parent).rawValue;  // the chooser's view: its side is to move
  const float mixed = sumVisits == 0
                          ? raw
                          : (raw + static_cast<float>(sumVisits) * weightedQ / visitedPrior) /
                                static_cast<float>(1 + sumVisits);
  const float scale =
      (params().gumbelCVisit + static_cast<float>(maxVisits)) * params().gumbelCScale;
  completedQ_.resize(children.size());
  sigma_.resize(children.size());
  for (std::size_t k = 0; k < children.size(); ++k) {
    completedQ_[k] = children[k].visits > 0 ? children[k].q() : mixed;
    sigma_[k] = scale * 0.5f * (completedQ_[k] + 1.0f);
  }
}

template <class Rules>
float BasicGumbelSearch<Rules>::rootScore(std::size_t k) const {
  return gumbel_[k] + logit(tree().children(Tree::kRoot)[k].prior) + sigma_[k];
}

// Sequential halving: simulation i goes to the best candidate by g + logits + sigma(q) among
// those with exactly the visit count the plan gives for i. Descents in flight count as visits.
template <class Rules>
NodeIndex BasicGumbelSearch<Rules>::selectAtRoot() {
  const std::span<const Node> children = tree().children(Tree::kRoot);
  int simulation = 0;
  for (const Node& c : children)
    simulation += c.visits + c.inFlight;
  computeSigma(Tree::kRoot);
  const int wanted =
      schedule_[std::min<std::size_t>(static_cast<std::size_t>(simulation), schedule_.size() - 1)];
  // If no candidate has the planned count (stop() or collisions), the least visited ones play.
  int fewest = std::numeric_limits<int>::max();
  bool planned = false;
  for (const int k : candidates_) {
    const int n = children[k].visits + children[k].inFlight;
    planned = planned || n == wanted;
    fewest = std::min(fewest, n);
  }
  const int eligible = planned ? wanted : fewest;
  std::size_t best = 0;
  float bestScore = -std::numeric_limits<float>::infinity();
  for (const int k : candidates_) {
    const auto i = static_cast<std::size_t>(k);
    if (children[i].visits + children[i].inFlight != eligible) continue;
    if (const float s = rootScore(i); s > bestScore) {
      bestScore = s;
      best = i;
    }
  }
  return tree().node(Tree::kRoot).firstChild + static_cast<NodeIndex>(best);
}

// Section 5: argmax_a pi'(a) - N(a) / (1 + sum_b N(b)), pi' = softmax(logits + sigma(completed
// Q)): the visit counts follow the improved policy, deterministically.
template <class Rules>
NodeIndex BasicGumbelSearch<Rules>::selectInterior(NodeIndex parent) {
  const std::span<const Node> children = tree().children(parent);
  computeSigma(parent);
  const float maxSigma = *std::max_element(sigma_.begin(), sigma_.end());
  improved_.resize(children.size());
  float sum = 0.0f;
  int visits = 0;
  for (std::size_t k = 0; k < children.size(); ++k) {
    improved_[k] = children[k].prior * std::exp(sigma_[k] - maxSigma);
    sum += improved_[k];
    visits += children[k].visits + children[k].inFlight;
  }
  std::size_t best = 0;
  float bestScore = -std::numeric_limits<float>::infinity();
  for (std::size_t k = 0; k < children.size(); ++k) {
    const float share = sum > 0.0f ? improved_[k] / sum : 0.0f;
    const float score = share - static_cast<float>(children[k].visits + children[k].inFlight) /
                                    static_cast<float>(1 + visits);
    if (score > bestScore) {
      bestScore = score;
      best = k;
    }
  }
  return tree().node(parent).firstChild + static_cast<NodeIndex>(best);
}

template <class Rules>
void BasicGumbelSearch<Rules>::finishResult(Result& r) {
  const std::span<const Node> children = tree().children(Tree::kRoot);
  computeSigma(Tree::kRoot);

  // Section 4: the improved policy softmax(logits + sigma(completed Q)) over every root move.
  float maxScore = -std::numeric_limits<float>::infinity();
  for (std::size_t k = 0; k < children.size(); ++k)
    maxScore = std::max(maxScore, logit(children[k].prior) + sigma_[k]);
  float sum = 0.0f;
  for (std::size_t k = 0; k < children.size(); ++k) {
    r.policy.push_back(std::exp(logit(children[k].prior) + sigma_[k] - maxScore));
    sum += r.policy.back();
  }
  for (float& p : r.policy)
    p /= sum;

  // The root's value is that of the improved policy, sum pi'(a) * completed Q(a): the mean
  // over the root's visits would count the weak candidates sequential halving is made to try.
  if (!tree().node(Tree::kRoot).exact()) {
    r.rootValue = 0.0f;
    for (std::size_t k = 0; k < children.size(); ++k)
      r.rootValue += r.policy[k] * completedQ_[k];
  }

  // Section 3: the action is the best survivor of sequential halving (the most visited
  // candidates) by g + logits + sigma(q).
  int maxVisits = 0;
  for (const int k : candidates_)
    maxVisits = std::max(maxVisits, children[static_cast<std::size_t>(k)].visits);
  float bestScore = -std::numeric_limits<float>::infinity();
  for (const int k : candidates_) {
    const auto i = static_cast<std::size_t>(k);
    if (children[i].visits != maxVisits) continue;
    if (const float s = rootScore(i); s > bestScore) {
      bestScore = s;
      r.chosen = k;
    }
  }
}

template class BasicGumbelSearch<StandardRules>;
template class BasicGumbelSearch<GrandRules>;

}  // namespace camelot
