// The alpha-beta player and its evaluation: short tactics in hand-built positions (expected
// moves worked out from docs/rules.md), the same answers with colours flipped, the end of
// the game (R9) in search, and a match against random play.

#include <gtest/gtest.h>

#include <random>
#include <set>
#include <string>
#include <tuple>

#include "engine/movegen.hpp"
#include "engine/notation.hpp"
#include "mcts/evaluation.hpp"
#include "players/alphabeta_player.hpp"
#include "players/player_factory.hpp"
#include "players/player_spec.hpp"
#include "players/random_player.hpp"
#include "tests/engine/hand_built.hpp"

namespace camelot {
namespace {

using hand_built::board;
using hand_built::movesOf;

struct Found {
  Move move;
  int score;
};

Found search(const Game& game, int depth, std::uint64_t seed = 1) {
  AlphaBetaSettings settings;
  settings.maxDepth = depth;
  settings.ttMegabytes = 1;
  settings.seed = seed;
  AlphaBetaPlayer player(settings);
  const Move move = player.chooseMove(game);
  return {move, player.lastSearch().score};
}

Found search(const Position& p, int depth) {
  return search(Game(p), depth);
}

Move flipped(const Move& m) {
  Move f = m;
  for (int i = 0; i <= m.steps; ++i)
    f.path[i] = flipSquare(m.path[i]);
  return f;
}

// The search plays `expected` and, in the colour-flipped position (Black to move up the
// board), the flipped move with the same score. Returns the score.
int expectBest(const Position& p, int depth, std::string_view expected) {
  const Move want = hand_built::legalMove(p, expected);
  const Found found = search(p, depth);
  EXPECT_EQ(toNotation(found.move), expected);

  const Found mirror = search(p.colorFlipped(), depth);
  EXPECT_TRUE(sameOutcome(mirror.move, flipped(want)))
      << "flipped position played " << toNotation(mirror.move);
  EXPECT_EQ(mirror.score, found.score);
  return found.score;
}

// Positions met in seeded random games, for properties that hold everywhere.
std::vector<Position> sampledPositions() {
  std::vector<Position> out;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    RandomPlayer player(seed);
    Game game;
    for (int ply = 0; !game.finished() && ply < 120; ++ply) {
      if (ply % 10 == 0) out.push_back(game.position());
      game.play(player.chooseMove(game));
    }
  }
  return out;
}

TEST(Evaluation, IsTheSameForFlippedAndMirroredPositions) {
  for (const Position& p : sampledPositions()) {
    if (immediateStatus(p).finished()) continue;
    const int score = evaluate(p);
    EXPECT_EQ(evaluate(p.colorFlipped()), score);
    EXPECT_EQ(evaluate(p.mirrored()), score);
  }
}

TEST(Evaluation, CountsKnightsAboveMenAndPrefersMaterial) {
  // The same placement with one White man replaced by a knight is better for White.
  const Position men = board("MD4 ME4 mH13 mI13");
  const Position knight = board("KD4 ME4 mH13 mI13");
  EXPECT_GT(evaluate(knight), evaluate(men));
  EXPECT_GT(evaluate(board("MD4 ME4 MF4 mH13 mI13")), 0);
  EXPECT_LT(evaluate(board("MD4 ME4 MF4 mH13 mI13", Color::Black)), 0);
}

TEST(Evaluation, FinishedGamesScoreByDistance) {
  const GameStatus whiteWins{Outcome::WhiteWins, EndReason::Castle};
  EXPECT_EQ(terminalScore(whiteWins, Color::White, 3), winIn(3));
  EXPECT_EQ(terminalScore(whiteWins, Color::Black, 3), lossIn(3));
  EXPECT_GT(winIn(1), winIn(3));
  EXPECT_EQ(terminalScore({Outcome::Draw, EndReason::Repetition}, Color::White, 5), 0);
  EXPECT_TRUE(isDecisive(winIn(40)));
  EXPECT_FALSE(isDecisive(evaluate(Position::start())));
}

TEST(AlphaBeta, EntersTheCastleToWin) {
  // R9 a: White holds F16; G15-G16 puts its second piece on Black's castle. F16-G16 (a castle
  // move, R8) would only shift the piece.
  const Position p = board("MF16 MG15 MC5 mA10 mL10");
  EXPECT_EQ(expectBest(p, 3, "G15-G16"), winIn(1));
}

TEST(AlphaBeta, JumpsIntoTheCastleRatherThanTakeAKnight) {
  // R4: capture is due. D5xD7 takes a knight, but E14xG16 takes F15 and lands on G16 next to
  // White's F16: both goal squares, a win (R8 ends the jump there, R9 a).
  const Position p = board("MF16 ME14 MD5 mF15 kD6 mA10 mL10");
  EXPECT_EQ(movesOf(p), (std::vector<std::string>{"D5xD7", "E14xG16"}));
  EXPECT_EQ(expectBest(p, 3, "E14xG16"), winIn(1));
}

TEST(AlphaBeta, FindsTheOnlyWinInTwo) {
  // White holds F16 and needs G16. The knight G14 has three squares next to G16:
  // - H15: Black's I14 jumps it, landing on its own castle G16 over an enemy (R7);
  // - G15: Black answers I14-H14 or I14-H15, next to G15 with an empty square beyond, and
  //   White must capture (R4) instead of entering;
  // - F15: no Black piece can reach a square next to F15 in one move (I14 is too far, A4 and B4
  //   farther), so F15-G16 follows whatever Black does: a win on the third ply.
  const Position p = board("MF16 KG14 mI14 mA4 mB4");
  EXPECT_EQ(expectBest(p, 4, "G14-F15"), winIn(3));
}

TEST(AlphaBeta, PrefersTheMultipleJumpToTheCharge) {
  // R4: capture is due (C4 can jump). C4xC6xC8 takes two men (R5: the jump goes on); the
  // knight's charge H4-H6xH8 (canter over H5, jump H7) takes one. Neither can be answered:
  // no Black piece is next to a White one afterwards.
  const Position p = board("MC4 KH4 MH5 mC5 mC7 mH7 mL13");
  EXPECT_EQ(movesOf(p), (std::vector<std::string>{"C4xC6xC8", "H4-H6xH8"}));
  expectBest(p, 3, "C4xC6xC8");
}

TEST(AlphaBeta, AvoidsTheCaptureThatLosesAtOnce) {
  // Black holds F1 and G2 steps into G1 to win (R9 a) unless White takes G2 now. R4 leaves
  // two captures: D5xD7 wins a knight, after which G2-G1 wins (G2 cannot jump H2: I2 is
  // taken, so no capture is due for Black); H2xF2 takes G2.
  const Position p = board("MH2 MI2 MD5 mF1 mG2 kD6 mL13");
  EXPECT_EQ(movesOf(p), (std::vector<std::string>{"D5xD7", "H2xF2"}));
  const Position afterGreed = p.after(hand_built::legalMove(p, "D5xD7"));
  EXPECT_EQ(positionStatus(afterGreed.after(hand_built::legalMove(afterGreed, "G2-G1"))).outcome,
            Outcome::BlackWins);
  const int score = expectBest(p, 3, "H2xF2");
  EXPECT_FALSE(isDecisive(score));
}

TEST(AlphaBeta, LeavingTheOpponentWithoutMovesWins) {
  // R9 d: Black's only other piece is F1, on White's castle with both castle moves used (R8),
  // so after D5xD7 Black cannot move and White, with two pieces, wins.
  Position p = board("MD5 ML4 mD6 mF1");
  p.setCastleMovesUsed(Color::Black, 2);
  EXPECT_EQ(search(p, 2).score, winIn(1));
}

TEST(AlphaBeta, SeesTheClockDraw) {
  // R9 f: White is two men up, but with the clock at 99 every move (no capture, no goal entry
  // is possible) brings it to 100: a draw.
  Position p = board("MA4 MB4 MC4 MD4 mK13 mL13");
  EXPECT_GT(search(p, 3).score, 0);
  p.setClock(99);
  EXPECT_EQ(search(p, 3).score, 0);
}

TEST(AlphaBeta, TheLosingSideTakesTheRepetitionDraw) {
  // R9 e: after the shuffles below, Black's L12-L13 brings back the first position a third
  // time. Black is three men down, so that draw is its best result.
  Game game(board("MA4 MB4 MC4 MD4 ME4 mK13 mL13"));
  for (const char* text : {"A4-A5", "L13-L12", "A5-A4", "L12-L13", "A4-A5", "L13-L12", "A5-A4"})
    game.play(parseMove(game.position(), text));
  ASSERT_FALSE(game.finished());
  const Found found = search(game, 3);
  EXPECT_EQ(toNotation(found.move), "L12-L13");
  EXPECT_EQ(found.score, 0);
}

TEST(AlphaBeta, SameSeedSameGame) {
  std::vector<std::string> first;
  for (int run = 0; run < 2; ++run) {
    AlphaBetaSettings settings;
    settings.maxDepth = 2;
    settings.ttMegabytes = 1;
    settings.seed = 11;
    AlphaBetaPlayer player(settings);
    RandomPlayer opponent(5);
    Game game;
    std::vector<std::string> moves;
    for (int ply = 0; ply < 40 && !game.finished(); ++ply) {
      const Move m = ply % 2 == 0 ? player.chooseMove(game) : opponent.chooseMove(game);
      moves.push_back(toNotation(m));
      game.play(m);
    }
    if (run == 0) first = moves;
    EXPECT_EQ(moves, first);
  }
}

// A judge that finds every position level and puts its whole prior on one move of the start.
class FavouriteMoveJudge final : public PositionJudge {
 public:
  explicit FavouriteMoveJudge(std::string favourite) : favourite_(std::move(favourite)) {}
  int value(const Position&, const MoveList&, std::uint64_t) override { return 0; }
  void priors(const Position&, const MoveList& moves, std::vector<float>& priors) override {
    priors.assign(moves.size(), 0.0f);
    for (std::size_t i = 0; i < moves.size(); ++i)
      if (toNotation(moves[i]) == favourite_) priors[i] = 1.0f;
  }

