#include "mcts/puct_search.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

namespace camelot {

template <class Rules>
NodeIndex BasicPuctSearch<Rules>::selectChild(NodeIndex parent) {
  return params().selection == SelectionRule::Ucb1 ? selectUcb1(parent) : selectPuct(parent);
}

// Q + c(N) * P * sqrt(N) / (1 + n), with c(N) = c_init + log((N + c_base + 1) / c_base)
// (AlphaZero). In-flight descents count as visits that lost (virtual loss). One pass: among
// unvisited children the score grows with the prior, so only the best of them is kept and
// scored at the end with the first-play-urgency value.
template <class Rules>
NodeIndex BasicPuctSearch<Rules>::selectPuct(NodeIndex parent) {
  const SearchParams& p = params();
  const Node& node = tree().node(parent);
  // Every visit of an expanded node but its first went to a child; the descent in progress
  // (already counted in inFlight) has not yet.
  const int childVisits = node.visits - 1 + node.inFlight - 1;
  const auto parentVisits = static_cast<float>(node.visits + node.inFlight);
  const float cpuct = p.cpuctInit + std::log((parentVisits + p.cpuctBase + 1.0f) / p.cpuctBase);
  const float factor = cpuct * std::sqrt(static_cast<float>(std::max(childVisits, 1)));

  const std::span<const Node> children = tree().children(parent);
  float bestScore = -std::numeric_limits<float>::infinity();
  std::size_t best = 0;
  float bestUnvisitedPrior = -1.0f;
  std::size_t bestUnvisited = 0;
  float visitedPolicy = 0.0f;
  for (std::size_t k = 0; k < children.size(); ++k) {
    const Node& c = children[k];
    const int n = c.visits + c.inFlight;
    if (n == 0) {
      if (c.prior > bestUnvisitedPrior) {
        bestUnvisitedPrior = c.prior;
        bestUnvisited = k;
      }
      continue;
    }
    visitedPolicy += c.prior;
    float q = (c.valueSum - p.virtualLoss * static_cast<float>(c.inFlight)) / static_cast<float>(n);
    if (c.visits > 0) q += p.minimaxWeight * (c.minimax - q);  // implicit minimax backups
    const float score = q + factor * c.prior / static_cast<float>(1 + n);
    if (score > bestScore) {
      bestScore = score;
      best = k;
    }
  }
  if (bestUnvisitedPrior >= 0.0f) {
    const float parentQ = node.visits > 0 ? -node.q() : 0.0f;  // the chooser's view
    const float fpu = parentQ - p.fpuReduction * std::sqrt(visitedPolicy);
    if (fpu + factor * bestUnvisitedPrior > bestScore) best = bestUnvisited;
  }
  return node.firstChild + static_cast<NodeIndex>(best);
}

// UCB1 (Kocsis and Szepesvari 2006): an untried child first, else Q + c * sqrt(ln N / n).
template <class Rules>
NodeIndex BasicPuctSearch<Rules>::selectUcb1(NodeIndex parent) {
  const Node& node = tree().node(parent);
  const std::span<const Node> children = tree().children(parent);
  const float logN = std::log(static_cast<float>(std::max(node.visits + node.inFlight - 1, 1)));
  float bestScore = -std::numeric_limits<float>::infinity();
  std::size_t best = 0;
  for (std::size_t k = 0; k < children.size(); ++k) {
    const Node& c = children[k];
    const int n = c.visits + c.inFlight;
    if (n == 0) return node.firstChild + static_cast<NodeIndex>(k);
    const float q = (c.valueSum - params().virtualLoss * static_cast<float>(c.inFlight)) /
                    static_cast<float>(n);
    const float score = q + params().ucbConstant * std::sqrt(logN / static_cast<float>(n));
    if (score > bestScore) {
      bestScore = score;
      best = k;
    }
  }
  return node.firstChild + static_cast<NodeIndex>(best);
}

// AlphaZero's exploration noise: P = (1 - eps) P + eps Dir(alpha), root only.
template <class Rules>
void BasicPuctSearch<Rules>::onRootExpanded() {
  if (!params().rootNoise) return;
  const std::span<Node> children = mutableTree().children(Tree::kRoot);
  std::gamma_distribution<float> gamma(params().dirichletAlpha, 1.0f);
  noise_.resize(children.size());
  float sum = 0.0f;
  for (float& x : noise_) {
    x = gamma(rng());
    sum += x;
  }
  if (sum <= 0.0f) return;
  const float eps = params().dirichletEpsilon;
  for (std::size_t k = 0; k < children.size(); ++k)
    children[k].prior = (1.0f - eps) * children[k].prior + eps * noise_[k] / sum;
}

template <class Rules>
void BasicPuctSearch<Rules>::finishResult(Result& r) {
  const std::size_t count = r.moves.size();
  double total = 0.0;
  int maxVisits = 0;
  for (const int v : r.visits) {
    total += v;
    maxVisits = std::max(maxVisits, v);
  }
  const std::span<const Node> children = tree().children(Tree::kRoot);
  for (std::size_t k = 0; k < count; ++k)
    r.policy.push_back(total > 0 ? static_cast<float>(r.visits[k] / total) : children[k].prior);

  // Temperature 0: the most visited move, ties to the better Q, then the better prior.
  const auto better = [&](std::size_t a, std::size_t b) {
    if (r.visits[a] != r.visits[b]) return r.visits[a] > r.visits[b];
    if (r.q[a] != r.q[b]) return r.q[a] > r.q[b];
    return children[a].prior > children[b].prior;
  };
  std::size_t chosen = 0;
  for (std::size_t k = 1; k < count; ++k)
    if (better(k, chosen)) chosen = k;

  const float t = params().temperature;
  if (t > 0.0f && maxVisits > 0) {
    // Visits to the power 1/T, scaled by the largest so that small temperatures stay finite.
    double sum = 0.0;
    for (const int v : r.visits)
      sum += std::pow(static_cast<double>(v) / maxVisits, 1.0 / t);
    double pick = std::uniform_real_distribution<double>(0.0, sum)(rng());
    for (std::size_t k = 0; k < count; ++k) {
      const double w = std::pow(static_cast<double>(r.visits[k]) / maxVisits, 1.0 / t);
      if (w > 0.0 && pick < w) {
        chosen = k;
        break;
      }
      pick -= w;
    }
  }
  r.chosen = static_cast<int>(chosen);
}

template class BasicPuctSearch<StandardRules>;
template class BasicPuctSearch<GrandRules>;

}  // namespace camelot
