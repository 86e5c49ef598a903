#include "training/evaluation/match.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <mutex>
#include <optional>
#include <random>
#include <stdexcept>

#include "engine/splitmix64.hpp"
#include "players/engine_player.hpp"

namespace camelot {

template <class Rules>
typename Rules::Position randomOpening(std::uint64_t seed, int pair, int plies) {
  constexpr int kAttempts = 100;
  for (int attempt = 0; attempt < kAttempts; ++attempt) {
    std::mt19937_64 rng(mixSeed(mixSeed(seed, static_cast<std::uint64_t>(pair)), attempt));
    typename Rules::Game game;
    for (int ply = 0; ply < plies && !game.finished(); ++ply) {
      const auto& moves = game.legalMoves();
      game.play(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
    }
    if (!game.finished()) return game.position();
  }
  throw std::invalid_argument("no opening of " + std::to_string(plies) +
                              " random plies that leaves the game running was found");
}

template Position randomOpening<StandardRules>(std::uint64_t, int, int);
template grand::GrandPosition randomOpening<GrandRules>(std::uint64_t, int, int);

namespace {

// The game, or nothing when `stop` came first.
std::optional<GameRecord> playGame(Player& white, Player& black, const Position& start,
                                   int maxPlies, const std::atomic<bool>* stop) {
  Game game(start);
  white.newGame();
  black.newGame();
  GameRecord record{0, white.name(), black.name(), start, {}, {}, ""};
  while (!game.finished() && static_cast<int>(game.moves().size()) < maxPlies) {
    if (stop != nullptr && *stop) return std::nullopt;
    const Color side = game.position().sideToMove();
    Player& mover = side == Color::White ? white : black;
    Move move;
    try {
      move = mover.chooseMove(game);
    } catch (const EngineForfeit& e) {
      // The referee's decision: the player that broke the protocol loses.
      record.status = {side == Color::White ? Outcome::BlackWins : Outcome::WhiteWins,
                       EndReason::Forfeit};
      record.note = e.what();
      break;
    }
    bool legal = false;
    for (const Move& m : game.legalMoves())
      legal = legal || sameOutcome(m, move);
    if (!legal) throw std::logic_error("player " + mover.name() + " chose an illegal move");
    game.play(move);
  }
  record.moves = game.moves();
  if (!record.status.finished())
    record.status =
        game.finished() ? game.status() : GameStatus{Outcome::Draw, EndReason::Adjudicated};
  return record;
}

}  // namespace

void MatchResult::add(int index, double firstMoverScore) {
  const bool firstMovesFirst = index % 2 == 0;
  (firstMovesFirst ? asWhite : asBlack)
      .add(firstMovesFirst ? firstMoverScore : 1.0 - firstMoverScore);
}

void forEachMatchGame(const MatchSettings& settings, const std::function<void(int)>& playOne) {
  if (settings.games < 1) throw std::invalid_argument("a match needs at least one game");
  if (settings.openingPlies < 0) throw std::invalid_argument("opening plies must be >= 0");
  if (settings.maxPlies < 1) throw std::invalid_argument("the game length cap must be >= 1");
  if (settings.threads < 1) throw std::invalid_argument("threads must be >= 1");
  tbb::task_arena arena(settings.threads);
  arena.execute([&] {
    tbb::parallel_for(tbb::blocked_range<int>(0, settings.games, 1),
                      [&](const tbb::blocked_range<int>& range) {
                        for (int i = range.begin(); i != range.end(); ++i)
                          playOne(i);
                      });
  });
}

MatchResult playMatch(const PlayerMaker& first, const PlayerMaker& second,
                      const MatchSettings& settings,
                      const std::function<void(int, const GameRecord&)>& onGame) {
  MatchResult result;
  std::mutex mutex;
  const auto playOne = [&](int index) {
    if (settings.alreadyPlayed.contains(index) || (settings.stop && *settings.stop)) return;
    const bool firstIsWhite = index % 2 == 0;
    const Position start = openingOfGame<StandardRules>(settings, index);
    const auto a = first(mixSeed(settings.seed, 2 * static_cast<std::uint64_t>(index) + 2));
    const auto b = second(mixSeed(settings.seed, 2 * static_cast<std::uint64_t>(index) + 3));
    std::optional<GameRecord> record =
        firstIsWhite ? playGame(*a, *b, start, settings.maxPlies, settings.stop)
                     : playGame(*b, *a, start, settings.maxPlies, settings.stop);
    if (!record) return;
    record->game = index + 1;
    const std::lock_guard lock(mutex);
    result.add(index, record->status.outcome);
    onGame(index, *record);
  };
  forEachMatchGame(settings, playOne);
  return result;
}

}  // namespace camelot
