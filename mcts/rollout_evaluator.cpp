#include "mcts/rollout_evaluator.hpp"

#include <algorithm>
#include <random>

#include "engine/rules_status.hpp"
#include "engine/splitmix64.hpp"
#include "mcts/material_value.hpp"

namespace camelot {
namespace {

// One random game from `start`, scored for start's side to move.
Wdl playout(Position p, int maxPlies, std::mt19937_64& rng, MoveList& moves) {
  const Color us = p.sideToMove();
  for (int ply = 0;; ++ply) {
    legalMoves(p, moves);
    const GameStatus status = statusWithMoves(p, moves, ClockRule::Apply);
    if (status.finished()) {
      if (status.outcome == Outcome::Draw) return Wdl{};
      const bool weWin = (status.outcome == Outcome::WhiteWins) == (us == Color::White);
      return weWin ? Wdl{1.0f, 0.0f, 0.0f} : Wdl{0.0f, 0.0f, 1.0f};
    }
    if (ply >= maxPlies) {
      const Wdl guess = wdlFromExpected(materialValue(p));
      return p.sideToMove() == us ? guess : guess.flipped();
    }
    p.play(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
  }
}

}  // namespace

void RolloutEvaluator::evaluate(std::span<const EvaluationRequest> requests,
                                std::span<Evaluation> results) {
  for (std::size_t i = 0; i < requests.size(); ++i) {
    const Position& position = *requests[i].position;
    const std::size_t count = requests[i].moves->size();
    results[i].priors.assign(count, count > 0 ? 1.0f / static_cast<float>(count) : 0.0f);

    // The position alone (with the seed) decides its playouts, whatever the batch order.
    std::mt19937_64 rng(mixSeed(options_.seed ^ mixSeed(position.hash() + position.clock(), 0), 0));
    Wdl sum{0.0f, 0.0f, 0.0f};
    const int playouts = std::max(1, options_.playouts);
    for (int k = 0; k < playouts; ++k) {
      const Wdl w = playout(position, options_.maxPlies, rng, moves_);
      sum.win += w.win;
      sum.draw += w.draw;
      sum.loss += w.loss;
    }
    const auto n = static_cast<float>(playouts);
    results[i].value = {sum.win / n, sum.draw / n, sum.loss / n};
  }
}

}  // namespace camelot
