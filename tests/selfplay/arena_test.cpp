// Arenas: network specs, pairings, and the games themselves: paired openings with colours
// swapped, the players' names in the records, legal moves, errors before the first game, and
// stopping.

#include "training/evaluation/arena.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "engine/cfen.hpp"
#include "engine/game.hpp"
#include "nn/backend/fresh_network.hpp"
#include "nn/checkpoint.hpp"
#include "players/player_factory.hpp"
#include "players/player_spec.hpp"
#include "tests/scratch_dir.hpp"
#include "tests/tiny_network.hpp"
#include "training/evaluation/openings.hpp"

namespace camelot {
namespace {

namespace fs = std::filesystem;

std::string specError(std::string_view spec) {
  try {
    netPlayerSpec(PlayerSpec::parse(spec));
  } catch (const SpecError& e) {
    return e.what();
  }
  return "no error";
}

std::vector<std::pair<int, int>> pairs(const std::vector<Pairing>& pairings) {
  std::vector<std::pair<int, int>> result;
  for (const Pairing& p : pairings)
    result.emplace_back(p.first, p.second);
  return result;
}

ArenaSettings quickSettings(std::vector<Position> openings) {
  ArenaSettings settings;
  settings.gamesPerPairing = 4;
  settings.openings = std::move(openings);
  settings.maxPlies = 40;
  settings.workers = 2;
  settings.gamesPerWorker = 3;
  settings.seed = 5;
  settings.search = NetSearch::Gumbel;  // networks named with sims=: the batched searches
  return settings;
}

// Replays the record through the engine: every move legal, the result the engine's (or an
// adjudicated draw at the cap).
void expectLegalGame(const GameRecord& record, int maxPlies) {
  Game replay(record.start);
  for (const Move& m : record.moves) {
    ASSERT_FALSE(replay.finished());
    const MoveList& legal = replay.legalMoves();
    ASSERT_TRUE(
        std::any_of(legal.begin(), legal.end(), [&](const Move& l) { return sameOutcome(l, m); }));
    replay.play(m);
  }
  if (replay.finished()) {
    EXPECT_EQ(record.status, replay.status());
  } else {
    EXPECT_EQ(static_cast<int>(record.moves.size()), maxPlies);
    EXPECT_EQ(record.status, (GameStatus{Outcome::Draw, EndReason::Adjudicated}));
  }
}

class Arena : public ::testing::Test {
 protected:
  std::string tinyNet() const {
    const NetworkConfig config = tinyNetworkConfig();
    const fs::path file = dir_ / "tiny.ckpt";
    writeFreshNetwork(file, config, 7);
    return file.string();
  }

