// Property checks over random play: at every ply, the incremental hash matches a recomputed one,
// CFEN round-trips, the move set is symmetric under the left-right mirror and the colour flip
// (R1), the outcome flips with the colours (R9), both notations round-trip for every legal move
// (R1, R10), no two legal moves have the same outcome (R10), copy-make agrees with after(), and
// each piece's moves listed alone are the full list's (R4, R7 obligations kept; R9 d's hasMoves),
// and so are the tactical moves (captures and goal entries, R8).
// Play starts from the start position, from random placements and from the shared benchmark
// positions; every run is seeded, so a failure names the seed that reproduces it.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "engine/cfen.hpp"
#include "engine/game.hpp"
#include "engine/notation.hpp"
#include "engine/rules_status.hpp"

namespace camelot {
namespace {

const std::filesystem::path kBenchPositions =
    std::filesystem::path(CAMELOT_VECTOR_DIR) / "bench_positions.txt";

// Self-play games restart after this many plies even if R9 has not ended them.
constexpr int kMaxGamePlies = 400;

std::size_t randomIndex(std::mt19937_64& rng, std::size_t n) {
  return static_cast<std::size_t>(rng() % n);
}

Outcome colorFlippedOutcome(Outcome o) {
  if (o == Outcome::WhiteWins) return Outcome::BlackWins;
  if (o == Outcome::BlackWins) return Outcome::WhiteWins;
  return o;
}

bool byHash(const Position& a, const Position& b) {
  return a.hash() < b.hash();
}

// The positions after each move, sorted by hash so that equal sets compare element by element.
std::vector<Position> sortedChildren(const Position& p, const MoveList& moves) {
  std::vector<Position> children;
  children.reserve(moves.size());
  for (const Move& m : moves)
    children.push_back(p.after(m));
  std::sort(children.begin(), children.end(), byHash);
  return children;
}

// R1: the moves of transform(p) are exactly the transformed moves of p, compared by the
// positions they lead to. `transform` is Position::mirrored or Position::colorFlipped.
void checkSymmetry(const Position& p, const MoveList& moves,
                   Position (Position::*transform)() const, const char* name) {
  const Position t = (p.*transform)();
  ASSERT_EQ(((t.*transform)()), p) << name << " twice is not the identity: " << toCfen(p);
  ASSERT_EQ(t.hash(), t.computeHash()) << name << ": " << toCfen(p);

  const MoveList tMoves = legalMoves(t);
  ASSERT_EQ(tMoves.size(), moves.size())
      << name << " changes the number of moves: " << toCfen(p) << " vs " << toCfen(t);

  std::vector<Position> expected;
  expected.reserve(moves.size());
  for (const Move& m : moves)
    expected.push_back((p.after(m).*transform)());
  std::sort(expected.begin(), expected.end(), byHash);
  const std::vector<Position> actual = sortedChildren(t, tMoves);
  if (expected == actual) return;

  for (const Move& m : moves) {
    const Position target = (p.after(m).*transform)();
    ASSERT_NE(std::find(actual.begin(), actual.end(), target), actual.end())
        << "move " << toNotation(m) << " of " << toCfen(p) << " has no counterpart in the " << name
        << " position " << toCfen(t) << " (expected a move to " << toCfen(target) << ")";
  }
  FAIL() << name << " move sets differ: " << toCfen(p) << " vs " << toCfen(t);
}

// R4, R7: the moves listed for one piece alone are the full list's moves of that piece, in the
// same order, whatever the other pieces oblige; R9 d: hasMoves agrees with the full list.
void checkMovesByPiece(const Position& p) {
  const MoveList all = generateMoves(p);
  ASSERT_EQ(hasMoves(p), !all.empty()) << "R9 d: " << toCfen(p);
  MoveList own;
  std::size_t listed = 0;
  forEachSquare(p.pieces(p.sideToMove()), [&](Square s) {
    generateMovesOf(p, Bitboard::of(s), own);
    std::vector<Move> expected;
    for (const Move& m : all)
      if (m.from() == s) expected.push_back(m);
    ASSERT_EQ(std::vector<Move>(own.begin(), own.end()), expected)
        << "the moves of " << squareName(s) << " alone in " << toCfen(p);
    listed += own.size();
  });
  ASSERT_EQ(listed, all.size()) << toCfen(p);
}

// R4, R7, R8: the tactical listing is the full list's captures and goal entries (castle moves
// within the goal excepted), in the same order, and it says whether the full list has more.
void checkTacticalMoves(const Position& p) {
  const MoveList all = generateMoves(p);
  const Bitboard goal = goalOf(p.sideToMove());
  std::vector<Move> expected;
  for (const Move& m : all)
    if (m.isCapture() || (goal.test(m.to()) && !goal.test(m.from()))) expected.push_back(m);
  MoveList tactical;
  const bool others = generateTacticalMoves(p, tactical);
  ASSERT_EQ(std::vector<Move>(tactical.begin(), tactical.end()), expected)
      << "tactical moves of " << toCfen(p);
  ASSERT_EQ(others, expected.size() < all.size()) << "moves left unlisted in " << toCfen(p);
}

// Every property of one position. Messages name the position (CFEN) and the move at fault.
void checkPosition(const Position& p) {
  const Position snapshot = p;
  ASSERT_EQ(p.hash(), p.computeHash()) << toCfen(p);

  const std::string cfen = toCfen(p);
  const Position parsed = parseCfen(cfen);
  ASSERT_EQ(parsed, p) << cfen;
  ASSERT_EQ(toCfen(parsed), cfen);

  const MoveList moves = legalMoves(p);
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const Move& m = moves[i];
    for (std::size_t j = i + 1; j < moves.size(); ++j)
      ASSERT_FALSE(sameOutcome(m, moves[j]))
          << "R10: " << toNotation(m) << " and " << toNotation(moves[j]) << " are the same move in "
          << cfen;

    const std::string letter = toNotation(m);
    for (const std::string& text : {letter, toNumericNotation(m), toNumericNotation(m, p)}) {
      Move parsed{};
      ASSERT_NO_THROW(parsed = parseMove(p, text)) << text << " (" << letter << ") in " << cfen;
      ASSERT_EQ(parsed, m) << text << " (" << letter << ") in " << cfen;
    }

    const Position next = p.after(m);
    Position q = p;
    q.play(m);
    ASSERT_EQ(q, next) << letter << " in " << cfen;
    ASSERT_EQ(next.hash(), next.computeHash()) << letter << " in " << cfen;
  }
  ASSERT_EQ(p, snapshot) << "playing moves changed the position they were played from";
  ASSERT_NO_FATAL_FAILURE(checkMovesByPiece(p));
  ASSERT_NO_FATAL_FAILURE(checkTacticalMoves(p));

