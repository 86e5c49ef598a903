#include "training/evaluation/sprt.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <utility>

namespace camelot {
namespace {

std::string number(double value, const char* format) {
  char text[48];
  std::snprintf(text, sizeof text, format, value);
  return text;
}

void checkSettings(const SprtSettings& s) {
  if (!(s.elo0 < s.elo1)) {
    throw std::invalid_argument("sprt: elo0 (" + number(s.elo0, "%g") + ") must be below elo1 (" +
                                number(s.elo1, "%g") + ")");
  }
  for (const auto& [name, value] : {std::pair{"alpha", s.alpha}, std::pair{"beta", s.beta}}) {
    if (!(value > 0.0 && value < 0.5)) {
      throw std::invalid_argument(std::string("sprt: ") + name + " must be in (0, 0.5), got " +
                                  number(value, "%g"));
    }
  }
}

std::string outcome(SprtDecision decision, double elo1) {
  switch (decision) {
    case SprtDecision::AcceptH1:
      if (elo1 > 0.0) return "H1 accepted (elo1: stronger by " + number(elo1, "%g") + ")";
      if (elo1 < 0.0) return "H1 accepted (elo1: weaker by " + number(-elo1, "%g") + ")";
      return "H1 accepted (elo1: equal)";
    case SprtDecision::AcceptH0:
      return "H0 accepted";
    case SprtDecision::Continue:
      break;
  }
  return "continue";
}

// The whole of `part` as a finite number, else an error naming it and `text`.
double parseElo(std::string_view part, std::string_view text) {
  const bool plus = part.starts_with('+');  // from_chars takes a minus sign but not a plus
  const std::string_view digits = plus ? part.substr(1) : part;
  double value = 0.0;
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (digits.empty() || (plus && digits.starts_with('-')) || error != std::errc() ||
      end != digits.data() + digits.size() || !std::isfinite(value)) {
    throw std::invalid_argument("sprt: '" + std::string(part) + "' in '" + std::string(text) +
                                "' is not a number");
  }
  return value;
}

}  // namespace

SprtStatus sprtStatus(const MatchScore& score, const SprtSettings& settings) {
  checkSettings(settings);
  SprtStatus status;
  status.lower = std::log(settings.beta / (1.0 - settings.alpha));
  status.upper = std::log((1.0 - settings.beta) / settings.alpha);
  const int n = score.games();
  if (n == 0) return status;
  const double m = score.score();
  const double variance = (score.wins * (1.0 - m) * (1.0 - m) +
                           score.draws * (0.5 - m) * (0.5 - m) + score.losses * m * m) /
                          n;
  const double v = std::max(variance, 0.25 / n);
  const double s0 = scoreFromElo(settings.elo0);
  const double s1 = scoreFromElo(settings.elo1);
  status.llr = n * (s1 - s0) * (2.0 * m - s0 - s1) / (2.0 * v);
  if (status.llr >= status.upper) {
    status.decision = SprtDecision::AcceptH1;
  } else if (status.llr <= status.lower) {
    status.decision = SprtDecision::AcceptH0;
  }
  return status;
}

std::string sprtText(const SprtStatus& status, const SprtSettings& settings) {
  const std::string where =
      status.decision == SprtDecision::AcceptH1 ? " at or above " + number(status.upper, "%.2f")
      : status.decision == SprtDecision::AcceptH0
          ? " at or below " + number(status.lower, "%.2f")
          : " in [" + number(status.lower, "%.2f") + ", " + number(status.upper, "%.2f") + "]";
  return "SPRT elo0 " + number(settings.elo0, "%g") + ", elo1 " + number(settings.elo1, "%g") +
         ": LLR " + number(status.llr, "%.2f") + where + ", " +
         outcome(status.decision, settings.elo1);
}

SprtSettings parseSprtSettings(std::string_view text) {
  const auto comma = text.find(',');
  if (comma == std::string_view::npos || text.find(',', comma + 1) != std::string_view::npos) {
    throw std::invalid_argument("sprt: expected 'elo0,elo1' such as '0,10', got '" +
                                std::string(text) + "'");
  }
  SprtSettings settings;
  settings.elo0 = parseElo(text.substr(0, comma), text);
  settings.elo1 = parseElo(text.substr(comma + 1), text);
  if (!(settings.elo0 < settings.elo1)) {
    throw std::invalid_argument("sprt: elo0 must be below elo1, got '" + std::string(text) + "'");
  }
  return settings;
}

}  // namespace camelot
