#pragma once
// Players by name, the one registry every command uses: turns a PlayerSpec (`random`,
// `greedy`, ..., `net:FILE`) into a fresh, seeded player.

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "mcts/mcts_player.hpp"
#include "mcts/player.hpp"
#include "mcts/player_spec.hpp"

namespace camelot {

// A network player's spec, `net:FILE[,sims=N][,time=MS][,search=gumbel|puct]`: the checkpoint's
// tree search with `sims` simulations a move (800 unless a time is given) or `time` ms a move,
// whichever ends first; PUCT unless search=gumbel.
struct NetPlayerSpec {
  std::string file;
  std::optional<int> simulations;
  std::optional<std::chrono::milliseconds> time;
  SearchKind search = SearchKind::Puct;
};

// The options of a `net:` spec, nullopt for another kind. Throws SpecError for a bad option.
std::optional<NetPlayerSpec> netPlayerSpec(const PlayerSpec& spec);

// Throws SpecError for an unknown kind or a bad option.
std::unique_ptr<Player> makePlayer(const PlayerSpec& spec, std::uint64_t seed);

// The network player of `net` (what makePlayer makes of a `net:` spec). Throws CheckpointError
// for a bad checkpoint.
std::unique_ptr<Player> makeNetPlayer(const NetPlayerSpec& net, std::uint64_t seed);

// Checks a spec without keeping the player (for errors before any game starts); an
// `engine:CMD` is not started, so a command that fails shows only in its games; a `net:FILE`
// has its checkpoint's header read, not its weights.
void validatePlayerSpec(const PlayerSpec& spec);

// "random, greedy, ...": every kind makePlayer knows.
std::string knownPlayerKinds();

}  // namespace camelot
