#include "training/evaluation/grand_match.hpp"

#include <array>
#include <mutex>
#include <optional>
#include <stdexcept>

#include "engine/splitmix64.hpp"

namespace camelot {
namespace {

// The game with a player in each seat (turn order), or nothing when `stop` came first.
std::optional<GrandGameRecord> playGrandGame(const std::array<GrandPlayer*, grand::kPlayers>& seats,
                                             const grand::GrandPosition& start, int maxPlies,
                                             const std::atomic<bool>* stop) {
  grand::GrandGame game(start);
  for (GrandPlayer* seat : seats)
    seat->newGame();
  GrandGameRecord record{0, seats[0]->name(), seats[1]->name(), start, {}, {}};
  while (!game.finished() && static_cast<int>(game.moves().size()) < maxPlies) {
    if (stop != nullptr && *stop) return std::nullopt;
    GrandPlayer& mover = *seats[static_cast<std::size_t>(grand::index(game.position().toMove))];
    const grand::GrandMove move = mover.chooseMove(game);
    bool legal = false;
    for (const grand::GrandMove& m : game.legalMoves())
      legal = legal || grand::moveKey(m) == grand::moveKey(move);
    if (!legal) throw std::logic_error("player " + mover.name() + " chose an illegal move");
    game.play(move);
  }
  record.moves = game.moves();
  record.outcome = game.finished()
                       ? game.status()
                       : grand::GrandOutcome{grand::GrandOutcome::Kind::Draw, -1, "adjudicated"};
  return record;
}

double rbScore(const grand::GrandOutcome& outcome) {
  if (outcome.kind != grand::GrandOutcome::Kind::Win) return 0.5;
  return outcome.winner == 0 ? 1.0 : 0.0;
}

}  // namespace

MatchResult playGrandMatch(const GrandPlayerMaker& first, const GrandPlayerMaker& second,
                           const MatchSettings& settings,
                           const std::function<void(int, const GrandGameRecord&)>& onGame) {
  MatchResult result;
  std::mutex mutex;
  const auto playOne = [&](int index) {
    if (settings.alreadyPlayed.contains(index) || (settings.stop && *settings.stop)) return;
    const grand::GrandPosition start = openingOfGame<GrandRules>(settings, index);
    // Seats 0 and 2 (Red, Blue) move first; the first player has them in even games.
    std::array<std::unique_ptr<GrandPlayer>, grand::kPlayers> players;
    for (std::size_t seat = 0; seat < players.size(); ++seat) {
      const bool firstPlayersSeat = (seat % 2 == 0) == (index % 2 == 0);
      const std::uint64_t seed =
          mixSeed(settings.seed, 4 * static_cast<std::uint64_t>(index) + seat + 4);
      players[seat] = firstPlayersSeat ? first(seed) : second(seed);
    }
    std::optional<GrandGameRecord> record =
        playGrandGame({players[0].get(), players[1].get(), players[2].get(), players[3].get()},
                      start, settings.maxPlies, settings.stop);
    if (!record) return;
    record->game = index + 1;
    const std::lock_guard lock(mutex);
    result.add(index, rbScore(record->outcome));
    onGame(index, *record);
  };
  forEachMatchGame(settings, playOne);
  return result;
}

}  // namespace camelot
