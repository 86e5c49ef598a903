// Cross-check of the engine's move generator against the naive reference generator of
// reference_movegen.hpp (written straight from shared/RULES.md, mailbox + exhaustive path
// enumeration). For every position both must give the same set of (notation, resulting CFEN)
// pairs: the same moves (R2-R8), the same grouping by outcome and written path (R10), the same
// castle-move counts (R8) and clocks (R9 f). Positions: the rule vectors, the 500 bench
// positions, seeded random playouts from the start, and seeded random placements aimed at the
// rare rules (must-leave, castle moves, long canters, long jump chains, knights next to
// enemies).

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "engine/cfen.hpp"
#include "engine/notation.hpp"
#include "engine/rules_status.hpp"
#include "tests/engine/reference_movegen.hpp"

namespace camelot {
namespace {

namespace ref = camelot::reference;

using MovePairs = std::vector<std::pair<std::string, std::string>>;

const std::filesystem::path kVectorDir = std::filesystem::path(CAMELOT_SHARED_DIR) / "vectors";

MovePairs engineMoves(const Position& p) {
  MovePairs pairs;
  for (const Move& m : legalMoves(p))
    pairs.emplace_back(toNotation(m), toCfen(p.after(m)));
  std::sort(pairs.begin(), pairs.end());
  return pairs;
}

MovePairs toPairs(const std::vector<ref::RefMove>& moves) {
  MovePairs pairs;
  for (const ref::RefMove& m : moves)
    pairs.emplace_back(m.notation, ref::toCfen(m.after));
  std::sort(pairs.begin(), pairs.end());
  return pairs;
}

MovePairs referencePairs(const ref::Board& board) {
  return toPairs(ref::referenceMoves(board));
}

std::string describeDifference(const MovePairs& engine, const MovePairs& reference) {
  MovePairs onlyEngine;
  MovePairs onlyReference;
  std::set_difference(engine.begin(), engine.end(), reference.begin(), reference.end(),
                      std::back_inserter(onlyEngine));
  std::set_difference(reference.begin(), reference.end(), engine.begin(), engine.end(),
                      std::back_inserter(onlyReference));
  std::ostringstream out;
  out << "engine " << engine.size() << " moves, reference " << reference.size() << " moves\n";
  for (const auto& [n, r] : onlyEngine)
    out << "  only engine:    " << n << "  -> " << r << "\n";
  for (const auto& [n, r] : onlyReference)
    out << "  only reference: " << n << "  -> " << r << "\n";
  return out.str();
}

// What the compared positions contained, so that the report shows the rare rules were met.
struct Coverage {
  ref::Counters counters;
  int noMoves = 0;       // R9 d
  int castleMoves = 0;   // R8
  int intoGoal = 0;      // R8: moves ending on the goal
  int charges = 0;       // R2 knight's charges
  int longCanters = 0;   // canters of 4 leaps or more
  int longJumps = 0;     // jumps or charges taking 4 pieces or more
  int viaOwnCastle = 0;  // R7: jump leaps landing on the own castle
  int maxCanterLeaps = 0;
  int maxCaptures = 0;
};

struct Tally {
  int compared = 0;  // positions whose move lists were compared
  int finished = 0;  // positions finished by R9 a-c (both sides must give no moves)
  int moves = 0;     // reference moves compared
  int mismatches = 0;
  Coverage coverage;
  double slowestMs = 0;  // the reference's slowest position
  std::string slowest;
};

// "F6-F8-H8xH10xJ12" -> squares and the separator before each (' ' for the first).
std::vector<std::pair<char, std::string>> splitNotation(const std::string& text) {
  std::vector<std::pair<char, std::string>> parts{{' ', ""}};
  for (char c : text) {
    if (c == '-' || c == 'x')
      parts.emplace_back(c, "");
    else
      parts.back().second += c;
  }
  return parts;
}

void recordCoverage(const ref::Board& board, const std::vector<ref::RefMove>& moves,
                    Coverage& coverage) {
  if (moves.empty()) ++coverage.noMoves;
  const bool white = board.sideToMove == 0;
  const std::string ownRank = white ? "1" : "16";
  const std::string goalRank = white ? "16" : "1";
  const auto isCastleSquare = [](const std::string& sq, const std::string& rank) {
    return (sq[0] == 'F' || sq[0] == 'G') && sq.substr(1) == rank;
  };
  for (const ref::RefMove& m : moves) {
    const auto parts = splitNotation(m.notation);
    int jumps = 0;
    int quiet = 0;
    for (std::size_t i = 1; i < parts.size(); ++i) {
      if (parts[i].first == 'x') {
        ++jumps;
        if (isCastleSquare(parts[i].second, ownRank)) ++coverage.viaOwnCastle;
      } else {
        ++quiet;
      }
    }
    if (isCastleSquare(parts.front().second, goalRank)) ++coverage.castleMoves;
    if (isCastleSquare(parts.back().second, goalRank)) ++coverage.intoGoal;
    if (quiet > 0 && jumps > 0) ++coverage.charges;
    if (jumps == 0 && quiet >= 4) ++coverage.longCanters;
    if (jumps >= 4) ++coverage.longJumps;
    if (jumps == 0) coverage.maxCanterLeaps = std::max(coverage.maxCanterLeaps, quiet);
    coverage.maxCaptures = std::max(coverage.maxCaptures, jumps);
  }
}

// Compares engine and reference on one position; reports (a few) differences as failures.
void crossCheck(const Position& p, const std::string& origin, Tally& tally) {
  const ref::Board board = ref::fromPosition(p);
  const std::string cfen = toCfen(p);
  EXPECT_EQ(ref::toCfen(board), cfen) << origin;  // the two CFEN writers agree
  const MovePairs engine = engineMoves(p);
  if (ref::finishedByR9abc(board)) {
    ++tally.finished;
    EXPECT_TRUE(immediateStatus(p).finished()) << "R9 a-c: " << cfen << " (" << origin << ")";
    EXPECT_TRUE(engine.empty()) << "R9 a-c, R10: finished position has moves: " << cfen;
    return;
  }
  EXPECT_FALSE(immediateStatus(p).finished()) << "R9 a-c: " << cfen << " (" << origin << ")";
  ++tally.compared;
  const auto start = std::chrono::steady_clock::now();
  const std::vector<ref::RefMove> moves =
      ref::referenceMoves(board, ref::Options{.counters = &tally.coverage.counters});
  const double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (ms > tally.slowestMs) {
    tally.slowestMs = ms;
    tally.slowest = cfen;
  }
  recordCoverage(board, moves, tally.coverage);
  const MovePairs reference = toPairs(moves);
  tally.moves += static_cast<int>(reference.size());
  if (engine != reference) {
    ++tally.mismatches;
    if (tally.mismatches <= 20)
      ADD_FAILURE() << "engine and reference differ at " << cfen << " (" << origin << ")\n"
                    << describeDifference(engine, reference);
  }
}

void report(const char* what, const Tally& tally) {
  const Coverage& c = tally.coverage;
  std::cout << "[reference] " << what << ": " << tally.compared << " positions compared, "
            << tally.moves << " moves, " << tally.finished << " finished by R9 a-c, "
            << tally.mismatches << " mismatches\n"
            << "    R4 obligation " << c.counters.captureObligation << ", R7 capture-out "
            << c.counters.mustLeaveCaptureOut << " (by a non-jumper "
            << c.counters.mustLeaveCaptureByNonJumper << "), R7 any-move-out "
            << c.counters.mustLeaveAnyMoveOut << ", R7 lapsed " << c.counters.mustLeaveLapsed
            << ", R9 d " << c.noMoves << "\n"
            << "    R8 castle moves " << c.castleMoves << ", into goal " << c.intoGoal
            << ", charges " << c.charges << ", canters >=4 leaps " << c.longCanters << " (max "
            << c.maxCanterLeaps << "), captures >=4 " << c.longJumps << " (max " << c.maxCaptures
            << "), jump leaps onto own castle " << c.viaOwnCastle << "\n"
            << "    R10 paths " << c.counters.paths << ", same-outcome paths "
            << c.counters.samePositionPaths << ", equal-length ties " << c.counters.equalLengthTies
            << "; slowest " << tally.slowestMs << " ms at " << tally.slowest << "\n";
}

void add(Tally& total, const Tally& t) {
  total.compared += t.compared;
  total.finished += t.finished;
  total.moves += t.moves;
  total.mismatches += t.mismatches;
  Coverage& a = total.coverage;
  const Coverage& b = t.coverage;
  a.counters.paths += b.counters.paths;
  a.counters.samePositionPaths += b.counters.samePositionPaths;
  a.counters.equalLengthTies += b.counters.equalLengthTies;
  a.counters.mustLeaveCaptureOut += b.counters.mustLeaveCaptureOut;
  a.counters.mustLeaveCaptureByNonJumper += b.counters.mustLeaveCaptureByNonJumper;
  a.counters.mustLeaveAnyMoveOut += b.counters.mustLeaveAnyMoveOut;
  a.counters.mustLeaveLapsed += b.counters.mustLeaveLapsed;
  a.counters.captureObligation += b.counters.captureObligation;
  a.noMoves += b.noMoves;
  a.castleMoves += b.castleMoves;
  a.intoGoal += b.intoGoal;
  a.charges += b.charges;
  a.longCanters += b.longCanters;
  a.longJumps += b.longJumps;
  a.viaOwnCastle += b.viaOwnCastle;
  a.maxCanterLeaps = std::max(a.maxCanterLeaps, b.maxCanterLeaps);
  a.maxCaptures = std::max(a.maxCaptures, b.maxCaptures);
  if (t.slowestMs > total.slowestMs) {
    total.slowestMs = t.slowestMs;
    total.slowest = t.slowest;
  }
}

// ---------------------------------------------------------------------------------------------
// The reference itself against the hand-built rule vectors.

std::vector<nlohmann::json> loadVectors() {
  std::vector<nlohmann::json> vectors;
  std::ifstream in(kVectorDir / "movegen.jsonl");
  std::string line;
  while (std::getline(in, line))
    if (!line.empty()) vectors.push_back(nlohmann::json::parse(line));
  return vectors;
}

TEST(ReferenceVectorsR1toR10, ReferenceMatchesEveryVectorMoveListAndPerft) {
  if (!std::filesystem::exists(kVectorDir / "movegen.jsonl"))
    GTEST_SKIP() << "rule vectors not found at " << kVectorDir / "movegen.jsonl"
                 << " (shared/ must sit beside the checkout)";
  const std::vector<nlohmann::json> vectors = loadVectors();
  ASSERT_EQ(vectors.size(), 103u);
  for (const auto& v : vectors) {
    SCOPED_TRACE(v["id"].get<std::string>() + " " + v["label"].get<std::string>());
    const ref::Board board = ref::fromPosition(parseCfen(v["fen"].get<std::string>()));
    EXPECT_EQ(ref::toCfen(board), v["fen"].get<std::string>());
    MovePairs expected;
    for (const auto& m : v["moves"])
      expected.emplace_back(m["n"], m["r"]);
    std::sort(expected.begin(), expected.end());
    const MovePairs actual = referencePairs(board);
    EXPECT_EQ(actual, expected) << describeDifference(expected, actual);
    for (const auto& [depth, count] : v["perft"].items())
      EXPECT_EQ(ref::referencePerft(board, std::stoi(depth)), count.get<std::uint64_t>())
          << "perft depth " << depth;
  }
}

// ---------------------------------------------------------------------------------------------
// Bench positions (random play).

TEST(ReferenceCrossCheckR2toR10, BenchPositions) {
  const auto path = kVectorDir / "bench_positions.txt";
  if (!std::filesystem::exists(path))
    GTEST_SKIP() << "bench positions not found at " << path
                 << " (shared/ must sit beside the checkout)";
  std::ifstream in(path);
  std::string line;
  Tally tally;
  int lines = 0;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    ++lines;
    const std::size_t tab = line.find('\t');
    const std::string cfen = line.substr(0, tab);
    const std::string label = tab == std::string::npos ? "" : line.substr(tab + 1);
    crossCheck(parseCfen(cfen), "bench " + label, tally);
  }
  EXPECT_EQ(lines, 500);
  report("bench positions", tally);
  EXPECT_EQ(tally.mismatches, 0);
}

// ---------------------------------------------------------------------------------------------
// Seeded random playouts from the start position.

TEST(ReferenceCrossCheckR2toR10, RandomPlayoutsFromStart) {
  Tally tally;
  constexpr int kGames = 200;
  constexpr int kMaxPlies = 300;
  for (int game = 0; game < kGames; ++game) {
    std::mt19937_64 rng(0x5eed0000ULL + game);
    Position p = Position::start();
    for (int ply = 0; ply < kMaxPlies; ++ply) {
      crossCheck(p, "playout " + std::to_string(game) + " ply " + std::to_string(ply), tally);
      const MoveList moves = legalMoves(p);
      if (moves.empty()) break;
      // Half of the games lean towards moves that advance, to reach the goal and endgames.
      std::size_t pick = std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng);
      if (game % 2 == 1) {
        for (int tries = 0; tries < 3; ++tries) {
          const std::size_t other =
              std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng);
          const Move& m = moves[other];
          const int forward = p.sideToMove() == Color::White ? rankOf(m.to()) - rankOf(m.from())
                                                             : rankOf(m.from()) - rankOf(m.to());
          if (forward > 0) pick = other;
        }
      }
      p = p.after(moves[pick]);
    }
  }
  report("random playouts", tally);
  EXPECT_EQ(tally.mismatches, 0);
}

