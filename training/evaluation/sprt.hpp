#pragma once
// The sequential probability ratio test: play games until the results say the Elo difference
// is elo1 (H1) rather than elo0 (H0), with error rates alpha (accepting H1 when H0 holds) and
// beta (accepting H0 when H1 holds).
//
// The generalised SPRT with the normal approximation on the trinomial results, as fishtest
// (Van den Bergh) does it: with N games of per-game score x in {0, 1/2, 1}, its mean m and
// variance v, and the expected scores s_k = 1 / (1 + 10^(-elo_k / 400)),
//   LLR = N (s1 - s0) (2m - s0 - s1) / (2v).
// v is floored at 1/(4N), about the variance of N - 1 equal results and one draw: an unbroken
// run of wins (v = 0) then takes several games, not two, to accept H1.
// H1 is accepted when LLR >= ln((1 - beta) / alpha), H0 when LLR <= ln(beta / (1 - alpha)).

#include <string>
#include <string_view>

#include "training/evaluation/elo.hpp"

namespace camelot {

struct SprtSettings {
  double elo0 = 0.0;
  double elo1 = 5.0;
  double alpha = 0.05;
  double beta = 0.05;
};

enum class SprtDecision { Continue, AcceptH0, AcceptH1 };

struct SprtStatus {
  double llr = 0.0;
  double lower = 0.0;
  double upper = 0.0;
  SprtDecision decision = SprtDecision::Continue;
};

// `score` is the tested player's. LLR 0 for no games. Throws std::invalid_argument unless
// elo0 < elo1 and alpha and beta are in (0, 0.5).
SprtStatus sprtStatus(const MatchScore& score, const SprtSettings& settings);

// One line, e.g. "SPRT elo0 0, elo1 5: LLR 1.23 in [-2.94, 2.94], continue".
std::string sprtText(const SprtStatus& status, const SprtSettings& settings);

// "elo0,elo1", e.g. "0,10" or "-5,5"; alpha and beta keep their defaults. Throws
// std::invalid_argument with a one-line message naming the text.
SprtSettings parseSprtSettings(std::string_view text);

}  // namespace camelot