  testing_support::ScratchDir dir_;
};

std::optional<NetPlayerSpec> netSpec(std::string_view text) {
  return netPlayerSpec(PlayerSpec::parse(text));
}

TEST(NetPlayerSpecs, FileAndDefaults) {
  // Alpha-beta on the network by default: the stronger at equal time (docs/learning.md).
  const auto net = netSpec("net:dir/gen-3.ckpt");
  ASSERT_TRUE(net.has_value());
  EXPECT_EQ(net->file, "dir/gen-3.ckpt");
  EXPECT_EQ(net->search, NetSearch::AlphaBeta);
  EXPECT_FALSE(net->treeSearch());
  EXPECT_FALSE(net->depth.has_value());
  EXPECT_FALSE(net->time.has_value());
  EXPECT_FALSE(net->simulations.has_value());
  EXPECT_FALSE(PlayerSpec::parse("net:dir/gen-3.ckpt").has("search"));
  // A tree search: 800 simulations unless told.
  const auto puct = netSpec("net:dir/gen-3.ckpt,search=puct");
  EXPECT_EQ(puct->search, NetSearch::Puct);
  EXPECT_EQ(puct->treeSearchKind(), SearchKind::Puct);
  EXPECT_EQ(puct->simulations, 800);
}

TEST(NetPlayerSpecs, DepthSimsTimeAndSearch) {
  const auto net = netSpec("net:x.ckpt,sims=8,search=gumbel");
  ASSERT_TRUE(net.has_value());
  EXPECT_EQ(net->simulations, 8);
  EXPECT_EQ(net->search, NetSearch::Gumbel);
  EXPECT_EQ(net->treeSearchKind(), SearchKind::Gumbel);
  EXPECT_TRUE(PlayerSpec::parse("net:x.ckpt,sims=8,search=gumbel").has("search"));
  const auto timed = netSpec("net:x.ckpt,time=100,search=puct");
  EXPECT_FALSE(timed->simulations.has_value());
  EXPECT_EQ(timed->time, std::chrono::milliseconds(100));
  EXPECT_EQ(timed->minimaxWeight, 0.0f);
  EXPECT_FLOAT_EQ(netSpec("net:x.ckpt,search=puct,minimax=30")->minimaxWeight, 0.3f);
  const auto deep = netSpec("net:x.ckpt,depth=5,time=250");
  EXPECT_EQ(deep->depth, 5);
  EXPECT_EQ(deep->time, std::chrono::milliseconds(250));
  // A spec without search= takes the caller's (an arena's --search).
  EXPECT_EQ(netPlayerSpec(PlayerSpec::parse("net:x.ckpt,sims=8"), NetSearch::Gumbel)->search,
            NetSearch::Gumbel);
  EXPECT_EQ(netSearchNamed("puct"), NetSearch::Puct);
  EXPECT_EQ(netSearchNamed("minimax"), std::nullopt);
}

TEST(NetPlayerSpecs, OtherPlayersAreNotNetworks) {
  EXPECT_FALSE(netSpec("random").has_value());
  EXPECT_FALSE(netSpec("alphabeta:depth=2").has_value());
  EXPECT_FALSE(netSpec("engine:./net:x").has_value());
}

TEST(NetPlayerSpecs, MalformedOnesAreSpecErrorsNamingTheSpec) {
  EXPECT_EQ(specError("net:"), "player 'net:': no checkpoint file after 'net:'");
  EXPECT_EQ(specError("net:,sims=8"), "player 'net:,sims=8': no checkpoint file after 'net:'");
  EXPECT_EQ(
      specError("net:x,foo=1"),
      "player 'net:x,foo=1': unknown option 'foo' (options: search, depth, time, deepen, order, "
      "hand, with, prune)");
  EXPECT_EQ(
      specError("net:x,sims=8"),
      "player 'net:x,sims=8': unknown option 'sims' (options: search, depth, time, deepen, order, "
      "hand, with, prune)");
  EXPECT_EQ(specError("net:x,search=puct,depth=3"),
            "player 'net:x,search=puct,depth=3': unknown option 'depth' (options: search, sims, "
            "time, minimax)");
  EXPECT_EQ(specError("net:x,search=puct,minimax=101"),
            "player 'net:x,search=puct,minimax=101': minimax=101 must be a whole number 0..100");
  EXPECT_EQ(specError("net:x,search=puct,sims=0"),
            "player 'net:x,search=puct,sims=0': give sims=N (N >= 1) or time=MS");
  EXPECT_EQ(specError("net:x,depth=0"),
            "player 'net:x,depth=0': depth=0 must be a whole number 1..64");
  EXPECT_EQ(specError("net:x,search=minimax"),
            "player 'net:x,search=minimax': search=minimax is not one of alphabeta, puct, gumbel");
  EXPECT_EQ(specError("net:x,sims"),
            "player 'net:x,sims': option 'sims' is not of the form key=value");
}

TEST(ArenaPairings, RoundRobinPairsEveryPlayerOnce) {
  EXPECT_EQ(pairs(roundRobin(4)),
            (std::vector<std::pair<int, int>>{{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}}));
  EXPECT_EQ(pairs(roundRobin(2)), (std::vector<std::pair<int, int>>{{0, 1}}));
  EXPECT_TRUE(roundRobin(1).empty());
}

TEST(ArenaPairings, GauntletPairsTheChallengerWithEachOther) {
  EXPECT_EQ(pairs(gauntlet(1, 4)), (std::vector<std::pair<int, int>>{{1, 0}, {1, 2}, {1, 3}}));
  EXPECT_EQ(pairs(gauntlet(0, 3)), (std::vector<std::pair<int, int>>{{0, 1}, {0, 2}}));
}

TEST_F(Arena, ClassicalRoundRobinPlaysPairedGamesWithColoursSwapped) {
  const std::vector<ArenaPlayer> players = {
      {"random", "Rando"}, {"greedy", "Greedy"}, {"alphabeta:depth=1", "AB1"}};
  const std::vector<Pairing> pairings = roundRobin(3);
  const std::vector<Position> openings = randomOpenings(3, 2, 4);
  ASSERT_NE(toCfen(openings[0]), toCfen(openings[1]));
  const ArenaSettings settings = quickSettings(openings);

  std::map<std::pair<int, int>, ArenaGame> games;  // (pairing, game) -> game
  int calls = 0;
  playArena(players, pairings, settings, [&](const ArenaGame& g) {
    ++calls;
    EXPECT_TRUE(games.emplace(std::pair{g.pairing, g.game}, g).second)
        << "pairing " << g.pairing << " game " << g.game << " twice";
  });
  EXPECT_EQ(calls, 12);
  ASSERT_EQ(games.size(), 12u);
  for (int p = 0; p < 3; ++p) {
    const ArenaPlayer& first = players[static_cast<std::size_t>(pairings[p].first)];
    const ArenaPlayer& second = players[static_cast<std::size_t>(pairings[p].second)];
    for (int g = 0; g < 4; ++g) {
      SCOPED_TRACE("pairing " + std::to_string(p) + " game " + std::to_string(g));
      ASSERT_TRUE(games.contains({p, g}));
      const ArenaGame& game = games.at({p, g});
      const GameRecord& r = game.record;
      EXPECT_EQ(r.white, g % 2 == 0 ? first.name : second.name);
      EXPECT_EQ(r.black, g % 2 == 0 ? second.name : first.name);
      EXPECT_EQ(toCfen(r.start), toCfen(openings[static_cast<std::size_t>(g / 2)]));
      EXPECT_EQ(r.game, p * 4 + g + 1);
      const double expected = r.status.outcome == Outcome::Draw                          ? 0.5
                              : (r.status.outcome == Outcome::WhiteWins) == (g % 2 == 0) ? 1.0
                                                                                         : 0.0;
      EXPECT_EQ(game.firstScore(), expected);
      expectLegalGame(r, settings.maxPlies);
    }
  }
}

TEST_F(Arena, OpeningsRepeatWhenPairsOutnumberThem) {
  ArenaSettings settings = quickSettings({Position::start()});
  settings.gamesPerPairing = 6;
  std::vector<ArenaGame> games;
  playArena({{"random", "a"}, {"greedy", "b"}}, roundRobin(2), settings,
            [&](const ArenaGame& g) { games.push_back(g); });
  ASSERT_EQ(games.size(), 6u);
  for (const ArenaGame& g : games)
    EXPECT_EQ(toCfen(g.record.start), std::string(kStartCfen));
}

TEST(ArenaGameScore, FirstScoreFollowsTheColours) {
  ArenaGame game;
  game.record.status = {Outcome::WhiteWins, EndReason::Castle};
  game.game = 0;
  EXPECT_EQ(game.firstScore(), 1.0);
  game.game = 1;
  EXPECT_EQ(game.firstScore(), 0.0);
  game.record.status = {Outcome::BlackWins, EndReason::Elimination};
  EXPECT_EQ(game.firstScore(), 1.0);
  game.game = 2;
  EXPECT_EQ(game.firstScore(), 0.0);
  game.record.status = {Outcome::Draw, EndReason::Repetition};
  EXPECT_EQ(game.firstScore(), 0.5);
}

TEST_F(Arena, TinyNetworkPlaysLegalGamesAgainstRandom) {
  const std::string spec = "net:" + tinyNet() + ",sims=2";
  ArenaSettings settings = quickSettings({Position::start()});
  settings.gamesPerPairing = 2;
  settings.maxPlies = 12;
  std::vector<ArenaGame> games;
  playArena({{spec, "tiny"}, {"random", "random"}}, roundRobin(2), settings,
            [&](const ArenaGame& g) { games.push_back(g); });
  ASSERT_EQ(games.size(), 2u);
  for (const ArenaGame& g : games) {
    SCOPED_TRACE("game " + std::to_string(g.game));
    EXPECT_EQ(g.record.white, g.game == 0 ? "tiny" : "random");
    EXPECT_FALSE(g.record.moves.empty());
    expectLegalGame(g.record, settings.maxPlies);
  }
}

TEST_F(Arena, NetworkAlphaBetaPlaysLegalGamesMoveByMove) {
  ArenaSettings settings = quickSettings({Position::start()});
  settings.search = NetSearch::AlphaBeta;
  settings.gamesPerPairing = 2;
  settings.maxPlies = 10;
  std::vector<ArenaGame> games;
  playArena({{"net:" + tinyNet() + ",depth=1", "tiny"}, {"random", "random"}}, roundRobin(2),
            settings, [&](const ArenaGame& g) { games.push_back(g); });
  ASSERT_EQ(games.size(), 2u);
  for (const ArenaGame& g : games)
    expectLegalGame(g.record, settings.maxPlies);
  // Under a tree-searching arena the same spec is no alpha-beta: depth= is refused.
  settings.search = NetSearch::Puct;
  EXPECT_THROW(playArena({{"net:" + tinyNet() + ",depth=1", "tiny"}, {"random", "random"}},
                         roundRobin(2), settings, [](const ArenaGame&) {}),
               SpecError);
}

// Matches search without root noise: two networks' PUCT games from the same openings are the
// same whatever the seed (with self-play's Dirichlet noise they differ).
TEST_F(Arena, PuctMatchesPlayWithoutRootNoise) {
  const std::string net = tinyNet();
  const auto play = [&](std::uint64_t seed) {
    ArenaSettings settings = quickSettings(randomOpenings(2, 9, 4));
    settings.search = NetSearch::Puct;
    settings.workers = 1;  // one worker steps the games in one order: batches are the same
    settings.seed = seed;
    std::map<int, std::vector<Move>> moves;  // game -> its moves
    playArena({{"net:" + net + ",sims=6", "a"}, {"net:" + net + ",sims=3", "b"}}, roundRobin(2),
              settings, [&](const ArenaGame& g) { moves[g.game] = g.record.moves; });
    return moves;
  };
  const auto first = play(1);
  ASSERT_EQ(first.size(), 4u);
  EXPECT_EQ(first, play(2));
}

TEST_F(Arena, BadSpecThrowsBeforeAnyGame) {
  int calls = 0;
  const auto count = [&](const ArenaGame&) { ++calls; };
  const ArenaSettings settings = quickSettings({Position::start()});
  try {
    playArena({{"random", "random"}, {"randon", "randon"}}, roundRobin(2), settings, count);
    FAIL() << "no error";
  } catch (const SpecError& e) {
    EXPECT_TRUE(std::string(e.what()).starts_with("player 'randon': unknown kind 'randon'"))
        << e.what();
  }
  // A malformed network spec fails before its file is looked for.
  EXPECT_THROW(
      playArena({{"random", "random"}, {"net:x.ckpt,sims=0", "n"}}, roundRobin(2), settings, count),
      SpecError);
  EXPECT_EQ(calls, 0);
}

TEST_F(Arena, MissingCheckpointThrowsNamingTheFile) {
  const std::string missing = (dir_ / "missing.ckpt").string();
  int calls = 0;
  try {
    playArena({{"random", "random"}, {"net:" + missing, "net"}}, roundRobin(2),
              quickSettings({Position::start()}), [&](const ArenaGame&) { ++calls; });
    FAIL() << "no error";
  } catch (const CheckpointError& e) {
    EXPECT_EQ(std::string(e.what()), missing + ": no such file");
  }
  EXPECT_EQ(calls, 0);
}

TEST_F(Arena, BadSettingsAreRefused) {
  const std::vector<ArenaPlayer> players = {{"random", "a"}, {"greedy", "b"}};
  const auto ignore = [](const ArenaGame&) {};
  ArenaSettings odd = quickSettings({Position::start()});
  odd.gamesPerPairing = 3;
  EXPECT_THROW(playArena(players, roundRobin(2), odd, ignore), std::invalid_argument);
  EXPECT_THROW(playArena(players, roundRobin(2), quickSettings({}), ignore), std::invalid_argument);
  EXPECT_THROW(playArena(players, {{0, 2}}, quickSettings({Position::start()}), ignore),
               std::invalid_argument);
  EXPECT_THROW(playArena(players, {{1, 1}}, quickSettings({Position::start()}), ignore),
               std::invalid_argument);
}

// An outside engine that breaks the protocol loses that game by forfeit, with the referee's
// note; the arena goes on. (This one answers the handshake, then ends.)
TEST_F(Arena, OutsideEngineThatEndsLosesByForfeit) {
  std::vector<ArenaGame> games;
  ArenaSettings settings = quickSettings({Position::start()});
  settings.gamesPerPairing = 2;
  const std::string quitter = "engine:read -r l; echo status in progress; exit 3";
  playArena({{quitter, "quitter"}, {"random", "random"}}, roundRobin(2), settings,
            [&](const ArenaGame& g) { games.push_back(g); });
  ASSERT_EQ(games.size(), 2u);
  for (const ArenaGame& g : games) {
    SCOPED_TRACE("game " + std::to_string(g.game));
    EXPECT_EQ(g.record.status.reason, EndReason::Forfeit);
    EXPECT_EQ(g.record.status.outcome, g.game == 0 ? Outcome::BlackWins : Outcome::WhiteWins);
    EXPECT_EQ(g.record.note,
              "engine 'read -r l; echo status in progress; exit 3': ended (exit status 3)");
    EXPECT_EQ(g.firstScore(), 0.0);
  }
}

TEST_F(Arena, StopAfterTheFirstGameEndsTheArena) {
  ArenaSettings settings = quickSettings({Position::start()});
  settings.gamesPerPairing = 10;
  settings.workers = 1;
  settings.gamesPerWorker = 4;
  std::atomic<bool> stop{false};
  int calls = 0;
  playArena(
      {{"random", "a"}, {"greedy", "b"}, {"alphabeta:depth=1", "c"}}, roundRobin(3), settings,
      [&](const ArenaGame&) {
        ++calls;
        stop = true;
      },
      &stop);
  EXPECT_EQ(calls, 1);
}

// A game finished by another worker while the one that sets `stop` is still in its callback is
// dropped too: no callback comes after the one that set it.
TEST_F(Arena, NoGameIsReportedAfterTheCallbackThatStops) {
  ArenaSettings settings = quickSettings({Position::start()});
  settings.gamesPerPairing = 20;
  settings.workers = 2;
  settings.gamesPerWorker = 1;
  settings.maxPlies = 4;
  std::atomic<bool> stop{false};
  std::atomic<int> calls{0};
  playArena(
      {{"random", "a"}, {"random", "b"}}, roundRobin(2), settings,
      [&](const ArenaGame&) {
        EXPECT_FALSE(stop.load()) << "a game reported after stop";
        ++calls;
        // Time for the other worker to finish its game and wait to report it.
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        stop = true;
      },
      &stop);
  EXPECT_EQ(calls.load(), 1);
}

}  // namespace
}  // namespace camelot