 private:
  std::string favourite_;
};

// Every move of the start is level for this judge, so the search keeps the first root move it
// tries: the judge's favourite when the root is ordered by priors, a seeded random one if not.
TEST(AlphaBeta, OrdersTheRootByTheJudgesPriors) {
  std::set<std::string> unordered;
  for (std::uint64_t seed = 1; seed <= 8; ++seed)
    for (const bool byPriors : {true, false}) {
      AlphaBetaSettings settings;
      settings.maxDepth = 2;
      settings.ttMegabytes = 1;
      settings.seed = seed;
      settings.orderByPriors = byPriors;
      AlphaBetaPlayer player(settings, std::make_unique<FavouriteMoveJudge>("D7-D5"), "net:");
      const std::string played = toNotation(player.chooseMove(Game()));
      if (byPriors)
        EXPECT_EQ(played, "D7-D5") << "seed " << seed;
      else
        unordered.insert(played);
    }
  EXPECT_GT(unordered.size(), 3u);
}

// A judge whose value scrambles the position's hash, so that many nodes fail low and would
// search every reply, and whose priors fall with a move's place in the list. It keeps the
// positions it values.
class ScrambledJudge final : public PositionJudge {
 public:
  int value(const Position&, const MoveList&, std::uint64_t hash) override {
    valued.insert(hash);
    return static_cast<int>((hash >> 17) % 401) - 200;
  }
  void priors(const Position&, const MoveList& moves, std::vector<float>& priors) override {
    priors.resize(moves.size());
    for (std::size_t i = 0; i < moves.size(); ++i)
      priors[i] = 1.0f / static_cast<float>(i + 1);
  }
  std::set<std::uint64_t> valued;
};

// policyPruneMoves = K: a node off the principal variation within two plies of the horizon
// searches its tactical moves and killers, then only K quiet moves a ply of depth, the highest
// priors first. A root move whose reply was pruned away looks better than it is and is searched
// again in full, so at depth 2 the move and the score are the full search's; at depth 3 the
// pruned nodes below those replies are not searched again, and far fewer positions are valued.
TEST(AlphaBeta, PrunesTheLowPriorQuietMovesNearTheHorizon) {
  const auto search = [](int depth, int keep, std::uint64_t seed) {
    AlphaBetaSettings settings;
    settings.maxDepth = depth;
    settings.ttMegabytes = 1;
    settings.seed = seed;
    settings.policyPruneMoves = keep;
    auto owned = std::make_unique<ScrambledJudge>();
    const ScrambledJudge& judge = *owned;
    AlphaBetaPlayer player(settings, std::move(owned), "net:");
    const Move move = player.chooseMove(Game());
    return std::tuple(toNotation(move), player.lastSearch().score, judge.valued.size());
  };
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const auto [fullMove, fullScore, fullValued] = search(2, 0, seed);
    const auto [prunedMove, prunedScore, prunedValued] = search(2, 1, seed);
    EXPECT_EQ(prunedMove, fullMove) << "seed " << seed;
    EXPECT_EQ(prunedScore, fullScore) << "seed " << seed;
  }
  const std::size_t full = std::get<2>(search(3, 0, 1));
  const std::size_t pruned = std::get<2>(search(3, 1, 1));
  EXPECT_LT(pruned * 2, full) << pruned << " positions valued against " << full;
}

