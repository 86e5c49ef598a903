#pragma once
// A match between two players: games in pairs from the same opening with colours swapped, so
// the opening's bias cancels. Each game gets its own seeded player instances, so the games
// and their results are the same whatever the number of threads.

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <set>
#include <string>

#include "mcts/player.hpp"
#include "training/evaluation/elo.hpp"
#include "training/selfplay/game_record.hpp"

namespace camelot {

// Makes a fresh player seeded with `seed` (players are not shared between games or threads).
using PlayerMaker = std::function<std::unique_ptr<Player>(std::uint64_t seed)>;

struct MatchSettings {
  int games = 2;
  int openingPlies = 0;  // random plies from the start before each pair
  std::uint64_t seed = 1;
  int maxPlies = 1000;  // a cap (a setting, not a rule): longer games are adjudicated draws
  int threads = 1;      // games played at once (TBB)
  // Game indices not to play (a resumed match has them already).
  std::set<int> alreadyPlayed;
  // Once it is true, no game starts and the games in play are dropped unfinished.
  const std::atomic<bool>* stop = nullptr;
};

struct MatchResult {
  // From the first player's view, as White and as Black.
  MatchScore asWhite;
  MatchScore asBlack;

  // Counts game `index` (even: the first player is White) that ended in `outcome`.
  void add(int index, Outcome outcome);

  MatchScore total() const {
    return {asWhite.wins + asBlack.wins, asWhite.draws + asBlack.draws,
            asWhite.losses + asBlack.losses};
  }
};

// The opening of pair `pair`: `plies` random plies from the start, seeded by (seed, pair),
// drawn again in the rare case that they end the game. Every match and arena with the same
// seed plays the same openings.
Position matchOpening(std::uint64_t seed, int pair, int plies);

// Plays settings.games games of `first` against `second` (but those already played); even-
// numbered games give `first` White. Calls onGame (serialised, in completion order) with each
// finished game's index and record; the result counts those games. Throws
// std::invalid_argument for bad settings.
MatchResult playMatch(const PlayerMaker& first, const PlayerMaker& second,
                      const MatchSettings& settings,
                      const std::function<void(int, const GameRecord&)>& onGame);

}  // namespace camelot
