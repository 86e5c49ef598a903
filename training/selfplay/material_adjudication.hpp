#pragma once
// Self-play's scoring of drawn games by material, for the training targets only. A network
// that cannot yet convert a lead draws most of its games by the clock (R9 f), by repetition
// (R9 e) or at the length cap, even 8 points up; scored as draws they teach the value head that
// material does not matter. Scored as a win for the side clearly ahead, they teach it to keep
// and win material, which is what wins games between stronger players. The game record keeps
// the rules' result.

#include <optional>

#include "engine/grand/grand_rules.hpp"
#include "engine/position.hpp"
#include "engine/rules_status.hpp"

namespace camelot {

// The outcome the training targets use for a game that ended as `status` in `final`: a draw
// by repetition, clock or cap in which one side leads by at least `margin` material points (a
// man 1, a knight 2) and has two or more pieces (one piece cannot win, R9 b and d) counts as
// that side's win; anything else is the game's own outcome. `margin` 0 turns this off.
Outcome trainingOutcome(const GameStatus& status, const Position& final, int margin);

// The same for Grand Camelot: a draw by repetition, clock or cap (G12.5-6) in which one
// partnership leads by `margin` points or more and has two or more pieces counts as its win.
grand::GrandOutcome trainingOutcome(const grand::GrandOutcome& outcome,
                                    const grand::GrandPosition& final, int margin);

// The side a scored outcome gives the game to: 0 (White; rb) or 1 (Black; gy), none for a draw.
std::optional<int> winningSide(Outcome scored);
std::optional<int> winningSide(const grand::GrandOutcome& scored);

}  // namespace camelot
