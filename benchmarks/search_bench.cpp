// Single-threaded speed of the search itself: PUCT simulations per second with the uniform
// evaluator (equal priors, material value), so the figure is search overhead (descent,
// copy-make, move generation at the leaves, backup) without a network. From the start and from
// the middle-game positions of the shared benchmark file; then the same search on Grand
// Camelot (its start, and positions 20-120 plies into seeded random games).
// Usage: search_bench [BENCH_POSITIONS_FILE] [SIMULATIONS_PER_SEARCH]

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "benchmarks/bench_positions.hpp"
#include "engine/cfen.hpp"
#include "engine/game.hpp"
#include "engine/rules_status.hpp"
#include "mcts/gumbel_search.hpp"
#include "mcts/puct_search.hpp"
#include "mcts/uniform_evaluator.hpp"
#include "players/alphabeta_player.hpp"

namespace {

using Clock = std::chrono::steady_clock;

// Middle game: plies 20 to 120 of the benchmark games, positions still being played.
std::vector<camelot::Position> middleGame(const char* path) {
  std::ifstream in(path);
  if (!in) {
    std::fprintf(stderr, "search_bench: cannot read %s\n", path);
    std::exit(1);
  }
  std::vector<camelot::Position> positions;
  std::string line;
  while (std::getline(in, line)) {
    const std::size_t tab = line.find('\t');
    if (tab == std::string::npos) continue;
    const std::size_t ply = line.find("-ply", tab);
    if (ply == std::string::npos) continue;
    const int number = std::atoi(line.c_str() + ply + 4);
    if (number < 20 || number > 120) continue;
    const camelot::Position p = camelot::parseCfen(line.substr(0, tab));
    if (!camelot::positionStatus(p).finished()) positions.push_back(p);
  }
  return positions;
}

template <class Rules>
void bench(camelot::BasicTreeSearch<Rules>& search,
           const std::vector<typename Rules::Position>& positions, int simulations,
           const char* label) {
  camelot::BasicUniformEvaluator<Rules> evaluator;
  long long total = 0;
  std::size_t nodes = 0;
  std::size_t searches = 0;
  const auto start = Clock::now();
  double seconds = 0.0;
  while (seconds < 2.0) {
    for (const typename Rules::Position& p : positions) {
      search.clear();
      search.setRoot(p);
      const camelot::BasicSearchResult<Rules>& r = search.run(evaluator, simulations);
      total += r.simulations;
      nodes += r.nodes;
      ++searches;
    }
    seconds = std::chrono::duration<double>(Clock::now() - start).count();
  }
  std::printf("%-44s %zu searches of %d: %.0f simulations/s (%.0f nodes a search)\n", label,
              searches, simulations, static_cast<double>(total) / seconds,
              static_cast<double>(nodes) / static_cast<double>(searches));
}

}  // namespace

// Alpha-beta nodes (full-width and quiescence) per second, one fresh player per position.
void benchAlphaBeta(const std::vector<camelot::Position>& positions, int depth, const char* label) {
  std::uint64_t nodes = 0;
  double seconds = 0;
  for (const camelot::Position& p : positions) {
    camelot::AlphaBetaSettings settings;
    settings.maxDepth = depth;
    camelot::AlphaBetaPlayer player(settings);
    player.chooseMove(camelot::Game(p));
    nodes += player.lastSearch().nodes;
    seconds += std::chrono::duration<double>(player.lastSearch().elapsed).count();
  }
  std::printf("%-40s %12llu nodes in %7.3f s: %8.0f nodes/s\n", label,
              static_cast<unsigned long long>(nodes), seconds, nodes / seconds);
}

int main(int argc, char** argv) {
  const char* file = argc > 1 ? argv[1] : "tests/data/vectors/bench_positions.txt";
  const int simulations = argc > 2 ? std::atoi(argv[2]) : 1600;
  const std::vector<camelot::Position> start{camelot::Position::start()};
  const std::vector<camelot::Position> middle = middleGame(file);
  std::printf("%zu middle-game positions (plies 20-120)\n", middle.size());

  camelot::PuctSearch puct;
  bench(puct, start, simulations, "PUCT, uniform evaluator, start");
  bench(puct, middle, simulations, "PUCT, uniform evaluator, middle game");
  camelot::GumbelSearch gumbel;
  bench(gumbel, start, 64, "Gumbel, uniform evaluator, start");
  bench(gumbel, middle, 64, "Gumbel, uniform evaluator, middle game");
  benchAlphaBeta(start, 6, "alpha-beta depth 6, start");
  benchAlphaBeta(middle, 4, "alpha-beta depth 4, middle game");

  const std::vector<camelot::grand::GrandPosition> grandStart{
      camelot::grand::GrandPosition::start()};
  const std::vector<camelot::grand::GrandPosition> grandMiddle =
      camelot::bench::grandMiddleGame(50);
  camelot::GrandPuctSearch grandPuct;
  bench(grandPuct, grandStart, simulations, "Grand Camelot PUCT, uniform, start");
  bench(grandPuct, grandMiddle, simulations, "Grand Camelot PUCT, uniform, middle game");
  return 0;
}
