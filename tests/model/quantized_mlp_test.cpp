// The mlp's integer inference (nn/mlp/quantized_mlp.hpp, nn/mlp/piece_accumulator.hpp) against its
// float reference: the incremental accumulator against one summed from scratch at every ply of
// random games, and the quantized network's outputs against the float network's on the shipped
// network (and on it narrowed to an accumulator the lanes do not divide). The kernels have their
// own file, tests/model/simd_kernels_test.cpp.
#include "nn/mlp/quantized_mlp.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstring>
#include <random>
#include <string>

#include "engine/game.hpp"
#include "nn/checkpoint.hpp"
#include "nn/features/grand_features.hpp"
#include "nn/features/sparse_features.hpp"
#include "nn/mlp/grand_piece_accumulator.hpp"
#include "nn/mlp/mlp_model.hpp"
#include "nn/mlp/narrow.hpp"
#include "nn/mlp/piece_accumulator.hpp"
#include "nn/mlp/quantization_error.hpp"
#include "nn/mlp/simd.hpp"

namespace camelot {
namespace {

const std::filesystem::path kShipped = CAMELOT_SHIPPED_NETWORK;

MlpWeights shippedWeights() {
  return mlpWeights(kShipped, readCheckpoint(kShipped));
}

// The exact sum, in int32, of the bias and the columns of `features`.
std::vector<std::int32_t> summedInInt32(const QuantizedMlp& net,
                                        const std::vector<std::int32_t>& features) {
  std::vector<std::int32_t> sums(net.bias.begin(), net.bias.end());
  for (const std::int32_t feature : features) {
    const std::int16_t* c = column(net, feature);
    for (int u = 0; u < net.accumulator; ++u)
      sums[static_cast<std::size_t>(u)] += c[u];
  }
  return sums;
}

// The same for the piece and state columns of `position` from `view`'s side.
std::vector<std::int32_t> summedInInt32(const QuantizedMlp& net, const Position& position,
                                        Color view) {
  std::vector<std::int32_t> features;
  const auto pieces = pieceBlocks(position, view);
  for (int block = 0; block < kPieceBlocks; ++block)
    forEachSquare(pieces[static_cast<std::size_t>(block)],
                  [&](Square s) { features.push_back(pieceFeature(block, s, view)); });
  for (const std::int32_t f : stateFeatures(position, view))
    if (f >= 0) features.push_back(f);
  return summedInInt32(net, features);
}

// A carried accumulator equals one summed from scratch bit for bit, and the exact int32 sum (so
// nothing wrapped).
void expectSameSums(const QuantizedMlp& net, const std::int16_t* carried,
                    const std::int16_t* scratch, const std::vector<std::int32_t>& exact) {
  ASSERT_EQ(std::memcmp(carried, scratch, sizeof(std::int16_t) * net.accumulator), 0);
  for (int u = 0; u < net.accumulator; ++u)
    ASSERT_EQ(carried[u], exact[static_cast<std::size_t>(u)]) << "unit " << u;
}

// Every ply of 30 random games, both views: the accumulator carried from the previous position
// (its pieces and state features) equals one summed from scratch, bit for bit, and the exact
// int32 sum (so nothing wrapped).
TEST(PieceAccumulator, IncrementalSumsEqualSumsFromScratchAtEveryPly) {
  const QuantizedMlp net = quantize(shippedWeights());
  PieceAccumulator incremental(net);
  std::mt19937_64 rng(11);
  int plies = 0, stateChanges = 0;  // plies that change the state features (R7's counters, the
                                    // must-leave, the clock's bucket) from White's view
  for (int g = 0; g < 30; ++g) {
    Game game;
    StateFeatures state = stateFeatures(game.position(), Color::White);
    while (!game.finished()) {
      const StateFeatures now = stateFeatures(game.position(), Color::White);
      stateChanges += now != state;
      state = now;
      for (const Color view : {Color::White, Color::Black}) {
        PieceAccumulator fresh(net);
        SCOPED_TRACE("game " + std::to_string(g) + " ply " + std::to_string(plies));
        expectSameSums(net, incremental.sums(game.position(), view),
                       fresh.sums(game.position(), view),
                       summedInInt32(net, game.position(), view));
      }
      const MoveList& moves = game.legalMoves();
      game.play(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
      ++plies;
    }
  }
  // Incremental: a ply changes a few columns, so most positions are not summed afresh.
  const PieceAccumulator::Counts& c = incremental.counts();
  EXPECT_GT(plies, 1000);
  EXPECT_GT(stateChanges, 100);
  EXPECT_GE(c.refreshes, 2u * 30);  // each game's start, once per view, and big captures
  EXPECT_LT(static_cast<double>(c.refreshes) / static_cast<double>(c.positions), 0.05);
  EXPECT_LT(static_cast<double>(c.columns) / static_cast<double>(c.positions), 8.0);
}

// A position far from the last one is summed afresh, and still right.
TEST(PieceAccumulator, AFarPositionIsSummedAfresh) {
  const QuantizedMlp net = quantize(shippedWeights());
  PieceAccumulator accumulator(net);
  const std::vector<PositionWithMoves<StandardRules>> far =
      randomGamePositions<StandardRules>(200, 5);
  accumulator.sums(Position::start(), Color::White);
  const Position& late = far.back().position;
  const std::int16_t* sums = accumulator.sums(late, Color::White);
  EXPECT_EQ(accumulator.counts().refreshes, 2u);
  const std::vector<std::int32_t> exact = summedInInt32(net, late, Color::White);
  for (int u = 0; u < net.accumulator; ++u)
    ASSERT_EQ(sums[u], exact[static_cast<std::size_t>(u)]);
}

// Grand Camelot's accumulator likewise: at every ply of 6 random Grand games and from all four
// players' views, the sums carried from the last position of that view equal one summed from
// scratch, bit for bit, and the exact int32 sum of the bias and the pieces' columns.
TEST(GrandPieceAccumulator, IncrementalSumsEqualSumsFromScratchAtEveryPly) {
  const std::filesystem::path shipped = CAMELOT_SHIPPED_GRAND_NETWORK;
  const QuantizedMlp net = quantize(mlpWeights(shipped, readCheckpoint(shipped)));
  GrandPieceAccumulator incremental(net);
  std::mt19937_64 rng(13);
  int plies = 0;
  for (int g = 0; g < 6; ++g) {
    BasicGame<GrandRules> game;
    while (!game.finished() && game.moves().size() < 400) {
      for (int p = 0; p < grand::kPlayers; ++p) {
        const grand::Player view = grand::playerAt(p);
        GrandPieceAccumulator fresh(net);
        std::vector<std::int32_t> pieces;
        grand::forEachPiece(game.position(), [&](grand::Square s, grand::Piece piece) {
          pieces.push_back(grandPieceFeature(piece, s, view));
        });
        SCOPED_TRACE("game " + std::to_string(g) + " ply " + std::to_string(plies));
        expectSameSums(net, incremental.sums(game.position(), view),
                       fresh.sums(game.position(), view), summedInInt32(net, pieces));
      }
      const auto& moves = game.legalMoves();
      game.play(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
      ++plies;
    }
  }
  // A ply moves a piece or two and captures a few: most positions are not summed afresh.
  const GrandPieceAccumulator::Counts& c = incremental.counts();
  EXPECT_GT(plies, 600);
  EXPECT_LT(static_cast<double>(c.refreshes) / static_cast<double>(c.positions), 0.05);
  EXPECT_LT(static_cast<double>(c.columns) / static_cast<double>(c.positions), 8.0);
}

// Larger weights get a coarser accumulator scale, so no position's sum can leave int16.
TEST(QuantizedMlp, TheAccumulatorScaleShrinksWithTheWeights) {
  MlpWeights weights = shippedWeights();
  const QuantizedMlp net = quantize(weights);
  for (float& w : weights.features)
    w *= 64.0f;
  const QuantizedMlp coarse = quantize(weights);
  EXPECT_LT(coarse.one, net.one);
  const Position start = Position::start();
  const std::vector<std::int32_t> exact = summedInInt32(coarse, start, Color::White);
  PieceAccumulator accumulator(coarse);
  const std::int16_t* sums = accumulator.sums(start, Color::White);
  for (int u = 0; u < coarse.accumulator; ++u)
    ASSERT_EQ(sums[u], exact[static_cast<std::size_t>(u)]);
}

// The differences between two evaluators' outputs over `samples` (quantizationError), printed.
template <class Rules>
QuantizationError differences(BasicEvaluator<Rules>& quantized, BasicEvaluator<Rules>& reference,
                              const std::vector<PositionWithMoves<Rules>>& samples) {
  const QuantizationError d = quantizationError(quantized, reference, samples);
  std::printf("largest difference: expected score %.6f (mean %.6f), W/D/L %.6f, prior %.6f\n",
              d.expected, d.meanExpected, d.wdl, d.prior);
  return d;
}

// The shipped network in integers and in float on 2,000 positions of random games. Measured
// (docs/network.md), the 16-unit network shipped since 2026-11-30: 0.0064 at most in the
// expected score (mean 0.0006), 0.0143 in a prior; the four-hour one before it: 0.0125 and
// 0.0083.
// `weights` in integers and in float on `samples` differ by no more than these.
void expectCloseToTheFloatNetwork(const MlpWeights& weights,
                                  const std::vector<PositionWithMoves<StandardRules>>& samples) {
  const QuantizationError d =
      differences(*makeMlpModel(weights, MlpInference::Quantized)->evaluator(),
                  *makeMlpModel(weights, MlpInference::Float)->evaluator(), samples);
  EXPECT_LT(d.expected, 0.015);  // 15 of alpha-beta's 1,000 units of a sure win
  EXPECT_LT(d.meanExpected, 0.002);
  EXPECT_LT(d.wdl, 0.01);
  EXPECT_LT(d.prior, 0.02);  // the priors only order alpha-beta's moves
}

TEST(QuantizedMlp, OutputsStayCloseToTheFloatNetwork) {
  expectCloseToTheFloatNetwork(shippedWeights(), randomGamePositions<StandardRules>(2000, 17));
}

// An accumulator that is not a multiple of simd::kLanes (48 units, padded to 64): the layers
// that read it take its padded width (reorderUnits moves units across all of it) while its small
// layers are padded to a pair (simd::paddedInputs). The shipped network narrowed to 48 units, in
// integers and in float, within the shipped network's bounds.
TEST(QuantizedMlp, ANarrowAccumulatorPaddedToTheLanesStaysCloseToTheFloatNetwork) {
  const std::vector<PositionWithMoves<StandardRules>> positions =
      randomGamePositions<StandardRules>(2000, 19);
  std::vector<std::vector<std::int32_t>> active;
  for (std::size_t i = 0; i < positions.size(); i += 4) {
    active.emplace_back();
    activeFeatures(positions[i].position, positions[i].moves, 0, active.back());
  }
  const MlpWeights weights =
      narrowedMlp(shippedWeights(), {.accumulator = 48, .hidden = 16}, active);
  const QuantizedMlp net = quantize(weights);
  ASSERT_EQ(net.accumulator, 64);
  ASSERT_EQ(net.layer1.inputs, 64);
  ASSERT_EQ(net.layer2.inputs, 16);
  expectCloseToTheFloatNetwork(weights, positions);
}

// The heads read the second layer at kHeadInputOne, finer than the activations' `one`: its
// sums are divided down to that scale where its shift is fine (the usual case) and multiplied
// up where it is coarse (very large weights). A hand-made network whose layers pass unit o on
// (the first with weight 1, the second with weight 1/4 at either shift, the heads with 1):
// head o is activation o / 4, exactly, at both shifts.
TEST(QuantizedMlp, HeadsReadTheSecondLayerAtTheirScaleWhateverItsShift) {
  constexpr int kWidth = simd::kLanes;
  const auto identity = [](int shift, std::int16_t weight) {
    QuantizedLayer layer{.inputs = kWidth,
                         .outputs = kWidth,
                         .shift = shift,
                         .weights = simd::AlignedVector<std::int16_t>(kWidth * kWidth),
                         .bias = simd::AlignedVector<std::int32_t>(kWidth)};
    for (int i = 0; i < kWidth; ++i)
      layer.weights[simd::pairedIndex(i, i, kWidth)] = weight;
    return layer;
  };
  for (const int shift : {14, 2}) {
    QuantizedMlp net;
    net.one = 512;
    net.accumulator = kWidth;
    net.layer1 = identity(0, 1);
    net.layer2 = identity(shift, static_cast<std::int16_t>(1 << (shift - 2)));  // 1/4
    net.heads = identity(0, 1);
    std::vector<std::int16_t> activations(kWidth);
    for (int u = 0; u < kWidth; ++u)
      activations[static_cast<std::size_t>(u)] = static_cast<std::int16_t>(16 * (u + 1));
    QuantizedScratch scratch;
    std::array<float, kHeadOutputs> heads{};
    quantizedHeads(net, activations.data(), scratch, heads.data());
    for (int o = 0; o < kHeadOutputs; ++o)
      EXPECT_EQ(heads[static_cast<std::size_t>(o)], 16.0f * static_cast<float>(o + 1) / 512 / 4)
          << "head " << o << " at shift " << shift;
  }
}

// Grand Camelot's shipped network likewise, on 2,000 positions of random Grand games (its
// accumulator carried from one to the next), every one within the node features the integer
// path allows for. Measured (docs/network.md), the 512-unit network shipped now (scale 256):
// 0.0082 at most in the expected score (mean 0.0006), 0.0060 in W, D or L, 0.0067 in a prior; the
// five before it (scales 256, 256, 256, 256 and 512): 0.0112, 0.0171, 0.0172, 0.0129 and 0.0127
// in the expected score, 0.0091-0.0219 in a prior.
TEST(QuantizedMlp, GrandOutputsStayCloseToTheFloatNetwork) {
  const std::filesystem::path shipped = CAMELOT_SHIPPED_GRAND_NETWORK;
  const MlpWeights weights = mlpWeights(shipped, readCheckpoint(shipped));
  const int scale = quantize(weights).one;
  std::printf("scale %d\n", scale);
  EXPECT_GE(scale, 256);  // a column's rounding error under 1/512
  const std::vector<PositionWithMoves<GrandRules>> samples =
      randomGamePositions<GrandRules>(2000, 17);
  std::size_t mostNodeFeatures = 0;
  for (const PositionWithMoves<GrandRules>& s : samples) {
    std::vector<std::int32_t> features;
    activeFeatures(s.position, s.moves, 0, features);
    mostNodeFeatures = std::max<std::size_t>(
        mostNodeFeatures, static_cast<std::size_t>(std::ranges::count_if(
                              features, [](std::int32_t f) { return f >= kGrandPieceFeatures; })));
  }
  std::printf("most node features %zu\n", mostNodeFeatures);
  EXPECT_LE(mostNodeFeatures, static_cast<std::size_t>(kGrandMostNodeFeatures));
  const QuantizationError d =
      differences(*makeMlpModel(weights, MlpInference::Quantized)->grandEvaluator(),
                  *makeMlpModel(weights, MlpInference::Float)->grandEvaluator(), samples);
  EXPECT_LT(d.expected, 0.02);
  EXPECT_LT(d.meanExpected, 0.002);
  EXPECT_LT(d.wdl, 0.02);
  EXPECT_LT(d.prior, 0.03);  // the priors only order alpha-beta's moves; its policy is sharper
}

// Two rows of Red men and knights between rows of enemies: 24 enemies capturable, 12 capture
// starts and 24 capture ends, past the 64 node features the integer path allows for. The
// quantized model evaluates it in float, so its outputs are the float model's exactly.
TEST(QuantizedMlp, GrandPositionPastTheIntegerBoundIsEvaluatedInFloat) {
  const grand::GrandPosition position = grand::parseGfen(
      "2/3b4/10/12/2GYGYGY6/2rrRRrr6/2gygyGY6/16/16/2gygygy6/2rrRRrr6/2gygygy6/12/10/8/2 r 0 0 0 0 "
      "0");
  const grand::GrandGame game(position);
  std::vector<std::int32_t> features;
  activeFeatures(position, game.legalMoves(), 0, features);
  EXPECT_GT(
      std::ranges::count_if(features, [](std::int32_t f) { return f >= kGrandPieceFeatures; }),
      kGrandMostNodeFeatures);

  const std::filesystem::path shipped = CAMELOT_SHIPPED_GRAND_NETWORK;
  const MlpWeights weights = mlpWeights(shipped, readCheckpoint(shipped));
  const GrandEvaluationRequest request{&position, &game.legalMoves(), {}, 0};
  Evaluation q, f;
  makeMlpModel(weights, MlpInference::Quantized)
      ->grandEvaluator()
      ->evaluate(std::span(&request, 1), std::span(&q, 1));
  makeMlpModel(weights, MlpInference::Float)
      ->grandEvaluator()
      ->evaluate(std::span(&request, 1), std::span(&f, 1));
  EXPECT_EQ(q.value.win, f.value.win);
  EXPECT_EQ(q.value.loss, f.value.loss);
  EXPECT_EQ(q.priors, f.priors);
  ASSERT_EQ(q.priors.size(), game.legalMoves().size());
}

}  // namespace
}  // namespace camelot
