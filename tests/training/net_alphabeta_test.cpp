// `net:FILE` (search=alphabeta, the default): the project's alpha-beta standing on a network
// (stored tiny mlps, tests/data/mlp-tiny.ckpt and grand-mlp-tiny.ckpt): its value at the leaves,
// its policy ordering the moves, in either variant.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <numeric>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "engine/cfen.hpp"
#include "engine/game.hpp"
#include "engine/notation.hpp"
#include "nn/model.hpp"
#include "nn/network_judge.hpp"
#include "players/alphabeta_player.hpp"
#include "players/blended_judge.hpp"
#include "players/player_factory.hpp"
#include "tests/engine/grand_hand_built.hpp"

namespace camelot {
namespace {

const std::string kTinyMlp = (std::filesystem::path(CAMELOT_TEST_DATA) / "mlp-tiny.ckpt").string();
const std::string kGrandTinyMlp =
    (std::filesystem::path(CAMELOT_TEST_DATA) / "grand-mlp-tiny.ckpt").string();

// Each of the tiny network's spec with one of these tails is a spec error.
void expectSpecErrors(const std::vector<std::string>& tails) {
  for (const std::string& bad : tails)
    EXPECT_THROW(makePlayer<StandardRules>(PlayerSpec::parse("net:" + kTinyMlp + bad), 1),
                 SpecError)
        << bad;
}

TEST(NetworkJudge, IsTheModelsExpectedScoreScaledAndItsPolicy) {
  const std::shared_ptr<const Model> model = loadModel(kTinyMlp);
  const std::unique_ptr<Evaluator> evaluator = model->evaluator(1);
  const std::unique_ptr<PositionJudge> judge = makeNetworkJudge(*model);
  Game game;
  for (const char* move : {"F6-F8", "G11-G9", "F8-F9"}) {
    const Position& p = game.position();
    MoveList moves;
    legalMoves(p, moves);
    const EvaluationRequest request{&p, &moves, {}, 0};
    Evaluation answer;
    evaluator->evaluate({&request, 1}, {&answer, 1});
    EXPECT_EQ(judge->value(p, moves, StandardRules::hash(p)),
              std::lround(answer.value.expected() * kJudgeWinUnits));
    std::vector<float> priors;
    judge->priors(p, moves, priors);
    EXPECT_EQ(priors, answer.priors);
    EXPECT_NEAR(std::accumulate(priors.begin(), priors.end(), 0.0), 1.0, 1e-5);
    game.play(parseMove(p, move));
  }
}

// The judge remembers the values it gave (a leaf met again costs a lookup): asked again, and
// asked for the same placement at every clock, it answers what the network answers there.
TEST(NetworkJudge, AValueAskedAgainIsTheNetworksAtThatClock) {
  const std::shared_ptr<const Model> model = loadModel(kTinyMlp);
  const std::unique_ptr<Evaluator> evaluator = model->evaluator(1);
  const std::unique_ptr<PositionJudge> judge = makeNetworkJudge(*model);
  const auto networkValue = [&](const Position& p, const MoveList& moves) {
    const EvaluationRequest request{&p, &moves, {}, 0};
    Evaluation answer;
    evaluator->evaluate({&request, 1}, {&answer, 1});
    return std::lround(answer.value.expected() * kJudgeWinUnits);
  };
  Position p = Position::start();
  MoveList moves;
  legalMoves(p, moves);
  std::set<long> values;
  for (int round = 0; round < 2; ++round) {
    for (int clock = 0; clock < kClockLimit; clock += 5) {
      p.setClock(clock);
      EXPECT_EQ(judge->value(p, moves, StandardRules::hash(p)), networkValue(p, moves))
          << "clock " << clock;
      values.insert(networkValue(p, moves));
    }
  }
  EXPECT_GT(values.size(), 1u) << "the network's value should read the clock";
}

TEST(NetAlphaBeta, IsNamedAsItsSpecAndPlaysLegalMoves) {
  const std::unique_ptr<Player> player =
      makePlayer<StandardRules>(PlayerSpec::parse("net:" + kTinyMlp + ",depth=2"), 1);
  EXPECT_EQ(player->name(), "net:" + kTinyMlp + ",depth=2");
  Game game;
  for (int ply = 0; ply < 6; ++ply) {
    const Move move = player->chooseMove(game);
    EXPECT_TRUE(std::ranges::find(game.legalMoves(), move) != game.legalMoves().end());
    game.play(move);
  }
  EXPECT_EQ(makePlayer<StandardRules>(PlayerSpec::parse("net:" + kTinyMlp + ",time=50"), 1)->name(),
            "net:" + kTinyMlp + ",depth=64,time=50");
  // No limit given: a second a move, as deep as it allows.
  EXPECT_EQ(makePlayer<StandardRules>(PlayerSpec::parse("net:" + kTinyMlp), 1)->name(),
            "net:" + kTinyMlp + ",depth=64,time=1000");
}

TEST(NetAlphaBeta, ReportsItsDepthNodesValueAndALegalPrincipalVariation) {
  const std::unique_ptr<Player> player =
      makePlayer<StandardRules>(PlayerSpec::parse("net:" + kTinyMlp + ",depth=3"), 1);
  Game game;
  game.play(parseMove(game.position(), "F6-F8"));
  const Move move = player->chooseMove(game);
  const std::optional<MoveReport> report = player->lastReport();
  ASSERT_TRUE(report.has_value());
  EXPECT_EQ(report->depth, 3);
  EXPECT_GT(report->visits, 20);  // nodes: more than the root's ~20 moves
  EXPECT_LE(std::abs(report->value), 1.0f);
  ASSERT_FALSE(report->pv.empty());
  EXPECT_EQ(report->pv.front(), move);
  EXPECT_LE(report->pv.size(), 3u + 1u);
  for (const Move& m : report->pv) {
    ASSERT_TRUE(std::ranges::find(game.legalMoves(), m) != game.legalMoves().end());
    game.play(m);
  }
}

TEST(NetAlphaBeta, FindsAWinInOneWhateverTheNetworkSays) {
  AlphaBetaSettings settings;
  settings.maxDepth = 3;
  settings.ttMegabytes = 1;
  const std::shared_ptr<const Model> model = loadModel(kTinyMlp);
  AlphaBetaPlayer player(settings, makeNetworkJudge(*model), "net:tiny,");
  // R9 a: White holds F16; G15-G16 puts its second piece on Black's castle (the play test's
  // position).
  const Game won(parseCfen("M1/4M3/10/12/12/12/12/12/12/12/m10m/12/12/10/8/2 w 0 0 0"));
  EXPECT_EQ(toNotation(player.chooseMove(won)), "G15-G16");
  EXPECT_EQ(player.lastSearch().score, winIn(1));
  EXPECT_EQ(player.lastReport()->value, 1.0f);
}

// Counts the calls of the judge it stands for.
class CountingJudge final : public PositionJudge {
 public:
  explicit CountingJudge(std::unique_ptr<PositionJudge> judge) : judge_(std::move(judge)) {}
  int value(const Position& position, const MoveList& moves, std::uint64_t hash) override {
    ++values;
    return judge_->value(position, moves, hash);
  }
  void priors(const Position& position, const MoveList& moves,
              std::vector<float>& priors) override {
    ++priorCalls;
    if (std::all_of(moves.begin(), moves.end(), [](const Move& m) { return m.isCapture(); }))
      ++priorCallsOnCapturesAlone;
    judge_->priors(position, moves, priors);
  }
  int values = 0, priorCalls = 0, priorCallsOnCapturesAlone = 0;