  ASSERT_NO_FATAL_FAILURE(checkSymmetry(p, moves, &Position::mirrored, "mirror"));
  ASSERT_NO_FATAL_FAILURE(checkSymmetry(p, moves, &Position::colorFlipped, "colour flip"));

  const GameStatus status = positionStatus(p);
  const GameStatus flipped = positionStatus(p.colorFlipped());
  ASSERT_EQ(flipped.outcome, colorFlippedOutcome(status.outcome)) << "R9: " << cfen;
  ASSERT_EQ(flipped.reason, status.reason) << "R9: " << cfen;
}

// Plays random moves from `start`, checking every position, until the game ends (R9), it
// reaches kMaxGamePlies or `budget` positions have been checked. Returns the positions checked.
int playChecked(const Position& start, std::mt19937_64& rng, int budget) {
  Game game(start);
  int checked = 0;
  while (checked < budget) {
    checkPosition(game.position());
    if (::testing::Test::HasFatalFailure()) return checked;
    ++checked;
    if (game.finished() || static_cast<int>(game.moves().size()) >= kMaxGamePlies) break;
    game.play(game.legalMoves()[randomIndex(rng, game.legalMoves().size())]);
  }
  return checked;
}

// A random placement: up to 4 knights and 10 men a side on random squares (castles included),
// either side to move, any castle moves used and clock.
Position randomPlacement(std::mt19937_64& rng) {
  Position p;
  std::vector<Square> squares(allSquares().begin(), allSquares().end());
  std::shuffle(squares.begin(), squares.end(), rng);
  std::size_t next = 0;
  for (const Color c : {Color::White, Color::Black}) {
    const int knights = static_cast<int>(randomIndex(rng, kMaxKnightsPerSide + 1));
    const int men = static_cast<int>(randomIndex(rng, kMaxMenPerSide + 1));
    for (int i = 0; i < knights; ++i)
      p.put(squares[next++], Piece{c, PieceKind::Knight});
    for (int i = 0; i < men; ++i)
      p.put(squares[next++], Piece{c, PieceKind::Man});
    p.setCastleMovesUsed(c, static_cast<int>(randomIndex(rng, kMaxCastleMoves + 1)));
  }
  p.setSideToMove(randomIndex(rng, 2) == 0 ? Color::White : Color::Black);
  p.setClock(static_cast<int>(randomIndex(rng, kClockLimit)));
  return p;
}

TEST(PropertiesR1R9R10, RandomGamesFromStart) {
  constexpr int kPlies = 35'000;
  int checked = 0;
  for (std::uint64_t seed = 1; checked < kPlies; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::mt19937_64 rng(seed);
    checked += playChecked(Position::start(), rng, kPlies - checked);
    if (HasFatalFailure()) return;
  }
  EXPECT_EQ(checked, kPlies);
}

TEST(PropertiesR1R9R10, RandomGamesFromRandomMidgames) {
  // Unchecked random moves first, so that checked play covers later phases of the game.
  constexpr int kPlies = 30'000;
  int checked = 0;
  for (std::uint64_t seed = 1; checked < kPlies; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::mt19937_64 rng(seed ^ 0x9e3779b97f4a7c15u);
    Game game;
    const int skip = static_cast<int>(randomIndex(rng, 150));
    while (!game.finished() && static_cast<int>(game.moves().size()) < skip)
      game.play(game.legalMoves()[randomIndex(rng, game.legalMoves().size())]);
    checked += playChecked(game.position(), rng, kPlies - checked);
    if (HasFatalFailure()) return;
  }
  EXPECT_EQ(checked, kPlies);
}

TEST(PropertiesR1R9R10, RandomGamesFromRandomPlacements) {
  // Few-piece positions, pieces on castles (R7, R8) and castle moves used are rare in play
  // from the start; random placements reach them.
  constexpr int kPlies = 35'000;
  constexpr int kPliesPerPlacement = 50;
  int checked = 0;
  for (std::uint64_t seed = 1; checked < kPlies; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::mt19937_64 rng(seed ^ 0xc2b2ae3d27d4eb4fu);
    checked +=
        playChecked(randomPlacement(rng), rng, std::min(kPliesPerPlacement, kPlies - checked));
    if (HasFatalFailure()) return;
  }
  EXPECT_EQ(checked, kPlies);
}

TEST(PropertiesR1R9R10, RandomGamesFromBenchPositions) {
  constexpr int kPliesPerPosition = 10;
  std::ifstream in(kBenchPositions);
  std::string line;
  int positions = 0;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    const std::string cfen = line.substr(0, line.find('\t'));
    SCOPED_TRACE(line);
    std::mt19937_64 rng(static_cast<std::uint64_t>(++positions));
    playChecked(parseCfen(cfen), rng, kPliesPerPosition);
    if (HasFatalFailure()) return;
  }
  EXPECT_EQ(positions, 500) << kBenchPositions;
}

}  // namespace
}  // namespace camelot
