#pragma once
// A match between two players, in either variant: games in pairs from the same opening with
// colours (Grand Camelot: partnerships) swapped, so the opening's bias cancels. The games are an
// arena of one pairing (training/evaluation/arena.hpp): they run through the batched workers, so a
// tree-searching network with a simulation budget shares its batches across the games in play,
// and every game's randomness comes from the seed and its number, so the games and their results
// are the same whatever the number of threads.

#include <atomic>
#include <cstdint>
#include <functional>
#include <set>
#include <string>
#include <type_traits>

#include "players/game_record.hpp"
#include "players/variant_record.hpp"
#include "training/evaluation/elo.hpp"

namespace camelot {

struct MatchSettings {
  int games = 2;
  int openingPlies = 0;  // random plies from the start before each pair
  std::uint64_t seed = 1;
  int maxPlies = 1000;  // a cap (a setting, not a rule): longer games are adjudicated draws
  int threads = 1;      // worker threads, each stepping several games at once
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

// Plays settings.games games of the player spec `first` against `second` (but those already
// played); even-numbered games give `first` the side that moves first (White; Red and Blue).
// Calls onGame (serialised, in completion order) with each finished game's index and record; the
// result counts those games. A network named without search= plays alpha-beta, and a tree search
// without sims= its 800 simulations. A player that breaks the engine protocol loses its game by
// forfeit. Throws std::invalid_argument for bad settings, SpecError or CheckpointError for a bad
// player.
template <class Rules>
MatchResult playMatch(
    const std::string& first, const std::string& second, const MatchSettings& settings,
    const std::type_identity_t<
        std::function<void(int, const typename VariantRecord<Rules>::Record&)>>& onGame);

}  // namespace camelot
