#pragma once
// Middle-game positions from seeded random games, with their history and legal moves: the
// inputs the network benchmarks evaluate; and Grand Camelot's middle game for the search
// benchmarks.

#include <random>
#include <vector>

#include "engine/game.hpp"
#include "mcts/evaluator.hpp"

namespace camelot::bench {

struct BenchPosition {
  Position position;
  std::vector<Position> history;
  MoveList moves;
};

inline std::vector<BenchPosition> benchPositions(int count) {
  std::mt19937_64 rng(7);
  std::vector<BenchPosition> positions;
  while (static_cast<int>(positions.size()) < count) {
    Game game;
    const int plies = std::uniform_int_distribution<int>(4, 60)(rng);
    for (int ply = 0; ply < plies && !game.finished(); ++ply) {
      const MoveList& moves = game.legalMoves();
      game.play(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
    }
    if (game.finished()) continue;
    BenchPosition p;
    p.position = game.position();
    p.history.assign(game.positions().end() - 3, game.positions().end() - 1);
    p.moves = game.legalMoves();
    positions.push_back(std::move(p));
  }
  return positions;
}

// `batch` requests over `positions`, round robin.
inline std::vector<EvaluationRequest> benchRequests(const std::vector<BenchPosition>& positions,
                                                    int batch) {
  std::vector<EvaluationRequest> requests;
  for (int i = 0; i < batch; ++i) {
    const BenchPosition& p = positions[static_cast<std::size_t>(i) % positions.size()];
    requests.push_back({&p.position, &p.moves, p.history, 0});
  }
  return requests;
}

// Grand Camelot's middle game: one position 20-120 plies into each of `count` seeded random
// games, still being played.
inline std::vector<grand::GrandPosition> grandMiddleGame(int count) {
  std::mt19937_64 rng(11);
  std::vector<grand::GrandPosition> positions;
  while (static_cast<int>(positions.size()) < count) {
    grand::GrandGame game;
    const int plies = std::uniform_int_distribution<int>(20, 120)(rng);
    for (int ply = 0; ply < plies && !game.finished(); ++ply) {
      const auto& moves = game.legalMoves();
      game.play(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
    }
    if (!game.finished()) positions.push_back(game.position());
  }
  return positions;
}

}  // namespace camelot::bench
