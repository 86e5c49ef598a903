// The integer path's one-pass priors (nn/mlp/mlp_policy.hpp) against the reference form the float
// path keeps (LegalPolicy, slotKinds, priorsFromLogits), on the positions of the shared benchmark
// set, whose middle games have moves sharing their ends (R10), with seeded random embeddings:
// the same grouping and softmax, the cells scored in integers.
#include "nn/mlp/mlp_policy.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <random>
#include <string>

#include "engine/cfen.hpp"
#include "nn/features/encoding.hpp"
#include "nn/features/sparse_features.hpp"
#include "nn/mlp/simd.hpp"

namespace camelot {
namespace {

std::vector<float> randomTable(int rows, int width, std::mt19937_64& rng) {
  std::normal_distribution<float> normal(0.0f, 1.0f);
  std::vector<float> t(static_cast<std::size_t>(rows) * width);
  for (float& x : t)
    x = normal(rng);
  return t;
}

std::vector<Position> benchPositions() {
  std::ifstream in(std::string(CAMELOT_TEST_DATA) + "/vectors/bench_positions.txt");
  std::vector<Position> positions;
  std::string line;
  while (std::getline(in, line))
    if (!line.empty()) positions.push_back(parseCfen(line.substr(0, line.find('\t'))));
  return positions;
}

TEST(OnePassPolicy, StaysWithTheReferencePriorsOnEveryBenchmarkPosition) {
  constexpr int kWidth = 32;
  std::mt19937_64 rng(7);
  const std::vector<float> from = randomTable(kGridCells, kWidth, rng);
  const std::vector<float> to = randomTable(kGridCells, kWidth, rng);
  const std::vector<float> kind = randomTable(kMoveKinds, kWidth, rng);
  OnePassPolicy policy(MoveEmbeddings{&from, &to, &kind, kWidth});

  const std::vector<Position> positions = benchPositions();
  ASSERT_EQ(positions.size(), 500u);
  int shared = 0;
  double largest = 0.0;
  for (const Position& p : positions) {
    MoveList moves;
    generateMoves(p, moves);
    const std::vector<float> query = randomTable(1, kWidth, rng);

    LegalPolicy legal;
    legal.assign(moves, p.sideToMove());
    std::vector<int> kinds;
    slotKinds(legal, moves, kinds);
    std::vector<float> logits(legal.size());
    for (std::size_t s = 0; s < legal.size(); ++s) {
      const int index = legal.indices[s];
      const auto row = [&](const std::vector<float>& t, int r) {
        return simd::dot(t.data() + static_cast<std::size_t>(r) * kWidth, query.data(), kWidth);
      };
      logits[s] = row(from, index / kGridCells) + row(to, index % kGridCells) + row(kind, kinds[s]);
    }
    std::vector<float> expected(moves.size()), actual(moves.size(), -1.0f);
    priorsFromLogits(legal, logits, expected);
    policy.priors(p, moves, query.data(), actual);

    if (legal.size() < moves.size()) ++shared;
    double total = 0.0;
    for (std::size_t m = 0; m < moves.size(); ++m) {
      largest = std::max<double>(largest, std::abs(actual[m] - expected[m]));
      total += actual[m];
    }
    if (!moves.empty()) {
      EXPECT_NEAR(total, 1.0, 1e-5);
    }
  }
  EXPECT_GE(shared, 10) << "too few positions with moves that share their ends";
  // The int16 query and tables: 0.0011 at most with these N(0, 1) embeddings (a real network's
  // are smaller); a grouping or softmax gone wrong moves a prior by far more.
  EXPECT_LT(largest, 2e-3);
}

}  // namespace
}  // namespace camelot
