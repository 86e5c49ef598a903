#pragma once
// A game's rules as search and the players see them: one struct per variant, handed to mcts/'s
// templates as their parameter, so the standard game's search compiles to exactly what it was
// and Grand Camelot gets the same search, players and evaluators. What a Rules struct gives:
//
//   Position, Move, MoveList, Game       the variant's own value types and its game in progress
//   Status                               how a game stands: GameStatus, GrandOutcome
//   kVariant                             the Variant it is (engine/variant.hpp)
//   kPositionFormat                      the name of its position text: "CFEN", "GFEN"
//   parsePosition(text), positionText(p) a position read ("startpos" too) and written: CFEN,
//                                        GFEN (throw CfenError, GfenError)
//   gameStatus(position, third)          the end of the game at a position of a game (`third`:
//                                        it stands for the third time), read by BasicGame
//   gameMoves(position, list)            the moves a game lists (the grand game's sorted by
//                                        notation), before the end of the game is applied
//   legalMoves(position, list)           the moves of a position (none once it is decided)
//   tacticalMoves(position, list)        at least legalMoves' captures and goal entries, in its
//                                        order (all that a network's value reads); true when it
//                                        left other moves out
//   after(position, move)                the position a move leads to
//   finalValue(position, moves, third, leftOut)
//                                        nullopt while the game goes on; else the exact result
//                                        for the side to move: +1 won, 0 drawn, -1 lost
//                                        (`third`: the position stands for the third time;
//                                        `moves` from legalMoves, or from tacticalMoves with
//                                        what it returned as `leftOut`)
//   hasWinningMove(position, moves)      whether the side to move wins at once (may miss some)
//   clock(position)                      plies since the placement last changed for good
//   kTurnCycle                           plies from one player's turn to his next
//   seat(position), side(position)       who moves: the seat in turn order (0 .. kTurnCycle -
//                                        1) and its side, 0 or 1 (White or Black; Red and
//                                        Blue or Green and Yellow), seat % 2
//   sameForRepetition(a, b), hash(p)     the identity repetition counts, and a hash of it
//   perft(position, depth)               the leaves of the tree of distinct moves (R10, G13)
//   sameMove(a, b)                       whether two moves are one move (the same outcome)
//
// The two sides alternate at every ply in both variants (Grand Camelot's partnerships move in
// turn, a pass included), so a value changes sign from one ply to the next.

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/cfen.hpp"
#include "engine/grand/grand_rules.hpp"
#include "engine/movegen.hpp"
#include "engine/perft.hpp"
#include "engine/position.hpp"
#include "engine/rules_status.hpp"
#include "engine/variant.hpp"

namespace camelot {

template <class Rules>
class BasicGame;

struct StandardRules {
  using Position = camelot::Position;
  using Move = camelot::Move;
  using MoveList = camelot::MoveList;
  using Game = BasicGame<StandardRules>;
  using Status = GameStatus;
  static constexpr Variant kVariant = Variant::Standard;
  static constexpr const char* kPositionFormat = "CFEN";
  static constexpr std::size_t kTurnCycle = 2;

  static void legalMoves(const Position& p, MoveList& out) { camelot::legalMoves(p, out); }
  static bool tacticalMoves(const Position& p, MoveList& out) {
    return camelot::legalTacticalMoves(p, out);
  }
  static Position after(const Position& p, const Move& m) { return p.after(m); }
  static std::optional<int> finalValue(const Position& p, const MoveList& moves, bool third,
                                       bool leftOut = false) {
    const GameStatus status =
        statusWithMoves(p, !moves.empty() || leftOut, ClockRule::Apply, third);
    if (!status.finished()) return std::nullopt;
    if (status.outcome == Outcome::Draw) return 0;
    const Outcome sideToMoveWins =
        p.sideToMove() == Color::White ? Outcome::WhiteWins : Outcome::BlackWins;
    return status.outcome == sideToMoveWins ? 1 : -1;
  }
  static bool hasWinningMove(const Position& p, const MoveList& moves) {
    return camelot::hasWinningMove(p, moves);
  }
  static int clock(const Position& p) { return p.clock(); }
  static int seat(const Position& p) { return index(p.sideToMove()); }
  static int side(const Position& p) { return seat(p); }
  static bool sameMove(const Move& a, const Move& b) { return sameOutcome(a, b); }
  static bool sameForRepetition(const Position& a, const Position& b) {
    return a.hash() == b.hash() && a.sameForRepetition(b);
  }
  static std::uint64_t hash(const Position& p) { return p.hash(); }
  static Status gameStatus(const Position& p, bool third) {
    return statusWithMoves(p, hasMoves(p), ClockRule::Apply, third);
  }
  static void gameMoves(const Position& p, MoveList& out) { generateMoves(p, out); }
  static std::uint64_t perft(const Position& p, int depth) { return camelot::perft(p, depth); }
  static Position parsePosition(std::string_view text) { return parseCfen(text); }
  static std::string positionText(const Position& p) { return toCfen(p); }
};

struct GrandRules {
  using Position = grand::GrandPosition;
  using Move = grand::GrandMove;
  using MoveList = std::vector<grand::GrandMove>;
  using Game = BasicGame<GrandRules>;
  using Status = grand::GrandOutcome;
  static constexpr Variant kVariant = Variant::Grand;
  static constexpr const char* kPositionFormat = "GFEN";
  static constexpr std::size_t kTurnCycle = grand::kPlayers;

