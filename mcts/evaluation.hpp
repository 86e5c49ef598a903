#pragma once
// The hand-written static evaluation of the alpha-beta player, in centipawn-like units (a man
// is 100) from the side to move's view, and the mate-like scores of finished games (R9).

#include <array>

#include "engine/position.hpp"
#include "engine/rules_status.hpp"

namespace camelot {

// A won game scores kWinScore minus its distance in plies, so shorter wins score higher.
inline constexpr int kWinScore = 30000;
inline constexpr int kMaxSearchPly = 256;
// Scores beyond this (in absolute value) are wins or losses found by search.
inline constexpr int kWinThreshold = kWinScore - kMaxSearchPly;

constexpr int winIn(int ply) {
  return kWinScore - ply;
}
constexpr int lossIn(int ply) {
  return -kWinScore + ply;
}
constexpr bool isDecisive(int score) {
  return score > kWinThreshold || score < -kWinThreshold;
}

// The score of a finished game `ply` plies from the root, from the view of `toMove` (the side
// to move in the finished position): a loss, a win or a draw (0).
int terminalScore(const GameStatus& status, Color toMove, int ply);

// The values were tuned by self-play matches (depth 3, and 40 ms a move): in Camelot the race
// to the goal decides most games, so advancing and closing on the goal weigh heavily.
struct EvalWeights {
  int man = 100;          // the unit
  int knight = 170;       // canters and charges give a knight far more reach and capturing power
  int goalPiece = 400;    // a piece on a goal square cannot be captured and is half of a win (R9 a)
  int manAdvance = 9;     // per rank advanced: men that march on the goal tie the defence down
  int knightAdvance = 3;  // knights strike from mid-board, so advancing them matters less
  // By distance (Chebyshev, 1..4) to the nearest goal square not yet held: closing in on it.
  std::array<int, 5> goalProximity = {0, 157, 77, 35, 14};
  int castleThreatToMove = 600;   // one goal square held and a piece next to the other: mates
  int castleThreatWaiting = 300;  // the same for the side not to move: the mover must parry it
  int guard = 40;    // per own piece (up to two) next to the own castle while enemies are near it
  int mobility = 1;  // per plain step or single canter leap available: room to manoeuvre
  // Percent of the value of the mover's most (and second most) valuable piece that the
  // opponent could jump now: the mover can usually save one, rarely two.
  int threatenedFirst = 15;
  int threatenedSecond = 60;
  // Percent of the value of the waiting side's most valuable piece the mover can jump: the
  // capture is compulsory (R4) and comes next.
  int threatenedWaiting = 70;
  int tempo = 10;  // the side to move acts first in a race to the goal
};

inline constexpr EvalWeights kDefaultWeights{};

// The static value of an unfinished position (R9 a-c not decided) for its side to move. A
// side left with one piece can at best draw (R9 b, d), so its score is capped at 0.
int evaluate(const Position& position, const EvalWeights& weights = kDefaultWeights);

}  // namespace camelot
