#pragma once
// Helpers for the network tests: small seeded networks and positions from random play.

#include <torch/utils.h>

#include <cstdint>
#include <random>
#include <vector>

#include "engine/game.hpp"
#include "engine/rules_status.hpp"
#include "nn/features/encoding.hpp"
#include "nn/resnet/network.hpp"

namespace camelot::nn_test {

// A small network (fast to run) with seeded weights and non-trivial batch-norm statistics, in
// eval mode.
inline Network smallNetwork(std::uint64_t seed, int historyPlies = 2) {
  torch::manual_seed(seed);
  NetworkConfig config;
  config.blocks = 2;
  config.channels = 16;
  config.globalPoolingEvery = 2;
  config.policyChannels = 8;
  config.valueChannels = 8;
  config.valueHidden = 16;
  config.historyPlies = historyPlies;
  Network network(config);
  // A few training-mode passes move the running statistics away from 0 and 1, so folding
  // them is really tested.
  network->train();
  {
    torch::NoGradGuard noGrad;
    for (int i = 0; i < 3; ++i)
      network->forward(
          torch::rand({8, inputPlaneCount(historyPlies, config.tacticalPlanes), 16, 12})
              .gt(0.7)
              .toType(torch::kFloat) *
          2.0);
  }
  network->eval();
  return network;
}

// Games of random legal moves from the start; returns each game's positions, cut at a random
// ply, so that the last position of each is a random middle-game position with its history.
inline std::vector<std::vector<Position>> randomGames(int count, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<std::vector<Position>> games;
  for (int g = 0; g < count; ++g) {
    Game game;
    const int plies = std::uniform_int_distribution<int>(0, 60)(rng);
    for (int ply = 0; ply < plies && !game.status().finished(); ++ply) {
      const auto& moves = game.legalMoves();
      game.play(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
    }
    if (game.status().finished()) game.undo();
    games.emplace_back(game.positions().begin(), game.positions().end());
  }
  return games;
}

}  // namespace camelot::nn_test
