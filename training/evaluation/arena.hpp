#pragma once
// Arenas: games among any players, in pairs from shared openings with colours swapped. A player
// is a network checkpoint with its search (`net:FILE` or `net:FILE,search=gumbel,sims=N`), a
// classical player (`random`, `greedy`, `alphabeta:depth=2`, ...) or an outside engine
// (`engine:CMD`). The games run through the batched workers (training/selfplay/batched_games.hpp),
// so every core is used and the networks see large batches; a network plays without noise, its best
// move by search. The training loop's evaluation is an arena too.

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/position.hpp"
#include "players/game_record.hpp"
#include "players/player_factory.hpp"
#include "training/selfplay/batched_games.hpp"

namespace camelot {

struct ArenaPlayer {
  std::string spec;  // how it plays
  std::string name;  // in game records and ratings (the spec, unless the caller names it)
};

struct Pairing {
  int first = 0;  // indices into the players
  int second = 0;
};

// Every player against every other, once.
std::vector<Pairing> roundRobin(int players);
// `challenger` against each of the others.
std::vector<Pairing> gauntlet(int challenger, int players);

// One arena per variant (engine/game_rules.hpp): in Grand Camelot a player moves for a
// partnership, the first player of a pairing taking Red and Blue in even games.
template <class Rules>
struct BasicArenaSettings {
  int gamesPerPairing = 2;  // even: pairs of games from one opening, colours swapped
  // Pair k of each pairing starts from openings[k % size].
  std::vector<typename Rules::Position> openings;
  // The search of networks named without search=, and the simulations of tree-searching ones
  // named without sims=.
  NetSearch search = NetSearch::AlphaBeta;
  int defaultSimulations = 64;
  int gumbelConsidered = 16;
  int maxPlies = 300;  // longer games are adjudicated draws
  int workers = 2;
  int gamesPerWorker = 16;
  std::string device = "cpu";
  std::uint64_t seed = 1;
};

// The games this process plays when several share an arena (mpirun): the index (pairing by
// pairing, in order) of each game it starts, or none when they have run out. Each game plays
// as it would alone.
using ArenaGameIndices = std::function<std::optional<int>()>;

template <class Rules>
struct BasicArenaGame {
  int pairing = 0;  // index into the pairings
  int game = 0;     // within its pairing: even games give the pairing's first player White
  typename VariantRecord<Rules>::Record record;

  // The pairing's first player's score: 1, 0.5 or 0.
  double firstScore() const;
};

using ArenaSettings = BasicArenaSettings<StandardRules>;
using ArenaGame = BasicArenaGame<StandardRules>;
using GrandArenaSettings = BasicArenaSettings<GrandRules>;
using GrandArenaGame = BasicArenaGame<GrandRules>;

// The number of games the arena plays: gamesPerPairing for each pairing.
template <class Rules>
int arenaGameCount(const BasicArenaSettings<Rules>& settings,
                   const std::vector<Pairing>& pairings) {
  return settings.gamesPerPairing * static_cast<int>(pairings.size());
}

// Plays every pairing's games, or those `indices` gives. `onGame` receives each finished game,
// one call at a time, in the order they finish. When `stop` becomes true no new game starts and the
// games in flight are dropped. Checks every player (spec, checkpoint) before the first game and
// throws SpecError or CheckpointError naming the bad one; std::invalid_argument for bad settings.
template <class Rules>
void playArena(
    const std::vector<ArenaPlayer>& players, const std::vector<Pairing>& pairings,
    const BasicArenaSettings<Rules>& settings,
    const std::type_identity_t<std::function<void(const BasicArenaGame<Rules>&)>>& onGame,
    const std::atomic<bool>* stop = nullptr, const ArenaGameIndices& indices = {});

}  // namespace camelot
