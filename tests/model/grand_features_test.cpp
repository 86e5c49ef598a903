// Grand Camelot's mlp inputs (nn/features/grand_features.hpp) and its plain C++ inference: exact
// features of the start, the transposition (G2, the symmetry of the whole game) mapping every
// vector onto the same features and policy, the half turn changing only the turn-order feature,
// and a tiny checkpoint (tests/data/grand-mlp-tiny.ckpt, `camelot net init --variant grand
// --accumulator 16 --hidden 8 --move-embedding 8 --seed 5`) read without LibTorch.

#include "nn/features/grand_features.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <numeric>
#include <random>

#include "engine/grand/grand_rules.hpp"
#include "nn/mlp/mlp_model.hpp"
#include "nn/model.hpp"

namespace camelot {
namespace {

using grand::GrandMove;
using grand::GrandPosition;

const std::filesystem::path kData(CAMELOT_TEST_DATA);

std::vector<std::int32_t> featuresOf(const GrandPosition& position) {
  std::vector<std::int32_t> active;
  activeFeatures(position, grand::legalMoves(position), 0, active);
  std::sort(active.begin(), active.end());
  return active;
}

// Each legal move's policy index and kind, sorted.
std::vector<std::pair<std::int32_t, int>> policyOf(const GrandPosition& position) {
  std::vector<std::pair<std::int32_t, int>> policy;
  for (const GrandMove& m : grand::legalMoves(position))
    policy.emplace_back(grandPolicyIndex(m, position.toMove), moveKind(m));
  std::sort(policy.begin(), policy.end());
  return policy;
}

std::vector<GrandPosition> vectorPositions() {
  std::vector<GrandPosition> positions;
  std::ifstream in(kData / "vectors" / "grand-movegen.jsonl");
  for (std::string line; std::getline(in, line);)
    if (!line.empty())
      positions.push_back(grand::parseGfen(nlohmann::json::parse(line)["fen"].get<std::string>()));
  return positions;
}

int block(GrandCellFeature b) {
  return static_cast<int>(b) * kGrandCells;
}

TEST(GrandFeatures, LayoutConstants) {
  EXPECT_EQ(kGrandCastleMovesFeature, 3072);
  EXPECT_EQ(kGrandClockFeature, 3085);
  EXPECT_EQ(kGrandOppositeNextFeature, 3102);
  EXPECT_EQ(kGrandFeatureCount, 3104);
  EXPECT_EQ(kGrandPolicySize, 65536);
}

TEST(GrandFeatures, G3_TheStartHasItsPiecesByRoleAndTheConstants) {
  const GrandPosition start = GrandPosition::start();
  const std::vector<std::int32_t> f = featuresOf(start);
  // 48 pieces, four castle-move counts, the clock, and Red's opposite opponent (Green) next.
  ASSERT_EQ(f.size(), 54u);
  std::vector<std::int32_t> ownMen;
  for (int s = 0; s < kGrandCells; ++s) {
    const grand::Piece piece = start.board[static_cast<std::size_t>(s)];
    if (!piece.empty() && piece.owner() == grand::Player::Red && !piece.knight())
      ownMen.push_back(block(GrandCellFeature::OwnMan) + s);  // Red's view is the board itself
  }
  ASSERT_EQ(ownMen.size(), 8u);
  for (const std::int32_t feature : ownMen)
    EXPECT_TRUE(std::binary_search(f.begin(), f.end(), feature)) << feature;
  for (const GrandCellFeature b : {GrandCellFeature::PartnerKnight, GrandCellFeature::SideMan}) {
    const auto inBlock = std::count_if(f.begin(), f.end(), [&](std::int32_t x) {
      return x >= block(b) && x < block(b) + kGrandCells;
    });
    EXPECT_EQ(inBlock, b == GrandCellFeature::SideMan ? 8 : 4);
  }
  for (int role = 0; role < kGrandRoles; ++role)
    EXPECT_TRUE(std::binary_search(f.begin(), f.end(), kGrandCastleMovesFeature + 3 * role));
  EXPECT_TRUE(std::binary_search(f.begin(), f.end(), kGrandClockFeature));
  EXPECT_TRUE(std::binary_search(f.begin(), f.end(), kGrandOppositeNextFeature));
  // Green to move: the opposite opponent (Red) moved last, the side opponent (Blue) is next.
  GrandPosition green = grand::halfTurned(start);
  EXPECT_FALSE(std::ranges::binary_search(featuresOf(green), kGrandOppositeNextFeature));
}

TEST(GrandFeatures, G2_TheTranspositionLeavesFeaturesAndPolicyAsTheyAre) {
  const std::vector<GrandPosition> positions = vectorPositions();
  ASSERT_EQ(positions.size(), 245u);
  for (const GrandPosition& p : positions) {
    SCOPED_TRACE(grand::toGfen(p));
    const GrandPosition t = grand::transposed(p);
    EXPECT_EQ(featuresOf(p), featuresOf(t));
    EXPECT_EQ(policyOf(p), policyOf(t));
  }
}

TEST(GrandFeatures, G2_TheHalfTurnChangesOnlyWhoMovesNext) {
  for (const GrandPosition& p : vectorPositions()) {
    SCOPED_TRACE(grand::toGfen(p));
    const std::vector<std::int32_t> a = featuresOf(p);
    const std::vector<std::int32_t> b = featuresOf(grand::halfTurned(p));
    std::vector<std::int32_t> differ;
    std::set_symmetric_difference(a.begin(), a.end(), b.begin(), b.end(),
                                  std::back_inserter(differ));
    if (!grand::legalMoves(p).empty()) {
      EXPECT_EQ(differ, std::vector<std::int32_t>{kGrandOppositeNextFeature});
      EXPECT_EQ(policyOf(p), policyOf(grand::halfTurned(p)));
    }
  }
}

TEST(GrandFeatures, G11_AForcedPassIsIndexZeroAndAFeature) {
  const GrandPosition p =
      grand::parseGfen("2/8/10/8g3/14/14/14/16/3b12/14/14/1b10y1/12/10/8/2 r 0 0 0 0 7");
  const std::vector<GrandMove> moves = grand::legalMoves(p);
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_EQ(grandPolicyIndex(moves[0], p.toMove), 0);
  EXPECT_EQ(moveKind(moves[0]), 0);
  EXPECT_TRUE(std::ranges::binary_search(featuresOf(p), kGrandPassFeature));
}

// The integer accumulator keeps the pieces' sum and adds nodeFeatures at every position:
// the two are the active features exactly, the pieces first. The rules' test positions include
// pieces on non-goal castles, whose must-leave (G9 c) the node features find on their own.
TEST(GrandFeatures, G9_TheNodeFeaturesAreTheActiveOnesAfterThePieces) {
  int mustLeave = 0;
  for (const GrandPosition& position : vectorPositions()) {
    const std::vector<GrandMove> moves = grand::legalMoves(position);
    std::vector<std::int32_t> active, node;
    activeFeatures(position, moves, 1, active);
    nodeFeatures(position, moves, 1, node);
    const auto pieces = static_cast<std::ptrdiff_t>(
        std::ranges::count_if(active, [](std::int32_t f) { return f < kGrandPieceFeatures; }));
    std::vector<std::int32_t> expected;
    grand::forEachPiece(position, [&](grand::Square s, grand::Piece piece) {
      expected.push_back(grandPieceFeature(piece, s, position.toMove));
    });
    expected.insert(expected.end(), node.begin(), node.end());
    EXPECT_EQ(active, expected) << grand::toGfen(position);
    EXPECT_EQ(std::vector<std::int32_t>(active.begin() + pieces, active.end()), node);
    mustLeave += std::ranges::count(node, kGrandMustLeaveFeature);
  }
  EXPECT_GT(mustLeave, 0) << "no position has the must-leave: the test checks less than it says";
}

// Alpha-beta's quiescence hands the network its tactical moves alone
// (grand::unsortedTacticalMoves): the features must be those of the full list. Random games from
// the rules' test positions reach compulsory captures (G5), charges, goal entries, castles to
// leave (G9) and forced passes (G11).
TEST(GrandFeatures, G5_G11_TheTacticalMovesGiveTheFeaturesOfTheFullList) {
  std::mt19937_64 rng(38);
  int goalEntries = 0, passes = 0;
  for (const GrandPosition& start : vectorPositions()) {
    GrandPosition p = start;
    for (int ply = 0; ply < 100; ++ply) {
      const std::vector<GrandMove> all = grand::unsortedLegalMoves(p);
      if (all.empty()) break;
      bool leftOut = false;
      const std::vector<GrandMove> tactical = grand::unsortedTacticalMoves(p, leftOut);
      std::vector<std::int32_t> fromAll, fromTactical;
      activeFeatures(p, all, 0, fromAll);
      activeFeatures(p, tactical, 0, fromTactical);
      ASSERT_EQ(fromTactical, fromAll) << grand::toGfen(p);
      for (const GrandMove& m : tactical) {
        goalEntries += !m.pass() && m.captured.empty();
        passes += m.pass();
      }
      p = grand::afterMove(p,
                           all[std::uniform_int_distribution<std::size_t>(0, all.size() - 1)(rng)]);
    }
  }
  EXPECT_GT(goalEntries, 0) << "no goal entry was met: the games test less than they should";
  EXPECT_GT(passes, 0) << "no forced pass was met: the games test less than they should";
}

TEST(GrandFeatures, G5_G6_MoveKindsAndCaptureFeatures) {
  // Red must capture: E5xE7 takes a man, J5xJ7 a knight.
  const GrandPosition p =
      grand::parseGfen("2/8/10/12/12y1/14/1b12/16/16/14/3g4G5/3r4r5/12/10/8/2 r 0 0 0 0 0");
  for (const GrandMove& m : grand::legalMoves(p))
    EXPECT_EQ(moveKind(m), 2);  // a capture of one piece
  const std::vector<std::int32_t> f = featuresOf(p);
  const grand::Square e6 = grand::makeSquare(4, 6);
  EXPECT_TRUE(std::ranges::binary_search(f, block(GrandCellFeature::Capturable) + e6));
  EXPECT_TRUE(std::ranges::binary_search(f, kGrandCaptureSizeFeature));
  // From the start: a step is plain, a leap over a friend (or several) a canter.
  const GrandPosition start = GrandPosition::start();
  for (const auto& [text, kind] : std::vector<std::pair<const char*, int>>{
           {"F3-E2", 0}, {"H5-G6", 0}, {"G3-G5", 1}, {"G4-I2-K4-K2", 1}}) {
    const std::optional<GrandMove> m = grand::findMove(start, text);
    ASSERT_TRUE(m.has_value()) << text;
    EXPECT_EQ(moveKind(*m), kind) << text;
  }
}

TEST(GrandMlpModel, G2_EvaluatesWithoutLibTorchAndSeesTheTranspositionAsOne) {
  const std::shared_ptr<const Model> model = loadModel(kData / "grand-mlp-tiny.ckpt");
  EXPECT_EQ(model->config().variant, Variant::Grand);
  EXPECT_THROW(model->evaluator(), std::invalid_argument);
  EXPECT_THROW(loadModel(kData / "mlp-tiny.ckpt")->grandEvaluator(), std::invalid_argument);
  const std::unique_ptr<GrandEvaluator> evaluator = model->grandEvaluator();
  const GrandPosition start = GrandPosition::start();
  const GrandPosition transposed = grand::transposed(start);
  const std::vector<GrandMove> moves = grand::legalMoves(start);
  const std::vector<GrandMove> transposedMoves = grand::legalMoves(transposed);
  const std::array<GrandEvaluationRequest, 2> requests = {
      GrandEvaluationRequest{&start, &moves},
      GrandEvaluationRequest{&transposed, &transposedMoves}};
  std::vector<Evaluation> results(2);
  evaluator->evaluate(requests, results);
  ASSERT_EQ(results[0].priors.size(), 80u);
  EXPECT_NEAR(std::accumulate(results[0].priors.begin(), results[0].priors.end(), 0.0), 1.0, 1e-5);
  EXPECT_EQ(results[0].value.win, results[1].value.win);
  EXPECT_EQ(results[0].value.loss, results[1].value.loss);
  std::vector<float> a = results[0].priors, b = results[1].priors;
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  // The same logits; the softmax sums them in another order.
  for (std::size_t i = 0; i < a.size(); ++i)
    EXPECT_NEAR(a[i], b[i], 1e-7f);
}

}  // namespace
}  // namespace camelot
