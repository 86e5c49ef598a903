#pragma once
// The Elo difference a match result implies, with a 95% confidence interval from the
// per-game score variance (trinomial: win 1, draw 1/2, loss 0).

#include <string>

namespace camelot {

struct MatchScore {
  int wins = 0;
  int draws = 0;
  int losses = 0;

  int games() const { return wins + draws + losses; }
  // Counts one game scored 1 (win), 0.5 (draw) or 0 (loss).
  void add(double score) { ++(score == 1.0 ? wins : score == 0.0 ? losses : draws); }
  // In [0, 1]; 0.5 for no games.
  double score() const;
};

// Infinite (with its sign) where the score is 1 or 0: no finite difference fits it.
struct EloEstimate {
  double elo = 0.0;
  double low = 0.0;
  double high = 0.0;
};

// Elo difference for an expected score s: 400 log10(s / (1 - s)); +inf at 1, -inf at 0.
double eloFromScore(double score);
// The expected score of a player `elo` stronger: 1 / (1 + 10^(-elo / 400)), eloFromScore's inverse.
double scoreFromElo(double elo);

EloEstimate estimateElo(const MatchScore& result);

// One line for a result, e.g. "W-D-L 223-1-176, score 0.559, Elo +41 [+7, +76]".
std::string matchScoreText(const MatchScore& result);

}  // namespace camelot
