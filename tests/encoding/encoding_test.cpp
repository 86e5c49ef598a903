// The network's input planes (docs/network.md, "Input planes"): plane counts, exact contents
// of the start position from both sides, the castle, castle-move, must-leave (R7), clock (R9 f)
// and repetition (R9 e) planes, history planes seen from the current mover, and the symmetries
// (R1): the left-right mirror reverses every plane's columns and the colour flip changes nothing.
// The tactical planes: captures (R4, R5) and goal entries (R8) open to each side, and where the
// mover's captures start and end.
// Also the network settings' ranges (NetworkConfig), which fix the history length.

#include "nn/features/encoding.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <initializer_list>
#include <random>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/cfen.hpp"
#include "engine/game.hpp"
#include "engine/notation.hpp"
#include "engine/rules_status.hpp"
#include "nn/network_config.hpp"
#include "tests/encoding/grid_cells.hpp"
#include "tests/engine/hand_built.hpp"

namespace camelot {
namespace {

using testing_support::cellAt;
using testing_support::isRealCell;

using hand_built::sq;

// Plane numbers (docs/network.md).
constexpr int kOwnMen = 0;
constexpr int kOwnKnights = 1;
constexpr int kEnemyMen = 2;
constexpr int kEnemyKnights = 3;
// The first of the eight planes after the positions.
constexpr int extraBase(int historyPlies) {
  return 4 * (historyPlies + 1);
}
enum Extra {
  kRealPlane = 0,
  kOwnCastlePlane,
  kEnemyCastlePlane,
  kOwnCastleMovesPlane,
  kEnemyCastleMovesPlane,
  kMustLeavePlane,
  kClockPlane,
  kRepetitionPlane,
  // The tactical planes, after the eight above when the network has them.
  kMoverCapturesPlane,
  kOpponentCapturesPlane,
  kMoverEntriesPlane,
  kOpponentEntriesPlane,
  kOwnCastleClosenessPlane,
  kGoalClosenessPlane,
  kCaptureStartsPlane,
  kCaptureEndsPlane
};

using Planes = std::vector<float>;

Planes encode(const Position& p, std::span<const Position> history = {}, int repetitions = 0,
              int historyPlies = 2, bool tacticalPlanes = false) {
  Planes out(static_cast<std::size_t>(inputPlaneCount(historyPlies, tacticalPlanes) * kGridCells),
             -7.0f);
  encodePosition(p, history, repetitions, historyPlies, tacticalPlanes, out);
  return out;
}

// The cell of a square seen by `perspective`, by the definition: White rank 1 is row 0, Black
// rank 16 is row 0, columns are files for both.
int expectedCell(Square s, Color perspective) {
  const int row = perspective == Color::White ? rankOf(s) - 1 : kRanks - rankOf(s);
  return cellAt(row, fileOf(s));
}

float at(const Planes& planes, int plane, int cell) {
  return planes.at(static_cast<std::size_t>(plane * kGridCells + cell));
}

std::vector<float> plane(const Planes& planes, int p) {
  const auto begin = planes.begin() + p * kGridCells;
  return {begin, begin + kGridCells};
}

int countOnes(const Planes& planes, int p) {
  int n = 0;
  for (float v : plane(planes, p))
    n += v == 1.0f ? 1 : 0;
  return n;
}

// The four piece planes of `p` with `us` as the own side, built square by square from
// pieceAt: an independent reference for the bit-scanning encoder.
std::vector<float> referencePiecePlanes(const Position& p, Color us) {
  std::vector<float> planes(4 * kGridCells, 0.0f);
  for (Square s : allSquares()) {
    const auto piece = p.pieceAt(s);
    if (!piece) continue;
    const int own = piece->color == us ? 0 : 2;
    const int knight = piece->kind == PieceKind::Knight ? 1 : 0;
    planes[static_cast<std::size_t>((own + knight) * kGridCells + expectedCell(s, us))] = 1.0f;
  }
  return planes;
}

std::vector<float> piecePlanes(const Planes& planes, int h) {
  const auto begin = planes.begin() + 4 * h * kGridCells;
  return {begin, begin + 4 * kGridCells};
}

// Every plane with its columns reversed.
Planes columnsReversed(const Planes& planes) {
  Planes out(planes.size());
  for (std::size_t p = 0; p < planes.size() / kGridCells; ++p)
    for (int cell = 0; cell < kGridCells; ++cell)
      out[p * kGridCells + static_cast<std::size_t>(mirroredCell(cell))] =
          planes[p * kGridCells + static_cast<std::size_t>(cell)];
  return out;
}

// A seeded random game of up to `plies` plies from the start; stops early if the game ends.
Game randomGame(std::uint64_t seed, int plies) {
  std::mt19937_64 rng(seed);
  Game game;
  for (int i = 0; i < plies && !game.finished(); ++i) {
    const MoveList& moves = game.legalMoves();
    game.play(moves[static_cast<std::size_t>(rng() % moves.size())]);
  }
  return game;
}

TEST(InputPlanes, PlaneCountIsFourPerPositionPlusEightPlusEightTactical) {
  EXPECT_EQ(inputPlaneCount(0, false), 12);
  EXPECT_EQ(inputPlaneCount(2, false), 20);
  EXPECT_EQ(inputPlaneCount(8, false), 44);
  EXPECT_EQ(inputPlaneCount(0, true), 20);
  EXPECT_EQ(inputPlaneCount(2, true), 28);
  EXPECT_EQ(kMaxHistoryPlies, 8);
  EXPECT_THROW(inputPlaneCount(-1, false), std::invalid_argument);
  EXPECT_THROW(inputPlaneCount(9, true), std::invalid_argument);
}

TEST(InputPlanes, EveryFloatIsWritten) {
  // The buffer starts full of -7: nothing of it may survive, in every history length. Only
  // the two closeness planes hold values between 0 and 1.
  for (int h : {0, 2, 8}) {
    for (bool tactical : {false, true}) {
      const Planes planes = encode(Position::start(), {}, 0, h, tactical);
      const std::size_t fractionalFrom =
          static_cast<std::size_t>(extraBase(h) + kOwnCastleClosenessPlane) * kGridCells;
      for (std::size_t i = 0; i < planes.size(); ++i) {
        const float v = planes[i];
        if (i >= fractionalFrom)
          ASSERT_TRUE(v >= 0.0f && v <= 1.0f) << "history " << h << ": " << v;
        else
          ASSERT_TRUE(v == 0.0f || v == 1.0f) << "history " << h << ": " << v;
      }
    }
  }
}

TEST(InputPlanes, StartPositionFromWhitesViewR1) {
  const Position start = Position::start();
  ASSERT_EQ(start.sideToMove(), Color::White);
  const Planes planes = encode(start);

  // R1: 10 men and 4 knights a side.
  EXPECT_EQ(countOnes(planes, kOwnMen), 10);
  EXPECT_EQ(countOnes(planes, kOwnKnights), 4);
  EXPECT_EQ(countOnes(planes, kEnemyMen), 10);
  EXPECT_EQ(countOnes(planes, kEnemyKnights), 4);

  // White's F7 man: rank 7 is row 6, file F column 5. Knight C6: row 5, column 2.
  EXPECT_EQ(at(planes, kOwnMen, cellAt(6, 5)), 1.0f);
  EXPECT_EQ(at(planes, kOwnKnights, cellAt(5, 2)), 1.0f);
  EXPECT_EQ(at(planes, kOwnMen, cellAt(5, 2)), 0.0f);
  // Black's F10 man and C11 knight stay where they are: rows 9 and 10.
  EXPECT_EQ(at(planes, kEnemyMen, cellAt(9, 5)), 1.0f);
  EXPECT_EQ(at(planes, kEnemyKnights, cellAt(10, 2)), 1.0f);
  EXPECT_EQ(cellOf(sq("F7"), Color::White), cellAt(6, 5));

  EXPECT_EQ(piecePlanes(planes, 0), referencePiecePlanes(start, Color::White));
  // No history at the start: the history planes are empty boards.
  for (int p = 4; p < 12; ++p)
    EXPECT_EQ(countOnes(planes, p), 0) << "plane " << p;
}

TEST(InputPlanes, StartPositionFromBlacksViewIsFlippedR1) {
  Position start = Position::start();
  start.setSideToMove(Color::Black);
  const Planes planes = encode(start);

  EXPECT_EQ(countOnes(planes, kOwnMen), 10);
  EXPECT_EQ(countOnes(planes, kOwnKnights), 4);
  EXPECT_EQ(countOnes(planes, kEnemyMen), 10);
  EXPECT_EQ(countOnes(planes, kEnemyKnights), 4);

  // Black's own pieces are at the low rows: F10 (rank 10) is row 16 - 10 = 6, the knight C11
  // row 5, both in their own files (no left-right mirror).
  EXPECT_EQ(at(planes, kOwnMen, cellAt(6, 5)), 1.0f);
  EXPECT_EQ(at(planes, kOwnKnights, cellAt(5, 2)), 1.0f);
  EXPECT_EQ(cellOf(sq("F10"), Color::Black), cellAt(6, 5));
  EXPECT_EQ(cellOf(sq("C11"), Color::Black), cellAt(5, 2));
  // White's F7 man is the enemy at row 16 - 7 = 9.
  EXPECT_EQ(at(planes, kEnemyMen, cellAt(9, 5)), 1.0f);
  EXPECT_EQ(cellOf(sq("F7"), Color::Black), cellAt(9, 5));
  for (int cell = 0; cell < kGridCells; ++cell) {
    if (at(planes, kOwnMen, cell) == 1.0f || at(planes, kOwnKnights, cell) == 1.0f) {
      EXPECT_LE(cell / kGridColumns, 6) << "own piece at cell " << cell;
    }
  }

  EXPECT_EQ(piecePlanes(planes, 0), referencePiecePlanes(start, Color::Black));
  // The start position is symmetric under the colour flip, so both sides see the same board.
  EXPECT_EQ(planes, encode(Position::start()));
}

TEST(InputPlanes, RealSquareAndCastlePlanesR1) {
  for (const Color mover : {Color::White, Color::Black}) {
    Position p = Position::start();
    p.setSideToMove(mover);
    const Planes planes = encode(p);
    const int base = extraBase(2);

    EXPECT_EQ(countOnes(planes, base + kRealPlane), 160);
    for (int cell = 0; cell < kGridCells; ++cell)
      EXPECT_EQ(at(planes, base + kRealPlane, cell), isRealCell(cell) ? 1.0f : 0.0f) << cell;

    // The own castle is at row 0 for both sides, the enemy's at row 15, columns F and G.
    EXPECT_EQ(countOnes(planes, base + kOwnCastlePlane), 2);
    EXPECT_EQ(at(planes, base + kOwnCastlePlane, cellAt(0, 5)), 1.0f);
    EXPECT_EQ(at(planes, base + kOwnCastlePlane, cellAt(0, 6)), 1.0f);
    EXPECT_EQ(countOnes(planes, base + kEnemyCastlePlane), 2);
    EXPECT_EQ(at(planes, base + kEnemyCastlePlane, cellAt(15, 5)), 1.0f);
    EXPECT_EQ(at(planes, base + kEnemyCastlePlane, cellAt(15, 6)), 1.0f);
    for (const Square s : {kF1, kG1, kF16, kG16}) {
      const int castlePlane = isCastleOf(mover, s) ? kOwnCastlePlane : kEnemyCastlePlane;
      EXPECT_EQ(at(planes, base + castlePlane, cellOf(s, mover)), 1.0f);
    }
  }
}

// Every cell of a constant plane: `value` on real squares, 0 elsewhere.
void expectConstant(const Planes& planes, int p, float value) {
  for (int cell = 0; cell < kGridCells; ++cell)
    ASSERT_EQ(at(planes, p, cell), isRealCell(cell) ? value : 0.0f)
        << "plane " << p << " cell " << cell;
}

TEST(InputPlanes, CastleMovesLeftFromBothViewsR8) {
  Position p = hand_built::board("MF16 MD5 mD9 mF1");
  p.setCastleMovesUsed(Color::White, 1);
  p.setCastleMovesUsed(Color::Black, 2);
  const int base = extraBase(2);

  const Planes white = encode(p);
  expectConstant(white, base + kOwnCastleMovesPlane, 0.5f);
  expectConstant(white, base + kEnemyCastleMovesPlane, 0.0f);

  p.setSideToMove(Color::Black);
  const Planes black = encode(p);
  expectConstant(black, base + kOwnCastleMovesPlane, 0.0f);
  expectConstant(black, base + kEnemyCastleMovesPlane, 0.5f);

  expectConstant(encode(Position::start()), base + kOwnCastleMovesPlane, 1.0f);
  expectConstant(encode(Position::start()), base + kEnemyCastleMovesPlane, 1.0f);
}

TEST(InputPlanes, ClockPlaneIsCappedAtTheLimitR9f) {
  const int base = extraBase(2);
  Position p = Position::start();
  expectConstant(encode(p), base + kClockPlane, 0.0f);
  p.setClock(37);
  expectConstant(encode(p), base + kClockPlane, 37.0f / 100.0f);
  p.setClock(100);
  expectConstant(encode(p), base + kClockPlane, 1.0f);
  // A clock past the limit (a CFEN may hold one) reads as the limit.
  p.setClock(150);
  expectConstant(encode(p), base + kClockPlane, 1.0f);
}

TEST(InputPlanes, RepetitionPlaneR9e) {
  const int base = extraBase(2);
  const Position p = Position::start();
  expectConstant(encode(p, {}, 0), base + kRepetitionPlane, 0.0f);
  expectConstant(encode(p, {}, 1), base + kRepetitionPlane, 0.5f);
  expectConstant(encode(p, {}, 2), base + kRepetitionPlane, 1.0f);
  expectConstant(encode(p, {}, 5), base + kRepetitionPlane, 1.0f);
}

TEST(InputPlanes, MustLeavePlaneMarksOwnPiecesOnOwnCastleR7) {
  const int base = extraBase(2);
  // White men on both own castle squares are under the R7 obligation; Black's man on its own
  // castle F16 is not (it is not Black's turn) and White's man on the goal G16 never is.
  const Position white = hand_built::board("MF1 KG1 MG16 mF16 MD5 mD7");
  const Planes planes = encode(white);
  EXPECT_EQ(countOnes(planes, base + kMustLeavePlane), 2);
  EXPECT_EQ(at(planes, base + kMustLeavePlane, cellAt(0, 5)), 1.0f);
  EXPECT_EQ(at(planes, base + kMustLeavePlane, cellAt(0, 6)), 1.0f);

  // Black to move: only Black's F16 man, seen at row 0.
  const Position black = hand_built::board("MF1 KG1 MG16 mF16 MD5 mD7", Color::Black);
  const Planes blackPlanes = encode(black);
  EXPECT_EQ(countOnes(blackPlanes, base + kMustLeavePlane), 1);
  EXPECT_EQ(at(blackPlanes, base + kMustLeavePlane, cellAt(0, 5)), 1.0f);

  // Nothing on the own castle: an empty plane.
  EXPECT_EQ(countOnes(encode(Position::start()), base + kMustLeavePlane), 0);
}

TEST(InputPlanes, HistoryPlanesSeeEarlierPositionsFromTheCurrentMover) {
  Game game;
  game.play(parseMove(game.position(), "F7-F8"));
  game.play(parseMove(game.position(), "E10-E9"));
  const std::vector<Position>& positions = game.positions();
  ASSERT_EQ(positions.size(), 3u);
  const Position& current = positions.back();
  const std::span<const Position> history(positions.data(), 2);
  ASSERT_EQ(current.sideToMove(), Color::White);

  const Planes planes = encode(current, history, 0, 2);
  EXPECT_EQ(piecePlanes(planes, 0), referencePiecePlanes(current, Color::White));
  // One ply back: Black had just not yet played E10-E9; still seen by White.
  EXPECT_EQ(piecePlanes(planes, 1), referencePiecePlanes(positions[1], Color::White));
  EXPECT_EQ(at(planes, 4 + kEnemyMen, cellOf(sq("E10"), Color::White)), 1.0f);
  EXPECT_EQ(at(planes, 4 + kOwnMen, cellOf(sq("F8"), Color::White)), 1.0f);
  // Two plies back: the start position.
  EXPECT_EQ(piecePlanes(planes, 2), referencePiecePlanes(positions[0], Color::White));
  EXPECT_EQ(at(planes, 8 + kOwnMen, cellOf(sq("F7"), Color::White)), 1.0f);

  // Only the last historyPlies positions are used.
  const Planes one = encode(current, history, 0, 1);
  EXPECT_EQ(piecePlanes(one, 1), referencePiecePlanes(positions[1], Color::White));

  // Black to move one ply earlier sees the start position from Black's side.
  const Planes blackPlanes = encode(positions[1], std::span<const Position>(positions.data(), 1));
  EXPECT_EQ(piecePlanes(blackPlanes, 1), referencePiecePlanes(positions[0], Color::Black));
  // Its second history position is missing (the start of the game): an empty board.
  for (int p = 8; p < 12; ++p)
    EXPECT_EQ(countOnes(blackPlanes, p), 0) << "plane " << p;

  // With room for eight, the six positions that do not exist are empty boards.
  const Planes eight = encode(current, history, 0, 8);
  for (int p = 12; p < 36; ++p)
    EXPECT_EQ(countOnes(eight, p), 0) << "plane " << p;
  EXPECT_EQ(piecePlanes(eight, 2), referencePiecePlanes(positions[0], Color::White));
}

// R1: the board is symmetric left-right, so the mirrored position (and history) encodes as the
// same planes with their columns reversed; and the colour flip with the side to move swapped
// is the same position for the mover, so it encodes identically.
TEST(InputPlanes, MirrorReversesColumnsAndColourFlipChangesNothingR1) {
  int checked = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    const Game game = randomGame(seed, 120);
    const std::vector<Position>& positions = game.positions();
    for (std::size_t i = 0; i < positions.size(); i += 3) {
      const std::span<const Position> history(positions.data(), i);
      std::vector<Position> mirroredHistory;
      std::vector<Position> flippedHistory;
      for (const Position& q : history) {
        mirroredHistory.push_back(q.mirrored());
        flippedHistory.push_back(q.colorFlipped());
      }
      const Position& p = positions[i];
      const int repetitions = static_cast<int>(i % 3);
      for (const int h : {0, 2, 8}) {
        const Planes planes = encode(p, history, repetitions, h, /*tacticalPlanes=*/true);
        ASSERT_EQ(encode(p.mirrored(), mirroredHistory, repetitions, h, true),
                  columnsReversed(planes))
            << "seed " << seed << " ply " << i << " history " << h << ": " << toCfen(p);
        ASSERT_EQ(encode(p.colorFlipped(), flippedHistory, repetitions, h, true), planes)
            << "seed " << seed << " ply " << i << " history " << h << ": " << toCfen(p);
        ASSERT_EQ(piecePlanes(planes, 0), referencePiecePlanes(p, p.sideToMove()));
      }
      ++checked;
    }
  }
  EXPECT_GT(checked, 200);
}

// The cells of `squares` seen by `perspective`, as a plane.
std::vector<float> planeOf(std::initializer_list<const char*> squares, Color perspective) {
  std::vector<float> out(kGridCells, 0.0f);
  for (const char* name : squares)
    out[static_cast<std::size_t>(expectedCell(sq(name), perspective))] = 1.0f;
  return out;
}

TEST(TacticalPlanes, MarkWhatEachSideCouldCaptureOrBringToAGoalR4R5R8) {
  // White's D5 must jump D6 and go on over E8 (R4, R5); Black, were it to move, has no capture
  // (D6 over D5 lands on the occupied D4) and its G2 man can step onto its goal G1 or F1 (R8).
  // White's F15 man stands next to its goal but may not enter: the capture is compulsory.
  const Position white = hand_built::board("MD4 MD5 mD6 mE8 mG2 MF15");
  const int base = extraBase(2);
  const Planes w = encode(white, {}, 0, 2, /*tacticalPlanes=*/true);
  EXPECT_EQ(plane(w, base + kMoverCapturesPlane), planeOf({"D6", "E8"}, Color::White));
  EXPECT_EQ(plane(w, base + kOpponentCapturesPlane), planeOf({}, Color::White));
  EXPECT_EQ(plane(w, base + kMoverEntriesPlane), planeOf({}, Color::White));
  EXPECT_EQ(plane(w, base + kOpponentEntriesPlane), planeOf({"G2"}, Color::White));

  // The same board with Black to move: the halves swap and are seen from Black's side.
  const Position black = hand_built::board("MD4 MD5 mD6 mE8 mG2 MF15", Color::Black);
  const Planes b = encode(black, {}, 0, 2, true);
  EXPECT_EQ(plane(b, base + kMoverCapturesPlane), planeOf({}, Color::Black));
  EXPECT_EQ(plane(b, base + kOpponentCapturesPlane), planeOf({"D6", "E8"}, Color::Black));
  EXPECT_EQ(plane(b, base + kMoverEntriesPlane), planeOf({"G2"}, Color::Black));
  EXPECT_EQ(plane(b, base + kOpponentEntriesPlane), planeOf({}, Color::Black));
}

// The cells of `squares` seen by `perspective` set to `value`, as a plane.
std::vector<float> planeOf(std::initializer_list<const char*> squares, float value,
                           Color perspective) {
  std::vector<float> out = planeOf(squares, perspective);
  for (float& v : out)
    v *= value;
  return out;
}

TEST(TacticalPlanes, CaptureStartsAndEndsCarryTheMostPiecesTakenR4R5) {
  // White's D5 must jump D6 and go on over E8 to F9 (R4, R5): two pieces, 2/8 on its start
  // and end squares; Black, to move on the same board, has no capture.
  const int base = extraBase(2);
  const Planes w = encode(hand_built::board("MD4 MD5 mD6 mE8 mG2"), {}, 0, 2, true);
  EXPECT_EQ(plane(w, base + kCaptureStartsPlane), planeOf({"D5"}, 0.25f, Color::White));
  EXPECT_EQ(plane(w, base + kCaptureEndsPlane), planeOf({"F9"}, 0.25f, Color::White));
  const Planes b = encode(hand_built::board("MD4 MD5 mD6 mE8 mG2", Color::Black), {}, 0, 2, true);
  EXPECT_EQ(plane(b, base + kCaptureStartsPlane), planeOf({}, Color::Black));
  EXPECT_EQ(plane(b, base + kCaptureEndsPlane), planeOf({}, Color::Black));

  // Black's knight on H12 may charge: canter over its own H11 to H10, then jump G9 to F8 and
  // must go on over E7 to D6 (R5). The charge is optional (R4); its start and end are marked,
  // seen from Black's side.
  const Planes charge =
      encode(hand_built::board("kH12 mH11 MG9 ME7 MD3", Color::Black), {}, 0, 2, true);
  EXPECT_EQ(plane(charge, base + kCaptureStartsPlane), planeOf({"H12"}, 0.25f, Color::Black));
  EXPECT_EQ(plane(charge, base + kCaptureEndsPlane), planeOf({"D6"}, 0.25f, Color::Black));
}

TEST(TacticalPlanes, ClosenessCountsKingStepsToEachCastleR1) {
  // The same for either side to move: the mover's castle is always row 0, its goal row 15.
  for (const Color mover : {Color::White, Color::Black}) {
    const Planes planes = encode(hand_built::board("MD4 mD9", mover), {}, 0, 2, true);
    const auto own = [&](int row, int column) {
      return at(planes, extraBase(2) + kOwnCastleClosenessPlane, cellAt(row, column));
    };
    const auto goal = [&](int row, int column) {
      return at(planes, extraBase(2) + kGoalClosenessPlane, cellAt(row, column));
    };
    EXPECT_EQ(own(0, 5), 1.0f);
    EXPECT_EQ(own(0, 6), 1.0f);
    EXPECT_EQ(goal(15, 6), 1.0f);
    EXPECT_EQ(own(15, 5), 0.0f);                 // 15 steps away
    EXPECT_FLOAT_EQ(own(3, 0), 10.0f / 15.0f);   // 3 rows, 5 columns: 5 steps
    EXPECT_FLOAT_EQ(goal(9, 11), 9.0f / 15.0f);  // 6 rows, 5 columns: 6 steps
    EXPECT_FLOAT_EQ(own(1, 4), 14.0f / 15.0f);
    EXPECT_EQ(own(0, 0), 0.0f);  // off the board (R1)
    EXPECT_EQ(goal(14, 1), 0.0f);
  }
}

TEST(TacticalPlanes, AStepWithinTheGoalIsNoEntryR8) {
  // White holds F16; its step to G16 is a castle move, not an entry. Its F15 man can enter G16.
  const Position p = hand_built::board("MF16 MF15 mD3 mA9");
  const Planes planes = encode(p, {}, 0, 0, true);
  EXPECT_EQ(plane(planes, extraBase(0) + kMoverEntriesPlane), planeOf({"F15"}, Color::White));
  // Without the tactical planes the input ends at the repetition plane.
  EXPECT_EQ(encode(p, {}, 0, 0, false).size(),
            static_cast<std::size_t>((extraBase(0) + kRepetitionPlane + 1) * kGridCells));
}

TEST(InputPlanes, WrongOutputSizeThrows) {
  const Position p = Position::start();
  std::vector<float> small(static_cast<std::size_t>(inputPlaneCount(2, false) * kGridCells - 1));
  EXPECT_THROW(encodePosition(p, {}, 0, 2, false, small), std::invalid_argument);
  std::vector<float> big(static_cast<std::size_t>(inputPlaneCount(2, false) * kGridCells + 1));
  EXPECT_THROW(encodePosition(p, {}, 0, 2, false, big), std::invalid_argument);
  // The size for another history length, or without the tactical planes, is wrong too.
  std::vector<float> forZero(static_cast<std::size_t>(inputPlaneCount(0, false) * kGridCells));
  EXPECT_THROW(encodePosition(p, {}, 0, 2, false, forZero), std::invalid_argument);
  EXPECT_THROW(encodePosition(p, {}, 0, 0, true, forZero), std::invalid_argument);
  EXPECT_NO_THROW(encodePosition(p, {}, 0, 0, false, forZero));
  std::vector<float> any(static_cast<std::size_t>(inputPlaneCount(8, false) * kGridCells));
  EXPECT_THROW(encodePosition(p, {}, 0, 9, false, any), std::invalid_argument);
  EXPECT_THROW(encodePosition(p, {}, 0, -1, false, any), std::invalid_argument);
}

TEST(NetworkConfigTest, DefaultsAreValidAndDescribed) {
  const NetworkConfig config;
  EXPECT_NO_THROW(validate(config));
  EXPECT_EQ(describe(config),
            "6x64 (pool every 3, policy 32, value 32/128, history 2, tactical planes)");
  NetworkConfig noPooling;
  noPooling.globalPoolingEvery = 0;
  noPooling.historyPlies = 0;
  noPooling.tacticalPlanes = false;
  EXPECT_NO_THROW(validate(noPooling));
  EXPECT_EQ(describe(noPooling), "6x64 (no pooling, policy 32, value 32/128, history 0)");
}

// validate() must reject `config` with a message naming `name` and the value.
void expectRejected(const NetworkConfig& config, const std::string& name, int value) {
  try {
    validate(config);
    FAIL() << name << " = " << value << " was accepted";
  } catch (const std::invalid_argument& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.rfind(name + " must be", 0), 0u) << what;
    EXPECT_NE(what.find("(got " + std::to_string(value) + ")"), std::string::npos) << what;
  }
}

