// `netab:FILE`: the alpha-beta player standing on a network's value (stored tiny mlp,
// tests/data/mlp-tiny.ckpt) instead of the hand-written evaluation.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "engine/cfen.hpp"
#include "engine/game.hpp"
#include "engine/notation.hpp"
#include "mcts/alphabeta_player.hpp"
#include "nn/model.hpp"
#include "nn/network_leaf_value.hpp"
#include "training/player_factory.hpp"

namespace camelot {
namespace {

const std::string kTinyMlp = (std::filesystem::path(CAMELOT_TEST_DATA) / "mlp-tiny.ckpt").string();

TEST(NetworkLeafValue, IsTheModelsExpectedScoreScaled) {
  const std::shared_ptr<const Model> model = loadModel(kTinyMlp);
  const std::unique_ptr<Evaluator> evaluator = model->evaluator(1);
  const std::unique_ptr<LeafValue> leaf = makeNetworkLeafValue(*model);
  Game game;
  for (const char* move : {"F6-F8", "G11-G9", "F8-F9"}) {
    const Position& p = game.position();
    MoveList moves;
    legalMoves(p, moves);
    const EvaluationRequest request{&p, &moves, {}, 0};
    Evaluation answer;
    evaluator->evaluate({&request, 1}, {&answer, 1});
    EXPECT_EQ(leaf->score(p, moves), std::lround(answer.value.expected() * kNetworkValueScale));
    game.play(parseMove(p, move));
  }
}

TEST(NetabPlayer, IsNamedAsItsSpecAndPlaysLegalMoves) {
  const std::unique_ptr<Player> player =
      makePlayer(PlayerSpec::parse("netab:" + kTinyMlp + ",depth=2"), 1);
  EXPECT_EQ(player->name(), "netab:" + kTinyMlp + ",depth=2");
  Game game;
  for (int ply = 0; ply < 6; ++ply) {
    const Move move = player->chooseMove(game);
    EXPECT_TRUE(std::ranges::find(game.legalMoves(), move) != game.legalMoves().end());
    game.play(move);
  }
  EXPECT_EQ(makePlayer(PlayerSpec::parse("netab:" + kTinyMlp + ",time=50"), 1)->name(),
            "netab:" + kTinyMlp + ",depth=4,time=50");
}

TEST(NetabPlayer, FindsAWinInOneWhateverTheNetworkSays) {
  AlphaBetaSettings settings;
  settings.maxDepth = 3;
  settings.ttMegabytes = 1;
  const std::shared_ptr<const Model> model = loadModel(kTinyMlp);
  AlphaBetaPlayer player(settings, makeNetworkLeafValue(*model), "netab:tiny,");
  // R9 a: White holds F16; G15-G16 puts its second piece on Black's castle (the play test's
  // position).
  const Game won(parseCfen("M1/4M3/10/12/12/12/12/12/12/12/m10m/12/12/10/8/2 w 0 0 0"));
  EXPECT_EQ(toNotation(player.chooseMove(won)), "G15-G16");
  EXPECT_EQ(player.lastSearch().score, winIn(1));
}

TEST(NetabPlayer, ABadSpecIsOneError) {
  EXPECT_THROW(makePlayer(PlayerSpec::parse("netab:"), 1), SpecError);
  EXPECT_THROW(makePlayer(PlayerSpec::parse("netab:" + kTinyMlp + ",sims=5"), 1), SpecError);
  EXPECT_THROW(validatePlayerSpec(PlayerSpec::parse("netab:missing.ckpt")), std::exception);
}

}  // namespace
}  // namespace camelot
