// Single-threaded speed of the rules engine: perft(4) from the start with and without bulk
// counting at the last ply, full move generation over the shared benchmark positions and its
// tactical part alone (captures and goal entries), and random full games (R9 applied as in
// self-play); then Grand Camelot's perft(3). Usage: movegen_bench [BENCH_POSITIONS_FILE].

#include <chrono>
#include <cstdio>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "engine/cfen.hpp"
#include "engine/game.hpp"
#include "engine/grand/grand_rules.hpp"
#include "engine/movegen.hpp"
#include "engine/perft.hpp"

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

void benchPerft(camelot::PerftMode mode, const char* label) {
  const auto start = Clock::now();
  const std::uint64_t leaves = camelot::perft(camelot::Position::start(), 4, mode);
  const double seconds = secondsSince(start);
  std::printf("perft(4) %-22s %llu leaves in %.3f s: %.1f M leaves/s\n", label,
              static_cast<unsigned long long>(leaves), seconds, leaves / seconds / 1e6);
}

std::vector<camelot::Position> readPositions(const char* path) {
  std::ifstream in(path);
  if (!in) {
    std::fprintf(stderr, "movegen_bench: cannot read %s\n", path);
    std::exit(1);
  }
  std::vector<camelot::Position> positions;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.empty()) continue;
    try {
      positions.push_back(camelot::parseCfen(line.substr(0, line.find('\t'))));
    } catch (const camelot::CfenError& e) {
      std::fprintf(stderr, "movegen_bench: %s line %d: %s\n", path, number, e.what());
      std::exit(1);
    }
  }
  return positions;
}

// `generate(position, list)` over the positions for two seconds; `what` names it.
template <class Generate>
void benchGeneration(const std::vector<camelot::Position>& positions, const char* what,
                     Generate generate) {
  camelot::MoveList moves;
  std::uint64_t generated = 0;
  std::uint64_t calls = 0;
  const auto start = Clock::now();
  double seconds = 0;
  while (seconds < 2.0) {
    for (const camelot::Position& p : positions) {
      generate(p, moves);
      generated += moves.size();
    }
    calls += positions.size();
    seconds = secondsSince(start);
  }
  std::printf(
      "%s over %zu positions: %llu moves in %.3f s: %.1f M moves/s (%.1f moves a position, "
      "%.2f us a position)\n",
      what, positions.size(), static_cast<unsigned long long>(generated), seconds,
      generated / seconds / 1e6, static_cast<double>(generated) / calls, seconds / calls * 1e6);
}

void benchRandomGames() {
  std::mt19937_64 rng(20261122);
  std::uint64_t games = 0;
  std::uint64_t plies = 0;
  const auto start = Clock::now();
  double seconds = 0;
  while (seconds < 2.0) {
    camelot::Game game;
    while (!game.finished()) {
      const camelot::MoveList& moves = game.legalMoves();
      game.play(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
      ++plies;
    }
    ++games;
    seconds = secondsSince(start);
  }
  std::printf(
      "random full games: %llu games in %.3f s: %.0f games/s (%.1f plies a game, %.2f M plies/s)\n",
      static_cast<unsigned long long>(games), seconds, games / seconds,
      static_cast<double>(plies) / games, plies / seconds / 1e6);
}

// Grand Camelot (engine/grand/, written for exactness): perft(3) of its start.
void benchGrandPerft() {
  const auto start = Clock::now();
  const std::uint64_t leaves = camelot::grand::perft(camelot::grand::GrandPosition::start(), 3);
  const double seconds = secondsSince(start);
  std::printf("grand perft(3) %llu leaves in %.3f s: %.2f M leaves/s\n",
              static_cast<unsigned long long>(leaves), seconds, leaves / seconds / 1e6);
}

}  // namespace

int main(int argc, char** argv) {
  const char* positionsFile = argc > 1 ? argv[1] : "tests/data/vectors/bench_positions.txt";
  benchPerft(camelot::PerftMode::BulkCount, "(bulk counting)");
  benchPerft(camelot::PerftMode::PlayLeaves, "(every leaf played)");
  const std::vector<camelot::Position> positions = readPositions(positionsFile);
  benchGeneration(positions, "generation", [](const camelot::Position& p, camelot::MoveList& out) {
    camelot::generateMoves(p, out);
  });
  // What alpha-beta's quiescence and Descent's children list: captures and goal entries.
  benchGeneration(positions, "tactical moves",
                  [](const camelot::Position& p, camelot::MoveList& out) {
                    camelot::generateTacticalMoves(p, out);
                  });
  benchRandomGames();
  benchGrandPerft();
  return 0;
}
