#pragma once
// A match between two players, in either variant: games in pairs from the same opening with
// colours (Grand Camelot: partnerships) swapped, so the opening's bias cancels. Each game gets
// its own seeded player instance in every seat (in Grand Camelot a player moves for both seats
// of its partnership, as two instances seeded apart, so the partners share no tree), so the
// games and their results are the same whatever the number of threads.

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <set>
#include <string>
#include <type_traits>

#include "players/game_record.hpp"
#include "players/player.hpp"
#include "players/variant_record.hpp"
#include "training/evaluation/elo.hpp"

namespace camelot {

// Makes a fresh player seeded with `seed` (players are not shared between games or threads).
template <class Rules>
using BasicPlayerMaker = std::function<std::unique_ptr<BasicPlayer<Rules>>(std::uint64_t seed)>;
using PlayerMaker = BasicPlayerMaker<StandardRules>;
using GrandPlayerMaker = BasicPlayerMaker<GrandRules>;

struct MatchSettings {
  int games = 2;
  int openingPlies = 0;  // random plies from the start before each pair
  int openingCount = 0;  // > 0: pair k starts from opening k % openingCount (an arena's suite)
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

  // Counts game `index` (even: the first player moves first, as White or as Red and Blue) in
  // which the side that moved first scored `firstMoverScore` (1, 0.5 or 0).
  void add(int index, double firstMoverScore);

  MatchScore total() const {
    return {asWhite.wins + asBlack.wins, asWhite.draws + asBlack.draws,
            asWhite.losses + asBlack.losses};
  }
};

// The opening of pair `pair`: `plies` random plies from the start, seeded by (seed, pair),
// drawn again in the rare case that they end the game. Every match and arena with the same
// seed plays the same openings. In either variant (engine/game_rules.hpp).
template <class Rules>
typename Rules::Position randomOpening(std::uint64_t seed, int pair, int plies);
inline Position matchOpening(std::uint64_t seed, int pair, int plies) {
  return randomOpening<StandardRules>(seed, pair, plies);
}

// Checks the settings (throws std::invalid_argument) and calls playOne(index) for every game
// index on settings.threads threads at once; playOne skips what settings says to skip.
void forEachMatchGame(const MatchSettings& settings, const std::function<void(int)>& playOne);

// The opening of game `index` (pairs share one): randomOpening of its pair, or of the pair's
// place in a suite of settings.openingCount.
template <class Rules>
typename Rules::Position openingOfGame(const MatchSettings& settings, int index) {
  const int pair = index / 2;
  return randomOpening<Rules>(settings.seed,
                              settings.openingCount > 0 ? pair % settings.openingCount : pair,
                              settings.openingPlies);
}

// Plays settings.games games of `first` against `second` (but those already played); even-
// numbered games give `first` the side that moves first (White; Red and Blue). Calls onGame
// (serialised, in completion order) with each finished game's index and record; the result
// counts those games. A player that breaks the engine protocol loses its game by forfeit.
// Throws std::invalid_argument for bad settings.
template <class Rules>
MatchResult playMatch(
    const BasicPlayerMaker<Rules>& first,
    const std::type_identity_t<BasicPlayerMaker<Rules>>& second, const MatchSettings& settings,
    const std::type_identity_t<
        std::function<void(int, const typename VariantRecord<Rules>::Record&)>>& onGame);

}  // namespace camelot
