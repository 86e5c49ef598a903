#include "training/selfplay/material_adjudication.hpp"

#include <cstdlib>

#include "mcts/material_value.hpp"

namespace camelot {

Outcome trainingOutcome(const GameStatus& status, const Position& final, int margin) {
  const bool drawnWithoutDecision =
      status.outcome == Outcome::Draw &&
      (status.reason == EndReason::Repetition || status.reason == EndReason::Clock ||
       status.reason == EndReason::Adjudicated);
  if (margin <= 0 || !drawnWithoutDecision) return status.outcome;
  const int lead = materialPoints(final, Color::White) - materialPoints(final, Color::Black);
  const Color ahead = lead > 0 ? Color::White : Color::Black;
  if (std::abs(lead) < margin || final.pieces(ahead).count() < 2) return status.outcome;
  return ahead == Color::White ? Outcome::WhiteWins : Outcome::BlackWins;
}

}  // namespace camelot