TEST(AlphaBeta, FollowsTheBudgetAndNamesItsSettings) {
  AlphaBetaSettings settings;
  settings.maxDepth = 4;
  settings.ttMegabytes = 1;
  AlphaBetaPlayer player(settings);
  EXPECT_EQ(player.name(), "alphabeta:depth=4");

  const Game game;
  ThinkingBudget budget;
  budget.depth = 2;
  player.chooseMove(game, budget);
  EXPECT_EQ(player.lastSearch().depth, 2);
  EXPECT_GT(player.nodes(), 0u);

  // A time limit ends the search between or inside iterations; the move is still legal.
  budget.depth = 60;
  budget.time = std::chrono::milliseconds(30);
  const Move m = player.chooseMove(game, budget);
  EXPECT_TRUE(std::any_of(game.legalMoves().begin(), game.legalMoves().end(),
                          [&](const Move& legal) { return legal == m; }));
  EXPECT_GE(player.lastSearch().depth, 1);
  EXPECT_LT(player.lastSearch().depth, 60);

  // A time alone replaces the depth too: 200 ms at the start reach past a depth of 1.
  AlphaBetaSettings shallow = settings;
  shallow.maxDepth = 1;
  AlphaBetaPlayer quick(shallow);
  ThinkingBudget clock;
  clock.time = std::chrono::milliseconds(200);
  quick.chooseMove(game, clock);
  EXPECT_GT(quick.lastSearch().depth, 1);
  quick.chooseMove(game);
  EXPECT_EQ(quick.lastSearch().depth, 1);

  settings.timeLimit = std::chrono::milliseconds(250);
  EXPECT_EQ(AlphaBetaPlayer(settings).name(), "alphabeta:depth=4,time=250");
  settings.deepenPercent = 50;
  EXPECT_EQ(AlphaBetaPlayer(settings).name(), "alphabeta:depth=4,time=250,deepen=50");
}

