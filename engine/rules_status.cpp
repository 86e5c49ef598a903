#include "engine/rules_status.hpp"

namespace camelot {
namespace {
Outcome winFor(Color c) {
  return c == Color::White ? Outcome::WhiteWins : Outcome::BlackWins;
}
}  // namespace

GameStatus immediateStatus(const Position& position) {
  for (const Color c : {Color::White, Color::Black}) {
    if ((position.pieces(c) & goalOf(c)) == goalOf(c)) return {winFor(c), EndReason::Castle};
  }
  const Color us = position.sideToMove();
  const int ours = position.pieceCount(us);
  const int theirs = position.pieceCount(opposite(us));
  if (ours <= 1 && theirs <= 1) return {Outcome::Draw, EndReason::Material};
  if (ours == 0) return {winFor(opposite(us)), EndReason::Elimination};
  return {};
}

GameStatus statusWithMoves(const Position& position, const MoveList& generated, ClockRule clock,
                           bool standsForTheThirdTime) {
  return statusWithMoves(position, !generated.empty(), clock, standsForTheThirdTime);
}

GameStatus statusWithMoves(const Position& position, bool canMove, ClockRule clock,
                           bool standsForTheThirdTime) {
  if (const GameStatus s = immediateStatus(position); s.finished()) return s;
  if (!canMove) {
    const Color them = opposite(position.sideToMove());
    // R9 d: the opponent wins with two or more pieces, otherwise a draw.
    const Outcome o = position.pieceCount(them) >= 2 ? winFor(them) : Outcome::Draw;
    return {o, EndReason::NoMoves};
  }
  if (standsForTheThirdTime) return {Outcome::Draw, EndReason::Repetition};
  if (clock == ClockRule::Apply && position.clock() >= kClockLimit)
    return {Outcome::Draw, EndReason::Clock};
  return {};
}

GameStatus positionStatus(const Position& position, ClockRule clock) {
  if (const GameStatus s = immediateStatus(position); s.finished()) return s;
  return statusWithMoves(position, generateMoves(position), clock);
}

void legalMoves(const Position& position, MoveList& out) {
  if (immediateStatus(position).finished()) {
    out.clear();
    return;
  }
  generateMoves(position, out);
}

MoveList legalMoves(const Position& position) {
  MoveList list;
  legalMoves(position, list);
  return list;
}

bool legalTacticalMoves(const Position& position, MoveList& out) {
  if (immediateStatus(position).finished()) {
    out.clear();
    return false;
  }
  return generateTacticalMoves(position, out);
}

bool hasWinningMove(const Position& position, const MoveList& moves) {
  const Color us = position.sideToMove();
  const Bitboard goal = goalOf(us);
  const Bitboard heldGoal = position.pieces(us) & goal;
  const int theirPieces = position.pieces(opposite(us)).count();
  const bool canEliminate = position.pieces(us).count() >= 2;
  for (const Move& m : moves) {
    Bitboard otherHeld = heldGoal;
    otherHeld.reset(m.from());
    if (goal.test(m.to()) && otherHeld.any()) return true;
    if (canEliminate && m.jumpSteps() == theirPieces) return true;
  }
  return false;
}

std::string_view outcomeName(Outcome outcome) {
  switch (outcome) {
    case Outcome::WhiteWins:
      return "white";
    case Outcome::BlackWins:
      return "black";
    case Outcome::Draw:
      return "draw";
    case Outcome::None:
      break;
  }
  return "none";
}

std::string_view endReasonName(EndReason reason) {
  switch (reason) {
    case EndReason::Castle:
      return "castle";
    case EndReason::Material:
      return "material";
    case EndReason::Elimination:
      return "elimination";
    case EndReason::NoMoves:
      return "no moves";
    case EndReason::Repetition:
      return "repetition";
    case EndReason::Clock:
      return "clock";
    case EndReason::Adjudicated:
      return "adjudicated";
    case EndReason::Forfeit:
      return "forfeit";
    case EndReason::None:
      break;
  }
  return "none";
}

}  // namespace camelot