  static void legalMoves(const Position& p, MoveList& out) { out = grand::unsortedLegalMoves(p); }
  static bool tacticalMoves(const Position& p, MoveList& out) {
    bool leftOut = false;
    out = grand::unsortedTacticalMoves(p, leftOut);
    return leftOut;
  }
  static Position after(const Position& p, const Move& m) { return grand::afterMove(p, m); }
  static std::optional<int> finalValue(const Position& p, const MoveList& moves, bool third,
                                       bool leftOut = false) {
    const grand::GrandOutcome outcome = grand::gameOutcome(p, !moves.empty() || leftOut, third);
    if (!outcome.finished()) return std::nullopt;
    if (outcome.kind == grand::GrandOutcome::Kind::Draw) return 0;
    return outcome.winner == grand::partnershipOf(p.toMove) ? 1 : -1;
  }
  // A move that wins for the mover's partnership by G12.1 or 3 in the position it leads to
  // (a stalemate it causes is not looked for: that needs the opponents' moves).
  static bool hasWinningMove(const Position& p, const MoveList& moves) {
    return std::any_of(moves.begin(), moves.end(),
                       [&](const Move& m) { return grand::winsAtOnce(p, m); });
  }
  static int clock(const Position& p) { return p.clock; }
  static int seat(const Position& p) { return grand::index(p.toMove); }
  static int side(const Position& p) { return grand::partnershipOf(p.toMove); }
  static bool sameMove(const Move& a, const Move& b) {
    return grand::moveKey(a) == grand::moveKey(b);
  }
  static bool sameForRepetition(const Position& a, const Position& b) {
    return grand::sameForRepetition(a, b);
  }
  static std::uint64_t hash(const Position& p) { return grand::repetitionHash(p); }
  static Status gameStatus(const Position& p, bool third) {
    return grand::gameOutcome(p, !grand::unsortedLegalMoves(p).empty(), third);
  }
  static void gameMoves(const Position& p, MoveList& out) { out = grand::legalMoves(p); }
  static std::uint64_t perft(const Position& p, int depth) { return grand::perft(p, depth); }
  static Position parsePosition(std::string_view text) {
    return text == "startpos" ? Position::start() : grand::parseGfen(text);
  }
  static std::string positionText(const Position& p) { return grand::toGfen(p); }
};

// A position's hash (Rules::hash: placement, player to move, castle counters) with its clock
// mixed in, for tables whose entries depend on the clock too (Descent's nodes, the network
// judge's values). The clock goes in through an odd multiplier, not mixBits: Grand Camelot's
// hash is an XOR of mixBits of small integers (the player to move is mixBits(0..3)), which
// mixBits(clock + 1) cancelled, so that one board with Green to move at clock 0 and with Blue
// to move at clock 1 had one key, and a Descent tree took the one for the other. From a hash
// already computed (Rules::hash of the position) and its clock, or from the position.
inline std::uint64_t hashWithClock(std::uint64_t hash, int clock) {
  return hash ^ (static_cast<std::uint64_t>(clock + 1) * 0x9E3779B97F4A7C15ull);
}
template <class Rules>
std::uint64_t hashWithClock(const typename Rules::Position& position) {
  return hashWithClock(Rules::hash(position), Rules::clock(position));
}

}  // namespace camelot

// The game in progress of either variant, for code that names Rules::Game: it reads the structs
// above, so it comes after them (engine/game.hpp includes this file first).
#include "engine/game.hpp"
