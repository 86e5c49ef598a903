#pragma once
// Grand Camelot's moves and the end of the game (docs/rules.md G4-G13): every
// distinct legal move of the player to move, a forced pass, the outcome, and perft. Written
// for exactness first; Grand self-play and alpha-beta spend most of their time here, so the
// steps are looked up and a move's squares stay off the heap (square_list.hpp).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/grand/grand_position.hpp"
#include "engine/grand/square_list.hpp"

namespace camelot::grand {

// A move's squares: room in place for a path of 15 squares (14 steps) and 7 captures, which
// nearly every move fits.
using MovePath = SquareList<15>;
using MoveCaptures = SquareList<7>;

struct GrandMove {
  MovePath path;          // the squares visited, start first; empty: a pass (G11)
  int quietSteps = 0;     // plain and canter steps come first, then jump steps
  MoveCaptures captured;  // by rank, then file

  bool pass() const { return path.empty(); }
  int steps() const { return static_cast<int>(path.size()) - 1; }
};

// G13: "C8-D9", "H4xJ4xL6", "F6-F8-H8xH10xJ12", "pass".
std::string notation(const GrandMove& move);
// G13's path-independent key: "FROM-TO", "FROMxTO:C1,C2", "pass".
std::string moveKey(const GrandMove& move);

// G12.1-4, checked before the player to move moves.
struct GrandOutcome {
  enum class Kind : std::uint8_t { None, Win, Draw } kind = Kind::None;
  int winner = -1;     // the winning partnership (0: rb, 1: gy) of a win
  std::string reason;  // castle, castle-pair, elimination, stalemate; material, stalemate
  bool finished() const { return kind != Kind::None; }
};
GrandOutcome outcomeOf(const GrandPosition& position);
// G12.1-3 alone, which need no move generation: a castle win, the material draw, elimination.
GrandOutcome immediateOutcome(const GrandPosition& position);

// Every distinct legal move (G13: one per resulting position, written along its shortest path,
// then the smallest string), sorted by notation; a finished position (G12.1-4) has none; a
// player who cannot move passes (G11): his one move is the pass.
std::vector<GrandMove> legalMoves(const GrandPosition& position);
// The same moves in the order the generator finds them (a fixed order, without naming each
// move): what search and perft use.
std::vector<GrandMove> unsortedLegalMoves(const GrandPosition& position);
// unsortedLegalMoves' captures, its moves onto the mover's goal from off it, and a forced pass,
// in its order, without listing the rest (most of a list's cost is the canters' trees):
// quiescence search and the network's features need no more. `leftOut` says whether
// unsortedLegalMoves has other moves.
std::vector<GrandMove> unsortedTacticalMoves(const GrandPosition& position, bool& leftOut);

// The jump steps the move search of the player to move tries: its work, which stays small on
// any board GFEN accepts (a chain state reached twice is searched once). For tests.
std::int64_t captureSearchSteps(const GrandPosition& position);

// The legal move `text` names: its notation, its key, or just "FROM-TO" / "FROMxTO" where
// that names one move; nullopt when none or several do.
std::optional<GrandMove> findMove(const GrandPosition& position, std::string_view text);

// The position after `move` (G10's castle counters, G12.6's clock, the next player to move).
GrandPosition afterMove(const GrandPosition& position, const GrandMove& move);

// Whether `move` wins for the mover's partnership by G12.1 or 3 in the position it leads to: only
// a move onto the goal or a capture can (a stalemate it causes is not looked for).
bool winsAtOnce(const GrandPosition& position, const GrandMove& move);

// G12.6: the clock that ends a game.
inline constexpr int kClockLimit = 200;

// G12.5's identity: placement, player to move, castle moves used (the clock aside).
bool sameForRepetition(const GrandPosition& a, const GrandPosition& b);
// A hash of that identity (equal positions by sameForRepetition hash equal).
std::uint64_t repetitionHash(const GrandPosition& position);

// G12.1-6 of a position whose player to move is known to have a legal move or not (legalMoves:
// none once 1-4 end the game), given whether it stands for the third time (5); 6 reads its
// clock.
GrandOutcome gameOutcome(const GrandPosition& position, bool hasMoves, bool standsForTheThirdTime);

// G13: leaves `depth` plies down, pass moves counted, finished positions without children.
std::uint64_t perft(const GrandPosition& position, int depth);

}  // namespace camelot::grand
