#pragma once
// A deliberately naive reference move generator for the cross-check tests, written straight
// from docs/rules.md (R1-R10) and sharing no code with the engine's generator.
//
// The board is a plain mailbox (one char per (file, rank)); moves are found by exhaustive
// depth-first enumeration of every legal path (plain steps, canters, jump chains, knight's
// charges) and then grouped by outcome (start, end, set of captured squares) as R10 says, each
// group written along its shortest path, ties broken by the smallest string in byte order.
//
// The engine is used only at the edges: a camelot::Position is read square by square
// (pieceAt, side to move, castle moves, clock) to build the mailbox. Square names, the CFEN
// of the resulting positions and the R9 a-c checks are computed here, independently.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/position.hpp"

namespace camelot::reference {

// One mailbox square: '.' empty (or off the board), 'M'/'K' White man/knight, 'm'/'k' Black.
struct Board {
  // cells[rank][file], rank 1..16 (index 0 unused), file 0..11 = A..L.
  std::array<std::array<char, 12>, 17> cells{};
  int sideToMove = 0;  // 0 White, 1 Black
  std::array<int, 2> castleMovesUsed{};
  int clock = 0;

  Board() {
    for (auto& rank : cells)
      rank.fill('.');
  }
  char at(int file, int rank) const { return cells[rank][file]; }
  char& at(int file, int rank) { return cells[rank][file]; }
};

// R1: whether (file, rank) is one of the 160 real squares.
bool onBoard(int file, int rank);
// R1 letter notation of a square, e.g. "C8", "F16".
std::string squareName(int file, int rank);

Board fromPosition(const Position& position);
// The CFEN of the board (format of tests/data/vectors/README.md), written independently.
std::string toCfen(const Board& board);

// R9 a-c: a win by the castle, the material draw, or no pieces for the side to move.
bool finishedByR9abc(const Board& board);

struct RefMove {
  std::string notation;  // letter notation along the R10 path
  int steps = 0;         // length of that path
  Board after;           // the position after the move (R9 f clock, R8 castle moves)
};

// What the generator met, for the tests' coverage report (optional).
struct Counters {
  std::uint64_t paths = 0;                // legal paths enumerated
  std::uint64_t samePositionPaths = 0;    // paths whose outcome another path already had (R10)
  std::uint64_t equalLengthTies = 0;      // ... with as many steps: decided by byte order (R10)
  std::uint64_t mustLeaveCaptureOut = 0;  // R7: a castle piece could jump, captures out only
  std::uint64_t mustLeaveCaptureByNonJumper = 0;  // ... one of them by a castle piece that
                                                  // could not jump itself (a charge)
  std::uint64_t mustLeaveAnyMoveOut = 0;          // R7: no castle piece could jump
  std::uint64_t mustLeaveLapsed = 0;              // R7: no castle piece could move at all
  std::uint64_t captureObligation = 0;            // R4 applied
};

struct Options {
  Counters* counters = nullptr;
};

// Every distinct legal move (R2-R8, grouped by R10), sorted by notation. Empty for a position
// finished by R9 a-c, and (naturally) for R9 d.
std::vector<RefMove> referenceMoves(const Board& board, const Options& options = {});

// Leaves of the tree of distinct moves (R10), by the reference generator.
std::uint64_t referencePerft(const Board& board, int depth);

}  // namespace camelot::reference