 private:
  std::unique_ptr<PositionJudge> judge_;
};

TEST(NetAlphaBeta, OrdersByThePolicyUnlessToldHeuristicsAlone) {
  const std::shared_ptr<const Model> model = loadModel(kTinyMlp);
  for (const bool byPriors : {true, false}) {
    AlphaBetaSettings settings;
    settings.maxDepth = 3;
    settings.ttMegabytes = 1;
    settings.orderByPriors = byPriors;
    auto counting = std::make_unique<CountingJudge>(makeNetworkJudge(*model));
    const CountingJudge& judge = *counting;
    AlphaBetaPlayer player(settings, std::move(counting), "net:tiny,");
    player.chooseMove(Game());
    EXPECT_GT(judge.values, 0);
    EXPECT_EQ(judge.priorCalls > 0, byPriors) << judge.priorCalls << " prior calls";
  }
  EXPECT_EQ(makePlayer<StandardRules>(
                PlayerSpec::parse("net:" + kTinyMlp + ",time=50,order=heuristics"), 1)
                ->name(),
            "net:" + kTinyMlp + ",order=heuristics,depth=64,time=50");
  EXPECT_EQ(
      makePlayer<StandardRules>(PlayerSpec::parse("net:" + kTinyMlp + ",time=50,order=policy"), 1)
          ->name(),
      "net:" + kTinyMlp + ",depth=64,time=50");
  EXPECT_EQ(
      makePlayer<StandardRules>(PlayerSpec::parse("net:" + kTinyMlp + ",time=50,deepen=90"), 1)
          ->name(),
      "net:" + kTinyMlp + ",depth=64,time=50,deepen=90");
  EXPECT_THROW(makePlayer<StandardRules>(PlayerSpec::parse("net:" + kTinyMlp + ",deepen=101"), 1),
               SpecError);
  EXPECT_THROW(makePlayer<StandardRules>(PlayerSpec::parse("net:" + kTinyMlp + ",order=random"), 1),
               SpecError);
  EXPECT_THROW(makePlayer<StandardRules>(
                   PlayerSpec::parse("net:" + kTinyMlp + ",search=puct,order=policy"), 1),
               SpecError);
}

// The policy orders only the quiet moves, after the table move, captures, goal entries and
// killers, and is asked for only when the search reaches a quiet move: never at a node whose
// moves are all captures (R4).
TEST(NetAlphaBeta, R4_AsksThePolicyOnlyWhenAQuietMoveIsReached) {
  const std::shared_ptr<const Model> model = loadModel(kTinyMlp);
  // Black to move after 9 plies of a game whose next moves are exchanges.
  const Game game(
      parseCfen("2/8/10/12/2m9/12/4m2mk1K1/1K10/4M4M2/4MM1MK3/3M1MM2KM1/12/12/10/8/2 b 0 0 0"));
  AlphaBetaSettings settings;
  settings.maxDepth = 4;
  settings.ttMegabytes = 1;
  auto counting = std::make_unique<CountingJudge>(makeNetworkJudge(*model));
  const CountingJudge& judge = *counting;
  AlphaBetaPlayer player(settings, std::move(counting), "net:tiny,");
  player.chooseMove(game);
  EXPECT_GT(judge.priorCalls, 0);
  EXPECT_EQ(judge.priorCallsOnCapturesAlone, 0) << judge.priorCalls;
}

// A Grand Camelot network is judged the same way (the value for the partnership to move), and
// its `net:` player is alpha-beta on it unless a tree search is asked for.
TEST(NetAlphaBeta, G12_AGrandNetworkPlaysThroughAlphaBetaByDefault) {
  const std::shared_ptr<const Model> model = loadModel(kGrandTinyMlp);
  const std::unique_ptr<GrandEvaluator> evaluator = model->grandEvaluator();
  const std::unique_ptr<GrandPositionJudge> judge = makeNetworkJudgeFor<GrandRules>(*model);
  const grand::GrandPosition start = grand::GrandPosition::start();
  GrandRules::MoveList moves;
  GrandRules::legalMoves(start, moves);
  const GrandEvaluationRequest request{&start, &moves, {}, 0};
  Evaluation answer;
  evaluator->evaluate({&request, 1}, {&answer, 1});
  EXPECT_EQ(judge->value(start, moves, GrandRules::hash(start)),
            std::lround(answer.value.expected() * kJudgeWinUnits));
  std::vector<float> priors;
  judge->priors(start, moves, priors);
  EXPECT_EQ(priors, answer.priors);

  const std::unique_ptr<GrandPlayer> player =
      makePlayer<GrandRules>(PlayerSpec::parse("net:" + kGrandTinyMlp + ",depth=2"), 1);
  EXPECT_EQ(player->name(), "net:" + kGrandTinyMlp + ",depth=2");
  const grand::GrandGame game;
  const grand::GrandMove move = player->chooseMove(game);
  EXPECT_TRUE(grand_hand_built::isLegal(game, move));
  ASSERT_TRUE(player->lastReport().has_value());
  EXPECT_EQ(player->lastReport()->depth, 2);
  EXPECT_EQ(
      makePlayer<GrandRules>(PlayerSpec::parse("net:" + kGrandTinyMlp + ",search=puct"), 1)->name(),
      "mcts:sims=800,eval=net:" + kGrandTinyMlp);
  EXPECT_THROW(makePlayer<StandardRules>(PlayerSpec::parse("net:" + kGrandTinyMlp), 1),
               WrongVariantError);
}

TEST(NetAlphaBeta, ABadSpecIsOneError) {
  EXPECT_THROW(makePlayer<StandardRules>(PlayerSpec::parse("net:"), 1), SpecError);
  EXPECT_THROW(makePlayer<StandardRules>(PlayerSpec::parse("net:" + kTinyMlp + ",sims=5"), 1),
               SpecError);
  EXPECT_THROW(validatePlayerSpec<StandardRules>(PlayerSpec::parse("net:missing.ckpt")),
               std::exception);
}

// `hand=P`: at every position of random games to their end, the blended judge's value is
// (100 - P)% the network judge's and P% the hand-written evaluation's, clamped to
// ±kJudgeWinUnits (the games' lopsided ends test the clamp), and its priors are the network's;
// in either variant.
template <class Rules>
void expectBlendedValues(const Model& model) {
  using Variant = AlphaBetaVariant<Rules>;
  const typename Variant::Weights weights{};
  const std::unique_ptr<BasicPositionJudge<Rules>> network = makeNetworkJudgeFor<Rules>(model);
  const std::unique_ptr<BasicPositionJudge<Rules>> blended =
      makeBlendedJudge<Rules>(makeNetworkJudgeFor<Rules>(model), 30, weights);
  std::mt19937_64 rng(7);
  int positions = 0, clamped = 0;
  for (int g = 0; g < 4; ++g) {
    BasicGame<Rules> game;
    while (!game.finished() && game.moves().size() < 400) {
      const typename Rules::Position& p = game.position();
      const auto& moves = game.legalMoves();
      const std::uint64_t hash = Rules::hash(p);
      const int hand = Variant::evaluate(p, weights);
      clamped += std::abs(hand) > kJudgeWinUnits;
      const int expected = (network->value(p, moves, hash) * 70 +
                            std::clamp(hand, -kJudgeWinUnits, kJudgeWinUnits) * 30) /
                           100;
      ASSERT_EQ(blended->value(p, moves, hash), expected) << "position " << positions;
      std::vector<float> networkPriors, blendedPriors;
      network->priors(p, moves, networkPriors);
      blended->priors(p, moves, blendedPriors);
      ASSERT_EQ(blendedPriors, networkPriors);
      game.play(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
      ++positions;
    }
  }
  EXPECT_GT(clamped, 0);
  EXPECT_THROW(makeBlendedJudge<Rules>(makeNetworkJudgeFor<Rules>(model), 0, weights),
               std::invalid_argument);
  EXPECT_THROW(makeBlendedJudge<Rules>(makeNetworkJudgeFor<Rules>(model), 101, weights),
               std::invalid_argument);
}

TEST(BlendedJudge, MixesTheNetworksValueWithTheHandWrittenEvaluation) {
  expectBlendedValues<StandardRules>(*loadModel(kTinyMlp));
}

TEST(BlendedJudge, G12_MixesAGrandNetworksValueWithTheHandWrittenEvaluation) {
  expectBlendedValues<GrandRules>(*loadModel(kGrandTinyMlp));
}

// hand=P names the player and reaches its judge; hand=0 is the network alone; out of 0-100, or
// on a tree search, it is a spec error.
TEST(NetAlphaBeta, HandSharesTheLeafValueWithTheHandWrittenEvaluation) {
  EXPECT_EQ(makePlayer<StandardRules>(PlayerSpec::parse("net:" + kTinyMlp + ",time=50,hand=40"), 1)
                ->name(),
            "net:" + kTinyMlp + ",hand=40,depth=64,time=50");
  EXPECT_EQ(
      makePlayer<GrandRules>(PlayerSpec::parse("net:" + kGrandTinyMlp + ",depth=2,hand=50"), 1)
          ->name(),
      "net:" + kGrandTinyMlp + ",hand=50,depth=2");
  EXPECT_EQ(makePlayer<StandardRules>(PlayerSpec::parse("net:" + kTinyMlp + ",depth=2,hand=0"), 1)
                ->name(),
            "net:" + kTinyMlp + ",depth=2");
  expectSpecErrors({",hand=101", ",hand=-1", ",search=puct,hand=10"});
  // The blend changes what the search sees: the hand-written evaluation's share moves the score.
  const auto score = [](const std::string& spec) {
    const std::unique_ptr<Player> player = makePlayer<StandardRules>(PlayerSpec::parse(spec), 1);
    player->chooseMove(Game());
    return player->lastReport()->value;
  };
  EXPECT_NE(score("net:" + kTinyMlp + ",depth=2"), score("net:" + kTinyMlp + ",depth=2,hand=100"));
}

// prune=K names the player where it is not the variant's default (Grand Camelot's 6, the
// standard game's 0) and reaches its search; out of 0-1000, or on a tree search, it is an error.
TEST(NetAlphaBeta, PruneKeepsTheQuietMovesOfHighestPriorNearTheHorizon) {
  const auto name = [](auto rules, const std::string& spec) {
    return makePlayer<decltype(rules)>(PlayerSpec::parse(spec), 1)->name();
  };
  EXPECT_EQ(name(GrandRules{}, "net:" + kGrandTinyMlp + ",depth=2"),
            "net:" + kGrandTinyMlp + ",depth=2");
  EXPECT_EQ(name(GrandRules{}, "net:" + kGrandTinyMlp + ",depth=2,prune=6"),
            "net:" + kGrandTinyMlp + ",depth=2");
  EXPECT_EQ(name(GrandRules{}, "net:" + kGrandTinyMlp + ",depth=2,prune=0"),
            "net:" + kGrandTinyMlp + ",prune=0,depth=2");
  EXPECT_EQ(name(StandardRules{}, "net:" + kTinyMlp + ",depth=2"), "net:" + kTinyMlp + ",depth=2");
  EXPECT_EQ(name(StandardRules{}, "net:" + kTinyMlp + ",depth=2,prune=4"),
            "net:" + kTinyMlp + ",prune=4,depth=2");
  expectSpecErrors({",prune=1001", ",prune=-1", ",search=puct,prune=4"});
  // Grand Camelot's default prunes: to the same depth it searches fewer nodes than prune=0.
  const auto nodes = [](const std::string& spec) {
    const std::unique_ptr<GrandPlayer> player = makePlayer<GrandRules>(PlayerSpec::parse(spec), 1);
    player->chooseMove(grand::GrandGame());
    return player->lastReport()->visits;
  };
  EXPECT_LT(nodes("net:" + kGrandTinyMlp + ",depth=4"),
            nodes("net:" + kGrandTinyMlp + ",depth=4,prune=0"));
}

// with=FILE[+FILE...] names the player and averages the partners' values into its judge: a
// network's ensemble with itself searches exactly as it does alone (the mean of equal values is
// exact). A partner of the other game, a missing one, an empty item or with= on a tree search is
// an error.
TEST(NetAlphaBeta, WithAveragesPartnerNetworksIntoTheValue) {
  EXPECT_EQ(
      makePlayer<StandardRules>(
          PlayerSpec::parse("net:" + kTinyMlp + ",depth=2,with=" + kTinyMlp + "+" + kTinyMlp), 1)
          ->name(),
      "net:" + kTinyMlp + ",with=" + kTinyMlp + "+" + kTinyMlp + ",depth=2");
  EXPECT_EQ(
      makePlayer<GrandRules>(
          PlayerSpec::parse("net:" + kGrandTinyMlp + ",depth=2,hand=50,with=" + kGrandTinyMlp), 1)
          ->name(),
      "net:" + kGrandTinyMlp + ",hand=50,with=" + kGrandTinyMlp + ",depth=2");
  const auto report = [](const std::string& spec) {
    const std::unique_ptr<Player> player = makePlayer<StandardRules>(PlayerSpec::parse(spec), 1);
    const Move move = player->chooseMove(Game());
    return std::pair(toNotation(move), player->lastReport()->value);
  };
  EXPECT_EQ(report("net:" + kTinyMlp + ",depth=3,with=" + kTinyMlp),
            report("net:" + kTinyMlp + ",depth=3"));
  EXPECT_THROW(
      makePlayer<StandardRules>(PlayerSpec::parse("net:" + kTinyMlp + ",with=" + kGrandTinyMlp), 1),
      WrongVariantError);
  EXPECT_THROW(validatePlayerSpec<StandardRules>(
                   PlayerSpec::parse("net:" + kTinyMlp + ",with=" + kGrandTinyMlp)),
               WrongVariantError);
  EXPECT_THROW(validatePlayerSpec<StandardRules>(
                   PlayerSpec::parse("net:" + kTinyMlp + ",with=missing.ckpt")),
               std::exception);
  expectSpecErrors(
      {",with=" + kTinyMlp + "+", ",with=+" + kTinyMlp, ",search=puct,with=" + kTinyMlp});
}

}  // namespace
}  // namespace camelot