TEST(NetworkConfigTest, ValidateRejectsEachSettingOutOfRange) {
  struct Case {
    const char* name;
    int NetworkConfig::*field;
    std::vector<int> bad;
    std::vector<int> good;
  };
  const std::vector<Case> cases = {
      {"blocks", &NetworkConfig::blocks, {0, -1, 65}, {1, 64}},
      {"channels", &NetworkConfig::channels, {0, 1, 3, 63, 513, 514}, {2, 512}},
      {"globalPoolingEvery", &NetworkConfig::globalPoolingEvery, {-1, 65}, {0, 64}},
      {"policyChannels", &NetworkConfig::policyChannels, {0, 1, 31, 258}, {2, 256}},
      {"valueChannels", &NetworkConfig::valueChannels, {0, 257}, {1, 256}},
      {"valueHidden", &NetworkConfig::valueHidden, {0, 1025}, {1, 1024}},
      {"historyPlies", &NetworkConfig::historyPlies, {-1, 9}, {0, kMaxHistoryPlies}},
  };
  for (const Case& c : cases) {
    for (const int value : c.bad) {
      NetworkConfig config;
      config.*c.field = value;
      expectRejected(config, c.name, value);
    }
    for (const int value : c.good) {
      NetworkConfig config;
      config.*c.field = value;
      EXPECT_NO_THROW(validate(config)) << c.name << " = " << value;
    }
  }
  // The message names the allowed range.
  NetworkConfig zeroBlocks;
  zeroBlocks.blocks = 0;
  EXPECT_THROW(
      {
        try {
          validate(zeroBlocks);
        } catch (const std::invalid_argument& e) {
          EXPECT_STREQ(e.what(), "blocks must be in 1..64 (got 0)");
          throw;
        }
      },
      std::invalid_argument);
}

}  // namespace
}  // namespace camelot
