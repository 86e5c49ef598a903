#include "training/selfplay/material_adjudication.hpp"

#include <array>
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

grand::GrandOutcome trainingOutcome(const grand::GrandOutcome& outcome,
                                    const grand::GrandPosition& final, int margin) {
  const bool drawnWithoutDecision = outcome.kind == grand::GrandOutcome::Kind::Draw &&
                                    (outcome.reason == "repetition" || outcome.reason == "clock" ||
                                     outcome.reason == "adjudicated");
  if (margin <= 0 || !drawnWithoutDecision) return outcome;
  std::array<int, 2> points{};
  std::array<int, 2> pieces{};
  for (const grand::Piece piece : final.board) {
    if (piece.empty()) continue;
    const auto side = static_cast<std::size_t>(grand::partnershipOf(piece.owner()));
    points[side] += piece.knight() ? kKnightPoints : kManPoints;
    ++pieces[side];
  }
  const int ahead = points[0] > points[1] ? 0 : 1;
  if (std::abs(points[0] - points[1]) < margin || pieces[static_cast<std::size_t>(ahead)] < 2)
    return outcome;
  return {grand::GrandOutcome::Kind::Win, ahead, "material"};
}

std::optional<int> winningSide(Outcome scored) {
  if (scored == Outcome::WhiteWins) return 0;
  if (scored == Outcome::BlackWins) return 1;
  return std::nullopt;
}

std::optional<int> winningSide(const grand::GrandOutcome& scored) {
  if (scored.kind != grand::GrandOutcome::Kind::Win) return std::nullopt;
  return scored.winner;
}

}  // namespace camelot
