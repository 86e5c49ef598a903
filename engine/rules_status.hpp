#pragma once
// The end of the game (R9). Checks a-d look at one position; e (repetition) needs the game's
// history and lives in Game; f (the clock) is part of the position but perft ignores it, so
// callers choose whether it applies.

#include <cstdint>
#include <string_view>

#include "engine/movegen.hpp"
#include "engine/position.hpp"

namespace camelot {

enum class Outcome : std::uint8_t { None, WhiteWins, BlackWins, Draw };

enum class EndReason : std::uint8_t {
  None,
  Castle,       // R9 a: both squares of the opponent's castle
  Material,     // R9 b: both sides have one piece or none
  Elimination,  // R9 c: the side to move has no pieces
  NoMoves,      // R9 d: the side to move cannot move (a win, or a draw with one piece)
  Repetition,   // R9 e
  Clock,        // R9 f
  Adjudicated,  // a game-length cap of self-play: a setting, not a rule
  Forfeit,  // a player broke the protocol (e.g. an outside engine's illegal move): the referee's
            // decision, not a rule
};

struct GameStatus {
  Outcome outcome = Outcome::None;
  EndReason reason = EndReason::None;

  bool finished() const { return outcome != Outcome::None; }
  bool operator==(const GameStatus&) const = default;
};

enum class ClockRule : std::uint8_t { Ignore, Apply };

// R9 a-c: what can be decided without generating moves.
GameStatus immediateStatus(const Position& position);

// R9 in its order: a-d, then e when the position stands for the third time (only a game's
// history can tell), then f when asked; given the generator's moves for the position.
GameStatus statusWithMoves(const Position& position, const MoveList& generated, ClockRule clock,
                           bool standsForTheThirdTime = false);
// The same, told only whether the side to move has a move (hasMoves).
GameStatus statusWithMoves(const Position& position, bool canMove, ClockRule clock,
                           bool standsForTheThirdTime = false);

// R9 a-d (and f when asked).
GameStatus positionStatus(const Position& position, ClockRule clock = ClockRule::Apply);

// The moves of the position, none once R9 a-c has decided the game (R10: a finished
// position has no moves). R9 d needs no special case: its position has no moves anyway.
void legalMoves(const Position& position, MoveList& out);
MoveList legalMoves(const Position& position);

// The tactical part of legalMoves (generateTacticalMoves: captures and goal entries), none once
// R9 a-c has decided the game. Returns whether legalMoves lists other moves.
bool legalTacticalMoves(const Position& position, MoveList& out);

// Whether one of `moves` (the legal moves of an unfinished `position`) wins at once: it
// completes the mover's hold on both goal squares (R9 a; a castle move within the goal never
// does), or it jumps every piece the opponent has left while the mover keeps two or more
// (R9 c; with one piece it would be R9 b's draw). Cheaper than playing every move: it looks at
// each move's last square and capture count only, so a win by R9 d (the opponent left without
// a move) is not seen.
bool hasWinningMove(const Position& position, const MoveList& moves);

// "white", "black", "draw" or "none".
std::string_view outcomeName(Outcome outcome);
// "castle", "material", ... or "none".
std::string_view endReasonName(EndReason reason);

}  // namespace camelot
