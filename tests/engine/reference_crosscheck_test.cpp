// Cross-check of the engine's move generator against the naive reference generator of
// reference_movegen.hpp (written straight from docs/rules.md, mailbox + exhaustive path
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
#include "tests/engine/json_lines.hpp"
#include "tests/engine/random_placements.hpp"
#include "tests/engine/reference_movegen.hpp"

namespace camelot {
namespace {

namespace ref = camelot::reference;
using random_placements::kScenarioCount;
using random_placements::randomPlacement;
using random_placements::scenarioName;

using MovePairs = std::vector<std::pair<std::string, std::string>>;

const std::filesystem::path kVectorDir = CAMELOT_VECTOR_DIR;

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

TEST(ReferenceVectorsR1toR10, ReferenceMatchesEveryVectorMoveListAndPerft) {
  const std::vector<nlohmann::json> vectors =
      testing_support::readJsonLines(kVectorDir / "movegen.jsonl");
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
