#include "training/elo.hpp"

#include <algorithm>
#include <cmath>

namespace camelot {

double MatchScore::score() const {
  return games() == 0 ? 0.5 : (wins + 0.5 * draws) / games();
}

std::optional<double> eloFromScore(double score) {
  if (score <= 0.0 || score >= 1.0) return std::nullopt;
  return 400.0 * std::log10(score / (1.0 - score));
}

EloEstimate estimateElo(const MatchScore& result) {
  const int n = result.games();
  if (n == 0) return {0.0, std::nullopt, std::nullopt};
  const double s = result.score();
  const double variance = (result.wins * (1.0 - s) * (1.0 - s) +
                           result.draws * (0.5 - s) * (0.5 - s) + result.losses * s * s) /
                          n;
  const double margin = 1.959964 * std::sqrt(variance / n);
  return {eloFromScore(s), eloFromScore(std::max(0.0, s - margin)),
          eloFromScore(std::min(1.0, s + margin))};
}

}  // namespace camelot
