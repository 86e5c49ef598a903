#pragma once
// Every tunable of the tree searches in one place, each with the reason for its default (the
// way KataGo's searchparams.h documents its own). Defaults suit play; self-play turns on root
// noise and a temperature.

#include <cstddef>
#include <cstdint>

namespace camelot {

enum class SelectionRule : std::uint8_t {
  Puct,  // AlphaZero: Q + c(N) * P * sqrt(N) / (1 + n), guided by the evaluator's priors
  Ucb1,  // classic UCT: Q + c * sqrt(ln N / n), every child tried once first; ignores priors
};

struct SearchParams {
  // --- Selection (PUCT and UCT) ---
  // PUCT for evaluator-guided search; UCB1 for classic UCT over random playouts.
  SelectionRule selection = SelectionRule::Puct;
  // AlphaZero's c_init: the weight of the prior at small visit counts.
  float cpuctInit = 1.25f;
  // AlphaZero's c_base: exploration grows slowly (logarithmically) past this many visits.
  float cpuctBase = 19652.0f;
  // UCB1's exploration constant for values in [-1, 1] (sqrt(2) on [0, 1] is about 2.8 here;
  // smaller works better with few playouts a move).
  float ucbConstant = 1.0f;
  // First-play urgency: an unvisited child is valued at its parent's value minus this times
  // the square root of the prior mass already visited (lc0), so tried moves stay ahead of
  // untried ones until the prior says otherwise.
  float fpuReduction = 0.25f;
  // Implicit minimax backups (Lanctot et al. 2014): each node also keeps the minimax of its
  // children's evaluator values, and PUCT selects on (1 - w) Q + w minimax. 0 (off) keeps
  // AlphaZero's average; the network plays through alpha-beta, whose values are minimax ones,
  // so the tree search can weigh them too (docs/learning.md has the measurements).
  float minimaxWeight = 0.0f;
  // Value counted as a loss for each descent still waiting for its evaluation, so the leaves
  // gathered in one step spread over the tree instead of piling onto one path.
  float virtualLoss = 1.0f;
  // Leaves one step may gather from this tree. 1 keeps the search exactly sequential; more
  // fills batches from fewer games at a small cost in search quality (virtual loss).
  int leavesPerStep = 1;

  // --- Root noise (AlphaZero self-play exploration) ---
  // Off for play and analysis; self-play turns it on so that openings vary.
  bool rootNoise = false;
  // About 10 / the typical number of legal moves (AlphaZero's rule; Camelot has 30-60).
  float dirichletAlpha = 0.25f;
  // Share of the noise in the root priors (AlphaZero).
  float dirichletEpsilon = 0.25f;

  // --- Move choice (PUCT and UCT) ---
  // 0 plays the most visited move; 1 samples in proportion to visits (self-play openings).
  float temperature = 0.0f;

  // --- Evaluator input ---
  // Positions before each leaf handed to the evaluator with it (EvaluationRequest::history):
  // a network's history length. 0 for evaluators that look at the position alone, which
  // saves copying them.
  int historyPlies = 0;

  // --- Tree ---
  // Keep the subtree below the position reached (one or two plies on) instead of starting
  // over: the visits already spent there are not lost. PUCT and UCT only.
  bool reuseTree = true;
  // Node cap: a search stops starting simulations once the tree holds this many nodes (it may
  // exceed it by one step's expansions). A node with its move costs about 92 bytes.
  std::size_t maxNodes = 2'000'000;

  // --- Gumbel root search (Danihelka et al. 2022) ---
  // m of Gumbel-top-k: root candidates given to sequential halving (the paper's 16 works
  // with 8-64 simulations; fewer legal moves means fewer candidates).
  int gumbelConsidered = 16;
  // Scale of the Gumbel noise: 1 samples moves as the paper does (self-play), 0 makes the
  // choice deterministic (argmax of logits + sigma(q)).
  float gumbelScale = 1.0f;
  // Section 4, sigma(q) = (c_visit + max_b N(b)) * c_scale * q: the paper's c_visit ...
  float gumbelCVisit = 50.0f;
  // ... and c_scale. Q-values are first mapped from [-1, 1] to [0, 1].
  float gumbelCScale = 1.0f;
};

}  // namespace camelot