// By default a new iteration starts whenever time is left, so a search far from its depth cap
// ends at the deadline, inside an iteration, and plays a move of the last iteration it completed
// or of the root moves the cut one searched. deepen=PERCENT stops starting them sooner.
TEST(AlphaBeta, DeepensUntilTheDeadlineByDefault) {
  AlphaBetaSettings settings;
  settings.maxDepth = 60;
  settings.ttMegabytes = 1;
  settings.timeLimit = std::chrono::milliseconds(40);
  AlphaBetaPlayer player(settings);
  const Game game;
  const Move m = player.chooseMove(game);
  EXPECT_TRUE(std::any_of(game.legalMoves().begin(), game.legalMoves().end(),
                          [&](const Move& legal) { return legal == m; }));
  EXPECT_GE(player.lastSearch().elapsed, *settings.timeLimit);
  EXPECT_LT(player.lastSearch().depth, 60);
  EXPECT_EQ(makePlayer<StandardRules>(PlayerSpec::parse("alphabeta:time=40"), 1)->name(),
            "alphabeta:depth=64,time=40");
  EXPECT_EQ(makePlayer<StandardRules>(PlayerSpec::parse("alphabeta:time=40,deepen=33"), 1)->name(),
            "alphabeta:depth=64,time=40,deepen=33");
  EXPECT_THROW(makePlayer<StandardRules>(PlayerSpec::parse("alphabeta:time=40,deepen=0"), 1),
               SpecError);
}

// Ten pairs of games, colours swapped within a pair, each pair from its own seeded opening of
// four random plies. Games reaching the cap are scored as draws.
TEST(AlphaBeta, DepthTwoBeatsRandomPlay) {
  constexpr int kPairs = 10;
  constexpr int kPlyCap = 300;
  double score = 0;
  for (int pair = 0; pair < kPairs; ++pair) {
    std::mt19937_64 openingRng(100 + pair);
    Game opening;
    for (int ply = 0; ply < 4; ++ply) {
      const MoveList& moves = opening.legalMoves();
      opening.play(
          moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(openingRng)]);
    }
    for (const Color abColor : {Color::White, Color::Black}) {
      AlphaBetaSettings settings;
      settings.maxDepth = 2;
      settings.ttMegabytes = 1;
      settings.seed = 2 * pair + 1;
      AlphaBetaPlayer alphaBeta(settings);
      RandomPlayer random(2 * pair + 2);
      Game game = opening;
      for (int ply = 0; ply < kPlyCap && !game.finished(); ++ply) {
        Player& mover =
            game.position().sideToMove() == abColor ? static_cast<Player&>(alphaBeta) : random;
        game.play(mover.chooseMove(game));
      }
      const Outcome win = abColor == Color::White ? Outcome::WhiteWins : Outcome::BlackWins;
      const Outcome outcome = game.status().outcome;
      score += outcome == win ? 1.0 : outcome == Outcome::Draw || !game.finished() ? 0.5 : 0.0;
    }
  }
  EXPECT_GT(score / (2 * kPairs), 0.95) << "alpha-beta scored " << score << " of " << 2 * kPairs;
}

}  // namespace
}  // namespace camelot
