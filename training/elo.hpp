#pragma once
// The Elo difference a match result implies, with a 95% confidence interval from the
// per-game score variance (trinomial: win 1, draw 1/2, loss 0).

#include <optional>

namespace camelot {

struct MatchScore {
  int wins = 0;
  int draws = 0;
  int losses = 0;

  int games() const { return wins + draws + losses; }
  // In [0, 1]; 0.5 for no games.
  double score() const;
};

struct EloEstimate {
  // Unset where the score is 0 or 1 (no finite estimate); the bounds likewise.
  std::optional<double> elo;
  std::optional<double> low;
  std::optional<double> high;
};

// Elo difference for an expected score s: 400 log10(s / (1 - s)).
std::optional<double> eloFromScore(double score);

EloEstimate estimateElo(const MatchScore& result);

}  // namespace camelot