// ---------------------------------------------------------------------------------------------
// Seeded random placements aimed at the rare rules.

class Placer {
 public:
  explicit Placer(std::mt19937_64& rng) : rng_(rng) {}

  int uniform(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
  bool chance(double p) { return std::bernoulli_distribution(p)(rng_); }

  // Puts a piece if the square is real and empty and the side has room (R1 material: at most
  // 10 men and 4 knights). Falls back to the other kind when one kind is used up.
  bool put(Color c, bool wantKnight, int file, int rank) {
    if (!ref::onBoard(file, rank)) return false;
    const Square s = makeSquare(file, rank);
    if (position.pieceAt(s)) return false;
    const int i = index(c);
    bool knight = false;
    if (wantKnight && knights_[i] < kMaxKnightsPerSide)
      knight = true;
    else if (men_[i] < kMaxMenPerSide)
      knight = false;
    else if (knights_[i] < kMaxKnightsPerSide)
      knight = true;
    else
      return false;
    (knight ? knights_ : men_)[i]++;
    position.put(s, Piece{c, knight ? PieceKind::Knight : PieceKind::Man});
    return true;
  }

  // A piece on a random empty real square of the box (a few tries).
  bool putIn(Color c, bool wantKnight, int f0, int f1, int r0, int r1) {
    for (int tries = 0; tries < 20; ++tries)
      if (put(c, wantKnight, uniform(f0, f1), uniform(r0, r1))) return true;
    return false;
  }

  Position position;

 private:
  std::mt19937_64& rng_;
  std::array<int, 2> men_{};
  std::array<int, 2> knights_{};
};

// Rank of a side's own castle and the rank step pointing away from it.
int castleRank(Color c) {
  return c == Color::White ? 1 : 16;
}
int awayFromCastle(Color c) {
  return c == Color::White ? 1 : -1;
}

enum Scenario {
  kDenseRandom,
  kMustLeave,
  kOnGoal,
  kCanterLattice,
  kJumpLattice,
  kMixedLattice,
  kKnightsNextToEnemies,
  kSparseEnding,
  kScenarioCount
};

const char* scenarioName(int s) {
  static const char* names[] = {"dense-random",
                                "must-leave",
                                "on-goal",
                                "canter-lattice",
                                "jump-lattice",
                                "mixed-lattice",
                                "knights-next-to-enemies",
                                "sparse-ending"};
  return names[s];
}

// Random pieces of both colours, dense around the castles and the centre.
void sprinkle(Placer& placer, Color c, int count, double knightShare) {
  for (int i = 0; i < count; ++i) {
    switch (placer.uniform(0, 3)) {
      case 0:  // White's castle area
        placer.putIn(c, placer.chance(knightShare), 2, 9, 1, 5);
        break;
      case 1:  // Black's castle area
        placer.putIn(c, placer.chance(knightShare), 2, 9, 12, 16);
        break;
      case 2:  // centre
        placer.putIn(c, placer.chance(knightShare), 2, 9, 5, 12);
        break;
      default:
        placer.putIn(c, placer.chance(knightShare), 0, 11, 1, 16);
        break;
    }
  }
}

// A lattice of spacing 2 (sometimes 1 along one axis) inside a random box; `colorOf` picks the
// colour of each point (or none).
template <typename ColorOf>
void lattice(Placer& placer, int f0, int r0, int nf, int nr, int sf, int sr, ColorOf colorOf) {
  for (int i = 0; i < nf; ++i)
    for (int j = 0; j < nr; ++j) {
      const auto c = colorOf();
      if (c) placer.put(*c, placer.chance(0.25), f0 + sf * i, r0 + sr * j);
    }
}

Position randomPlacement(std::mt19937_64& rng, int scenario) {
  Placer placer(rng);
  const Color us = placer.chance(0.5) ? Color::White : Color::Black;
  const Color them = opposite(us);
  switch (scenario) {
    case kDenseRandom: {
      sprinkle(placer, us, placer.uniform(2, 14), 0.3);
      sprinkle(placer, them, placer.uniform(2, 14), 0.3);
      break;
    }
    case kMustLeave: {
      // R7: pieces of the side to move on their own castle, crowded by both colours.
      const int rank = castleRank(us);
      const int away = awayFromCastle(us);
      const int which = placer.uniform(0, 2);  // F, G or both
      if (which != 1) placer.put(us, placer.chance(0.5), 5, rank);
      if (which != 0) placer.put(us, placer.chance(0.5), 6, rank);
      if (placer.chance(0.3)) {
        // Crowd the castle's two nearest rows: often no castle piece can move at all and the
        // obligation lapses for the turn (R7), with R4 back in force.
        for (int file = 4; file <= 7; ++file)
          if (placer.chance(0.9))
            placer.put(placer.chance(0.6) ? us : them, false, file, rank + away);
        for (int file = 3; file <= 8; ++file)
          if (placer.chance(0.85))
            placer.put(placer.chance(0.5) ? us : them, false, file, rank + 2 * away);
      }
      const int rankLo = std::min(rank, rank + 5 * away);
      const int rankHi = std::max(rank, rank + 5 * away);
      for (int i = placer.uniform(2, 9); i > 0; --i)
        placer.putIn(us, placer.chance(0.3), 2, 9, rankLo, rankHi);
      for (int i = placer.uniform(1, 9); i > 0; --i)
        placer.putIn(them, placer.chance(0.3), 2, 9, rankLo, rankHi);
      sprinkle(placer, us, placer.uniform(0, 3), 0.3);
      sprinkle(placer, them, placer.uniform(0, 4), 0.3);
      break;
    }
    case kOnGoal: {
      // R8: a piece of the side to move on the goal (castle moves), sometimes also a must-leave
      // piece on its own castle, and pieces near the goal that may enter it.
      const int goalRank = castleRank(them);
      const int goalFile = placer.uniform(5, 6);
      placer.put(us, placer.chance(0.4), goalFile, goalRank);
      const int other = goalFile == 5 ? 6 : 5;
      if (placer.chance(0.25)) placer.put(them, placer.chance(0.4), other, goalRank);
      if (placer.chance(0.05)) placer.put(us, placer.chance(0.4), other, goalRank);  // R9 a
      if (placer.chance(0.2))
        placer.put(us, placer.chance(0.5), placer.uniform(5, 6), castleRank(us));
      if (placer.chance(0.2))
        placer.put(them, placer.chance(0.5), placer.uniform(5, 6), castleRank(us));
      const int away = awayFromCastle(them);
      const int rankLo = std::min(goalRank, goalRank + 5 * away);
      const int rankHi = std::max(goalRank, goalRank + 5 * away);
      for (int i = placer.uniform(1, 8); i > 0; --i)
        placer.putIn(us, placer.chance(0.3), 2, 9, rankLo, rankHi);
      for (int i = placer.uniform(0, 8); i > 0; --i)
        placer.putIn(them, placer.chance(0.3), 2, 9, rankLo, rankHi);
      sprinkle(placer, us, placer.uniform(0, 4), 0.3);
      sprinkle(placer, them, placer.uniform(0, 4), 0.3);
      break;
    }
    case kCanterLattice: {
      // Long canter chains (R2, R3, R10) and knights' canters next to enemies (R6).
      const int sf = placer.chance(0.8) ? 2 : 1;
      const int sr = sf == 1 ? 2 : (placer.chance(0.8) ? 2 : 1);
      const int nf = placer.uniform(3, 5);
      const int nr = placer.uniform(3, 5);
      const int f0 = placer.uniform(0, 11 - sf * (nf - 1));
      const int r0 = placer.uniform(1, 16 - sr * (nr - 1));
      const double fill = 0.6 + 0.4 * placer.chance(0.5);
      lattice(placer, f0, r0, nf, nr, sf, sr, [&]() -> std::optional<Color> {
        return placer.chance(fill) ? std::optional(us) : std::nullopt;
      });
      const int f1 = f0 + sf * (nf - 1);
      const int r1 = r0 + sr * (nr - 1);
      for (int i = placer.uniform(1, 4); i > 0; --i)
        placer.putIn(us, placer.chance(0.7), f0 - 1, f1 + 1, r0 - 1, r1 + 1);
      for (int i = placer.uniform(0, 8); i > 0; --i)
        placer.putIn(them, placer.chance(0.3), f0 - 2, f1 + 2, r0 - 2, r1 + 2);
      sprinkle(placer, them, placer.uniform(0, 3), 0.3);
      break;
    }
    case kJumpLattice: {
      // Long jump chains (R2, R3, R5) with many enemies in lattice patterns.
      const int nf = placer.uniform(3, 5);
      const int nr = placer.uniform(3, 5);
      const int f0 = placer.uniform(0, 11 - 2 * (nf - 1));
      const int r0 = placer.uniform(1, 16 - 2 * (nr - 1));
      const double fill = 0.5 + 0.5 * placer.uniform(0, 4) / 4.0;
      lattice(placer, f0, r0, nf, nr, 2, 2, [&]() -> std::optional<Color> {
        return placer.chance(fill) ? std::optional(them) : std::nullopt;
      });
      const int f1 = f0 + 2 * (nf - 1);
      const int r1 = r0 + 2 * (nr - 1);
      for (int i = placer.uniform(1, 4); i > 0; --i)
        placer.putIn(us, placer.chance(0.5), f0 - 1, f1 + 1, r0 - 1, r1 + 1);
      for (int i = placer.uniform(0, 6); i > 0; --i)
        placer.putIn(us, placer.chance(0.3), f0 - 2, f1 + 2, r0 - 2, r1 + 2);
      sprinkle(placer, us, placer.uniform(0, 2), 0.3);
      sprinkle(placer, them, placer.uniform(0, 2), 0.3);
      break;
    }
    case kMixedLattice: {
      // Knight's charges: canter over friends, then jump enemies, on a mixed lattice.
      const int nf = placer.uniform(3, 6);
      const int nr = placer.uniform(3, 6);
      const int f0 = placer.uniform(0, 11 - 2 * (nf - 1));
      const int r0 = placer.uniform(1, 16 - 2 * (nr - 1));
      const double share = 0.3 + 0.4 * placer.uniform(0, 2) / 2.0;
      lattice(placer, f0, r0, nf, nr, 2, 2, [&]() -> std::optional<Color> {
        if (placer.chance(0.2)) return std::nullopt;
        return placer.chance(share) ? us : them;
      });
      const int f1 = f0 + 2 * (nf - 1);
      const int r1 = r0 + 2 * (nr - 1);
      for (int i = placer.uniform(1, 4); i > 0; --i)
        placer.putIn(us, placer.chance(0.8), f0 - 1, f1 + 1, r0 - 1, r1 + 1);
      sprinkle(placer, us, placer.uniform(0, 2), 0.3);
      sprinkle(placer, them, placer.uniform(0, 2), 0.3);
      break;
    }
    case kKnightsNextToEnemies: {
      for (int k = placer.uniform(1, 4); k > 0; --k) {
        const int f = placer.uniform(0, 11);
        const int r = placer.uniform(1, 16);
        if (!placer.put(us, true, f, r)) continue;
        for (int e = placer.uniform(1, 3); e > 0; --e) {
          const int d = placer.uniform(0, 7);
          static constexpr int kD[8][2] = {{0, 1}, {0, -1}, {1, 0},  {-1, 0},
                                           {1, 1}, {-1, 1}, {1, -1}, {-1, -1}};
          placer.put(them, placer.chance(0.3), f + kD[d][0], r + kD[d][1]);
          if (placer.chance(0.5)) {
            const int d2 = placer.uniform(0, 7);
            placer.put(us, placer.chance(0.3), f + kD[d2][0], r + kD[d2][1]);
          }
        }
      }
      sprinkle(placer, us, placer.uniform(0, 8), 0.3);
      sprinkle(placer, them, placer.uniform(1, 10), 0.3);
      break;
    }
    default: {  // kSparseEnding: few pieces (2 against 1 and the like, stalemates)
      for (Color c : {us, them}) {
        for (int i = placer.uniform(1, 4); i > 0; --i) {
          const int castle = castleRank(placer.chance(0.5) ? us : them);
          if (placer.chance(0.4))
            placer.putIn(c, placer.chance(0.4), 2, 9, castle == 1 ? 1 : 12, castle == 1 ? 5 : 16);
          else
            placer.putIn(c, placer.chance(0.4), 0, 11, 1, 16);
        }
      }
      break;
    }
  }
  Position& p = placer.position;
  p.setSideToMove(us);
  p.setCastleMovesUsed(Color::White, placer.uniform(0, 2));
  p.setCastleMovesUsed(Color::Black, placer.uniform(0, 2));
  p.setClock(placer.uniform(0, 99));
  return p;
}

TEST(ReferenceCrossCheckR2toR10, RandomPlacements) {
  constexpr int kPerScenario = 6000;
  std::array<Tally, kScenarioCount> tallies{};
  Tally continuations;
  for (int scenario = 0; scenario < kScenarioCount; ++scenario) {
    std::mt19937_64 rng(0xca3e107ULL * 1000 + scenario);
    for (int i = 0; i < kPerScenario; ++i) {
      Position p = randomPlacement(rng, scenario);
      const std::string origin = std::string(scenarioName(scenario)) + " #" + std::to_string(i);
      crossCheck(p, origin, tallies[scenario]);
      // A couple of random moves on from the placement.
      for (int ply = 1; ply <= 2; ++ply) {
        const MoveList moves = legalMoves(p);
        if (moves.empty()) break;
        p = p.after(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
        crossCheck(p, origin + " +" + std::to_string(ply), continuations);
      }
    }
  }
  Tally total;
  for (int scenario = 0; scenario < kScenarioCount; ++scenario) {
    report(scenarioName(scenario), tallies[scenario]);
    add(total, tallies[scenario]);
  }
  report("placement continuations", continuations);
  add(total, continuations);
  report("all placements", total);
  EXPECT_EQ(total.mismatches, 0);
  // The placements must actually reach the rare rules they are for.
  const Coverage& c = total.coverage;
  EXPECT_GT(c.counters.mustLeaveCaptureOut, 100u);
  EXPECT_GT(c.counters.mustLeaveCaptureByNonJumper, 0u);
  EXPECT_GT(c.counters.mustLeaveAnyMoveOut, 100u);
  EXPECT_GT(c.counters.mustLeaveLapsed, 10u);
  EXPECT_GT(c.counters.captureObligation, 1000u);
  EXPECT_GT(c.counters.equalLengthTies, 100u);
  EXPECT_GT(c.noMoves, 10);
  EXPECT_GT(c.castleMoves, 100);
  EXPECT_GT(c.charges, 1000);
  EXPECT_GT(c.longCanters, 1000);
  EXPECT_GT(c.longJumps, 100);
  EXPECT_GT(c.viaOwnCastle, 10);
}

}  // namespace
}  // namespace camelot
