#pragma once
// The variant's side of alpha-beta (players/alphabeta_player.hpp): what the search needs of a
// game beyond engine/game_rules.hpp's Rules, one specialisation per variant. The standard game's
// are its fast generator's calls (the full and the tactical listing) and the hand-written
// evaluation of mcts/evaluation.hpp; Grand Camelot's are its generator's full and tactical
// listings and mcts/grand_evaluation.hpp. Both games alternate their two sides every ply (Grand
// Camelot's partnerships), so negamax applies as it is.
//
//   Weights                            the hand-written evaluation's weights
//   kClockLimit                        the clock at which the game is drawn (R9 f, G12.6)
//   kSeats                             seats in turn order (the history table has one a seat)
//   kPolicyPruneMoves                  a network's search's default policyPruneMoves
//                                      (players/alphabeta_player.hpp)
//   seat(p)                            the seat to move
//   decided(p, ply)                    the score of a game decided without listing moves (R9
//                                      a-c, G12.1-3), `ply` plies from the root; none while on
//   noMovesScore(p, ply)               the score when the side to move has no move (R9 d, G12.4)
//   generate(p, list)                  every move, the game not decided
//   generateTactical(p, list)          at least the captures and the moves that may win or
//                                      enter the goal; true when it left other moves out
//   moveKey(m)                         a move's identity for the table and the killers, not 0
//   isCapture(m), entersGoal(p, m)     for the order of the moves and the reductions
//   winsAtOnce(p, m)                   the move wins the game on the spot (may miss some)
//   capturedValue(p, m, w)             the material it takes, in the evaluation's units
//   from(m), to(m)                     its ends, for the history table
//   evaluate(p, w)                     the static value for the side to move

#include <cstdint>
#include <optional>

#include "engine/game_rules.hpp"
#include "mcts/evaluation.hpp"
#include "mcts/grand_evaluation.hpp"

namespace camelot {

template <class Rules>
struct AlphaBetaVariant;

template <>
struct AlphaBetaVariant<StandardRules> {
  using Weights = EvalWeights;
  static constexpr int kClockLimit = camelot::kClockLimit;
  static constexpr int kSeats = 2;
  // Not measured: the standard network's policy was not safe to reduce on (docs/learning.md,
  // "Reducing the moves the policy dislikes").
  static constexpr int kPolicyPruneMoves = 0;

  static int seat(const Position& p) { return index(p.sideToMove()); }
  static std::optional<int> decided(const Position& p, int ply) {
    const GameStatus s = immediateStatus(p);
    if (!s.finished()) return std::nullopt;
    return terminalScore(s, p.sideToMove(), ply);
  }
  static int noMovesScore(const Position& p, int ply) {
    return terminalScore(statusWithMoves(p, false, ClockRule::Ignore), p.sideToMove(), ply);
  }
  static void generate(const Position& p, MoveList& out) { generateMoves(p, out); }
  static bool generateTactical(const Position& p, MoveList& out) {
    return generateTacticalMoves(p, out);
  }
  // From and to decide a non-capture (R10); a fold of the captured squares (in written order,
  // which is fixed) tells captures apart.
  static std::uint32_t moveKey(const Move& m) {
    std::uint32_t captured = m.isCapture() ? 1 : 0;
    for (int i = m.quietSteps; i < m.steps; ++i)
      captured = captured * 167 + m.jumpedSquare(i);
    return m.from() | (static_cast<std::uint32_t>(m.to()) << 8) | ((captured & 0xFFFF) << 16);
  }
  static bool isCapture(const Move& m) { return m.isCapture(); }
  static bool entersGoal(const Position& p, const Move& m) {
    return isGoalOf(p.sideToMove(), m.to());
  }
  // The move puts the mover's second piece on the goal: a win by R9 a.
  static bool winsAtOnce(const Position& p, const Move& m) {
    const Square to = m.to();
    const Square other = otherCastleSquare(to);
    return isGoalOf(p.sideToMove(), to) && m.from() != other &&
           p.pieces(p.sideToMove()).test(other);
  }
  static int capturedValue(const Position& p, const Move& m, const Weights& w) {
    const Bitboard knights = p.knights(opposite(p.sideToMove()));
    int value = 0;
    for (int i = m.quietSteps; i < m.steps; ++i)
      value += knights.test(m.jumpedSquare(i)) ? w.knight : w.man;
    return value;
  }
  static int from(const Move& m) { return m.from(); }
  static int to(const Move& m) { return m.to(); }
  static int evaluate(const Position& p, const Weights& w) { return camelot::evaluate(p, w); }
};

template <>
struct AlphaBetaVariant<GrandRules> {
  using Position = grand::GrandPosition;
  using Move = grand::GrandMove;
  using MoveList = GrandRules::MoveList;
  using Weights = GrandEvalWeights;
  static constexpr int kClockLimit = grand::kClockLimit;
  static constexpr int kSeats = grand::kPlayers;
  // Most of a ply deeper in the same time: 389-1-110 (0.779) over 500 goal games, 0.712 without
  // (docs/learning.md, "The policy prunes the quiet moves near the horizon").
  static constexpr int kPolicyPruneMoves = 6;

  static int seat(const Position& p) { return grand::index(p.toMove); }
  static std::optional<int> decided(const Position& p, int ply) {
    return scoreOf(grand::immediateOutcome(p), p, ply);
  }
  static int noMovesScore(const Position& p, int ply) {
    return scoreOf(grand::gameOutcome(p, /*hasMoves=*/false, false), p, ply).value_or(0);
  }
  static void generate(const Position& p, MoveList& out) { out = grand::unsortedLegalMoves(p); }
  static bool generateTactical(const Position& p, MoveList& out) {
    return GrandRules::tacticalMoves(p, out);
  }
  // Its ends and a fold of the captured squares (G13: they make the move); a pass is 255-255.
  static std::uint32_t moveKey(const Move& m) {
    if (m.pass()) return 0xFFFF;
    std::uint32_t captured = m.captured.empty() ? 0 : 1;
    for (const grand::Square s : m.captured)
      captured = captured * 167 + s;
    return m.path.front() | (static_cast<std::uint32_t>(m.path.back()) << 8) |
           ((captured & 0xFFFF) << 16);
  }
  static bool isCapture(const Move& m) { return !m.captured.empty(); }
  static bool entersGoal(const Position& p, const Move& m) {
    return !m.pass() && grand::onGoal(m.path.back(), p.toMove) &&
           !grand::onGoal(m.path.front(), p.toMove);
  }
  // A castle win (G12.1) or an elimination (G12.3) on the spot.
  static bool winsAtOnce(const Position& p, const Move& m) { return grand::winsAtOnce(p, m); }
  static int capturedValue(const Position& p, const Move& m, const Weights& w) {
    int value = 0;
    for (const grand::Square s : m.captured)
      value += p.board[s].knight() ? w.knight : w.man;
    return value;
  }
  static int from(const Move& m) { return m.pass() ? grand::kNoSquare : m.path.front(); }
  static int to(const Move& m) { return m.pass() ? grand::kNoSquare : m.path.back(); }
  static int evaluate(const Position& p, const Weights& w) { return camelot::evaluate(p, w); }

 private:
  // A decided game's score for the partnership to move.
  static std::optional<int> scoreOf(const grand::GrandOutcome& o, const Position& p, int ply) {
    if (!o.finished()) return std::nullopt;
    if (o.kind == grand::GrandOutcome::Kind::Draw) return 0;
    return o.winner == grand::partnershipOf(p.toMove) ? winIn(ply) : lossIn(ply);
  }
};

}  // namespace camelot
