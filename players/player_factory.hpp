#pragma once
// Players by name, the one registry every command uses: turns a PlayerSpec (`random`,
// `greedy`, ..., `net:FILE`) into a fresh, seeded player.

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "players/mcts_player.hpp"
#include "players/player.hpp"
#include "players/player_spec.hpp"

namespace camelot {

class Model;

// How a network player searches: the project's alpha-beta standing on the network's value and
// ordering moves by its policy (the default: the stronger at equal time, docs/learning.md), or
// a tree search guided by the network (PUCT, or Gumbel as self-play).
enum class NetSearch { AlphaBeta, Puct, Gumbel };
// "alphabeta", "puct", "gumbel": the names search= takes.
const char* netSearchName(NetSearch search);
std::optional<NetSearch> netSearchNamed(std::string_view name);

// Simulations of a tree search (`mcts:`, `net:FILE,search=puct`) named without sims= or time=:
// enough for the search to beat its own policy clearly, under a second a move.
inline constexpr int kDefaultTreeSimulations = 800;

// A network player's spec, `net:FILE[,search=alphabeta|puct|gumbel][,depth=D][,sims=N]
// [,time=MS][,deepen=PERCENT][,order=policy|heuristics][,hand=PERCENT][,with=FILE[+FILE...]]
// [,minimax=PERCENT]`. Alpha-beta takes depth (plies), time (ms a move): 1000 ms unless one is
// given, the share of the time within which it starts a new iteration (as `alphabeta:`), the move
// order (its quiet moves by the network's policy away from the horizon, or by its own heuristics
// alone), the hand-written evaluation's share of each leaf's value, in percent (0, the network
// alone, unless given; players/blended_judge.hpp), and partner networks of the same game whose
// values are averaged with this one's (players/ensemble_judge.hpp; the priors stay this
// network's). The tree searches take sims and time, whichever ends first: 800 simulations unless
// a time is given, and the weight of implicit minimax backups in PUCT's Q, in percent (0 unless
// given).
struct NetPlayerSpec {
  std::string file;
  NetSearch search = NetSearch::AlphaBeta;
  std::optional<int> depth;        // alpha-beta
  std::optional<int> simulations;  // tree searches
  std::optional<std::chrono::milliseconds> time;
  std::optional<int> deepenPercent;  // alpha-beta: BasicAlphaBetaSettings::deepenPercent
  bool policyOrder = true;           // alpha-beta
  std::optional<int> pruneMoves;     // alpha-beta: policyPruneMoves (default: the variant's)
  int handPercent = 0;  // alpha-beta: the hand-written evaluation's share of a leaf's value
  std::vector<std::string> partners;  // alpha-beta: with=, networks averaged into the value
  float minimaxWeight = 0.0f;         // tree searches: SearchParams::minimaxWeight

  bool treeSearch() const { return search != NetSearch::AlphaBeta; }
  // Precondition: treeSearch().
  SearchKind treeSearchKind() const {
    return search == NetSearch::Gumbel ? SearchKind::Gumbel : SearchKind::Puct;
  }
};

// A `net:FILE` whose network plays another variant than the game: bad input (the file), not a
// bad command line, so every command exits 1 for it, as for a corrupt checkpoint.
class WrongVariantError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Alpha-beta on `model`'s value and policy, the `net:` player's own search, as `net` asks
// (depth, time, move order, hand-written share; its file only names the player), seeded with
// `seed`. Self-play's learning method "alphabeta" plays its network's moves with it. `model`
// must outlive the player.
template <class Rules>
std::unique_ptr<BasicPlayer<Rules>> makeNetAlphaBetaPlayer(const NetPlayerSpec& net,
                                                           const Model& model, std::uint64_t seed);

// The options of a `net:` spec, nullopt for another kind; `fallback` is the search of a spec
// without search= (an arena's --search). Throws SpecError for a bad option.
std::optional<NetPlayerSpec> netPlayerSpec(const PlayerSpec& spec,
                                           NetSearch fallback = NetSearch::AlphaBeta);

// A fresh player of `spec` for the game Rules plays, seeded with `seed`. The standard game
// knows every kind of knownPlayerKinds; Grand Camelot (a player moves for one seat) knows
// random, greedy, alphabeta (depth=, time=; its partnership's alpha-beta), mcts and gumbel (sims=,
// time=, eval=uniform|rollout, as in the standard game),
// and net:FILE as in the standard game (alpha-beta on the network by default). Throws SpecError for
// an unknown kind, a kind the variant lacks, a bad option or a network of the other game,
// CheckpointError for a bad checkpoint.
template <class Rules>
std::unique_ptr<BasicPlayer<Rules>> makePlayer(const PlayerSpec& spec, std::uint64_t seed);
template <>
std::unique_ptr<Player> makePlayer<StandardRules>(const PlayerSpec& spec, std::uint64_t seed);
template <>
std::unique_ptr<GrandPlayer> makePlayer<GrandRules>(const PlayerSpec& spec, std::uint64_t seed);

// "random, greedy, ...": every kind makePlayer<Rules> knows.
template <class Rules>
std::string knownPlayerKinds();
template <>
std::string knownPlayerKinds<StandardRules>();
template <>
std::string knownPlayerKinds<GrandRules>();

// The network player of `net` (what makePlayer makes of a `net:` spec). Throws CheckpointError
// for a bad checkpoint.
std::unique_ptr<Player> makeNetPlayer(const NetPlayerSpec& net, std::uint64_t seed);

// Checks a spec of the game Rules plays without keeping the player (for errors before any game
// starts); an `engine:CMD` is not started, so a command that fails shows only in its games; a
// standard `net:FILE` has its checkpoint's header read, not its weights.
template <class Rules>
void validatePlayerSpec(const PlayerSpec& spec);
template <>
void validatePlayerSpec<StandardRules>(const PlayerSpec& spec);
template <>
void validatePlayerSpec<GrandRules>(const PlayerSpec& spec);

}  // namespace camelot
