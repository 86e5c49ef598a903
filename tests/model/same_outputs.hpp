#pragma once
// Whether two mlps give the same outputs (float inference) at every ply of a random game: W and L
// to 1e-5, the moves left to 1e-4 and every prior to 1e-5. For reshaped networks
// (nn/mlp/widen.hpp, nn/mlp/narrow.hpp) that must compute what their source computes.

#include <gtest/gtest.h>

#include <random>
#include <span>
#include <string>
#include <vector>

#include "engine/game.hpp"
#include "nn/mlp/mlp_model.hpp"
#include "nn/model.hpp"

namespace camelot::testing_support {

inline void expectSameOutputsAlongARandomGame(const MlpWeights& a, const MlpWeights& b,
                                              std::uint64_t seed, const std::string& what) {
  const auto x = makeMlpModel(a, MlpInference::Float)->evaluator();
  const auto y = makeMlpModel(b, MlpInference::Float)->evaluator();
  std::mt19937_64 rng(seed);
  Game game;
  for (int ply = 0; ply < 120 && !game.finished(); ++ply) {
    const EvaluationRequest request{&game.position(), &game.legalMoves(), {}, 0};
    std::vector<Evaluation> p(1), q(1);
    x->evaluate(std::span(&request, 1), p);
    y->evaluate(std::span(&request, 1), q);
    ASSERT_NEAR(p[0].value.win, q[0].value.win, 1e-5) << what << ", ply " << ply;
    ASSERT_NEAR(p[0].value.loss, q[0].value.loss, 1e-5) << what << ", ply " << ply;
    ASSERT_NEAR(p[0].movesLeft, q[0].movesLeft, 1e-4) << what << ", ply " << ply;
    ASSERT_EQ(p[0].priors.size(), q[0].priors.size());
    for (std::size_t m = 0; m < p[0].priors.size(); ++m)
      ASSERT_NEAR(p[0].priors[m], q[0].priors[m], 1e-5) << what << ", ply " << ply;
    const auto& moves = game.legalMoves();
    game.play(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
  }
}

}  // namespace camelot::testing_support
