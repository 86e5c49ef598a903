#include "training/evaluation/elo.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "training/text/decimal_text.hpp"

namespace camelot {
namespace {

// "+41", "-7", "+inf": an interval's ends can be infinite.
std::string eloText(double elo) {
  if (std::isinf(elo)) return elo > 0 ? "+inf" : "-inf";
  char text[32];
  std::snprintf(text, sizeof text, "%+.0f", elo);
  return text;
}

}  // namespace

double MatchScore::score() const {
  return games() == 0 ? 0.5 : (wins + 0.5 * draws) / games();
}

double eloFromScore(double score) {
  if (score >= 1.0) return std::numeric_limits<double>::infinity();
  if (score <= 0.0) return -std::numeric_limits<double>::infinity();
  return 400.0 * std::log10(score / (1.0 - score));
}

double scoreFromElo(double elo) {
  return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0));
}

EloEstimate estimateElo(const MatchScore& result) {
  const int n = result.games();
  if (n == 0) return {0.0, eloFromScore(0.0), eloFromScore(1.0)};
  const double s = result.score();
  const double variance = (result.wins * (1.0 - s) * (1.0 - s) +
                           result.draws * (0.5 - s) * (0.5 - s) + result.losses * s * s) /
                          n;
  const double margin = 1.959964 * std::sqrt(variance / n);
  return {eloFromScore(s), eloFromScore(std::max(0.0, s - margin)),
          eloFromScore(std::min(1.0, s + margin))};
}

std::string matchScoreText(const MatchScore& result) {
  const EloEstimate elo = estimateElo(result);
  return "W-D-L " + std::to_string(result.wins) + "-" + std::to_string(result.draws) + "-" +
         std::to_string(result.losses) + ", score " + fixed(result.score(), 3) + ", Elo " +
         eloText(elo.elo) + " [" + eloText(elo.low) + ", " + eloText(elo.high) + "]";
}

}  // namespace camelot
