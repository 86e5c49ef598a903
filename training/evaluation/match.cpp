#include "training/evaluation/match.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <array>
#include <mutex>
#include <optional>
#include <random>
#include <stdexcept>

#include "engine/random/splitmix64.hpp"
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

// The game with a player in each seat (turn order), or nothing when `stop` came first.
template <class Rules>
std::optional<typename VariantRecord<Rules>::Record> playGame(
    const std::array<BasicPlayer<Rules>*, Rules::kTurnCycle>& seats,
    const typename Rules::Position& start, int maxPlies, const std::atomic<bool>* stop) {
  BasicGame<Rules> game(start);
  for (BasicPlayer<Rules>* seat : seats)
    seat->newGame();
  std::optional<typename Rules::Status> forfeit;
  std::string note;
  while (!game.finished() && static_cast<int>(game.moves().size()) < maxPlies) {
    if (stop != nullptr && *stop) return std::nullopt;
    BasicPlayer<Rules>& mover = *seats[static_cast<std::size_t>(Rules::seat(game.position()))];
    typename Rules::Move move;
    try {
      move = mover.chooseMove(game);
    } catch (const EngineForfeit& e) {
      // The referee's decision: the player that broke the protocol loses.
      forfeit = VariantRecord<Rules>::forfeitedBy(Rules::side(game.position()));
      note = e.what();
      break;
    }
    bool legal = false;
    for (const typename Rules::Move& m : game.legalMoves())
      legal = legal || Rules::sameMove(m, move);
    if (!legal) throw std::logic_error("player " + mover.name() + " chose an illegal move");
    game.play(move);
  }
  return VariantRecord<Rules>::record({seats[0]->name(), seats[1]->name()}, start, game.moves(),
                                      recordedEnd(game, forfeit), note);
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

template <class Rules>
MatchResult playMatch(
    const BasicPlayerMaker<Rules>& first,
    const std::type_identity_t<BasicPlayerMaker<Rules>>& second, const MatchSettings& settings,
    const std::type_identity_t<
        std::function<void(int, const typename VariantRecord<Rules>::Record&)>>& onGame) {
  constexpr std::size_t kSeats = Rules::kTurnCycle;
  MatchResult result;
  std::mutex mutex;
  const auto playOne = [&](int index) {
    if (settings.alreadyPlayed.contains(index) || (settings.stop && *settings.stop)) return;
    const typename Rules::Position start = openingOfGame<Rules>(settings, index);
    // The first player has the seats that move first (0, and 2 in Grand Camelot) in even games;
    // each seat's instance is seeded by the game and the seat.
    std::array<std::unique_ptr<BasicPlayer<Rules>>, kSeats> players;
    std::array<BasicPlayer<Rules>*, kSeats> seats{};
    for (std::size_t seat = 0; seat < kSeats; ++seat) {
      const bool firstPlayersSeat = (seat % 2 == 0) == (index % 2 == 0);
      const std::uint64_t seed =
          mixSeed(settings.seed, kSeats * static_cast<std::uint64_t>(index) + kSeats + seat);
      players[seat] = firstPlayersSeat ? first(seed) : second(seed);
      seats[seat] = players[seat].get();
    }
    std::optional<typename VariantRecord<Rules>::Record> record =
        playGame<Rules>(seats, start, settings.maxPlies, settings.stop);
    if (!record) return;
    record->game = index + 1;
    const std::lock_guard lock(mutex);
    result.add(index, VariantRecord<Rules>::firstMoverScore(VariantRecord<Rules>::status(*record)));
    onGame(index, *record);
  };
  forEachMatchGame(settings, playOne);
  return result;
}

template MatchResult playMatch<StandardRules>(const PlayerMaker&, const PlayerMaker&,
                                              const MatchSettings&,
                                              const std::function<void(int, const GameRecord&)>&);
template MatchResult playMatch<GrandRules>(const GrandPlayerMaker&, const GrandPlayerMaker&,
                                           const MatchSettings&,
                                           const std::function<void(int, const GrandGameRecord&)>&);

}  // namespace camelot
