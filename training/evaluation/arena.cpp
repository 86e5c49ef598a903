#include "training/evaluation/arena.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>

#include "engine/random/splitmix64.hpp"
#include "nn/model.hpp"
#include "players/player_factory.hpp"
#include "players/player_spec.hpp"
#include "training/selfplay/batched_games.hpp"

namespace camelot {

std::vector<Pairing> roundRobin(int players) {
  std::vector<Pairing> pairings;
  for (int i = 0; i < players; ++i)
    for (int j = i + 1; j < players; ++j)
      pairings.push_back({i, j});
  return pairings;
}

std::vector<Pairing> gauntlet(int challenger, int players) {
  std::vector<Pairing> pairings;
  for (int j = 0; j < players; ++j)
    if (j != challenger) pairings.push_back({challenger, j});
  return pairings;
}

template <class Rules>
double BasicArenaGame<Rules>::firstScore() const {
  const double score = VariantRecord<Rules>::firstMoverScore(VariantRecord<Rules>::status(record));
  return game % 2 == 0 ? score : 1.0 - score;
}

template <class Rules>
void playArena(
    const std::vector<ArenaPlayer>& players, const std::vector<Pairing>& pairings,
    const BasicArenaSettings<Rules>& settings,
    const std::type_identity_t<std::function<void(const BasicArenaGame<Rules>&)>>& onGame,
    const std::atomic<bool>* stop, const ArenaGameIndices& indices) {
  if (settings.gamesPerPairing < 2 || settings.gamesPerPairing % 2 != 0)
    throw std::invalid_argument("an arena plays an even number of games (at least 2) a pairing");
  if (settings.openings.empty()) throw std::invalid_argument("an arena needs openings");
  for (const Pairing& p : pairings)
    if (p.first < 0 || p.second < 0 || p.first >= static_cast<int>(players.size()) ||
        p.second >= static_cast<int>(players.size()) || p.first == p.second)
      throw std::invalid_argument("an arena pairing names a player that is not there");

  // Each player as a game side: networks loaded once per file, the others checked now so that
  // a bad spec fails before any game.
  std::vector<std::shared_ptr<const Model>> nets;
  std::map<std::string, int> netOfFile;
  std::vector<GameSide> sides;
  std::optional<SearchKind> batchedSearch;  // the one tree search the batched workers run
  for (const ArenaPlayer& player : players) {
    GameSide side{-1, player.spec, player.name};
    const PlayerSpec spec = PlayerSpec::parse(player.spec);
    const auto net = netPlayerSpec(spec, settings.search);
    // A tree-searching network with a simulation budget joins the batched searches (the first
    // such network's search, the arena's unless search= says otherwise); one with a time
    // budget, alpha-beta or another tree search plays move by move, as any other player.
    if (net && net->treeSearch() && !net->time &&
        batchedSearch.value_or(net->treeSearchKind()) == net->treeSearchKind()) {
      batchedSearch = net->treeSearchKind();
      auto [it, added] = netOfFile.emplace(net->file, static_cast<int>(nets.size()));
      if (added) nets.push_back(loadModel(net->file, settings.device));
      side.net = it->second;
      side.simulations = spec.has("sims") ? *net->simulations : settings.defaultSimulations;
    } else {
      // It is made from its spec when its game starts: with the arena's search written out.
      if (net && !spec.has("search"))
        side.spec += std::string(",search=") + netSearchName(net->search);
      validatePlayerSpec<Rules>(PlayerSpec::parse(side.spec));
    }
    sides.push_back(side);
  }

  BatchedGamesSettings batched;
  batched.selfplay.workers = settings.workers;
  batched.selfplay.gamesPerWorker = settings.gamesPerWorker;
  batched.selfplay.search = batchedSearch == SearchKind::Gumbel ? "gumbel" : "puct";
  batched.selfplay.gumbelConsidered = settings.gumbelConsidered;
  batched.selfplay.simulations = settings.defaultSimulations;
  batched.selfplay.cheapSimulations = settings.defaultSimulations;
  batched.selfplay.fullSearchFraction = 1.0;
  batched.selfplay.openingPlies = 0;
  batched.selfplay.maxPlies = settings.maxPlies;
  batched.puctRootNoise = false;
  batched.seed = settings.seed;

  const int perPairing = settings.gamesPerPairing;
  const int total = arenaGameCount(settings, pairings);
  playBatchedGames<Rules>(
      nets, batched, total,
      [&](int j) -> std::optional<BasicGamePlan<Rules>> {
        const std::optional<int> index = indices ? indices() : std::optional<int>(j);
        if (!index) return std::nullopt;
        const int i = *index;
        const Pairing& pairing = pairings[static_cast<std::size_t>(i / perPairing)];
        const int game = i % perPairing;
        BasicGamePlan<Rules> plan;
        plan.start =
            settings.openings[static_cast<std::size_t>(game / 2) % settings.openings.size()];
        const GameSide& first = sides[static_cast<std::size_t>(pairing.first)];
        const GameSide& second = sides[static_cast<std::size_t>(pairing.second)];
        plan.sides = game % 2 == 0 ? std::array{first, second} : std::array{second, first};
        plan.number = i;
        return plan;
      },
      [&](BasicFinishedGame<Rules>&& finished) {
        const int i = finished.record.game - 1;  // batched games number records from 1
        BasicArenaGame<Rules> game;
        game.pairing = i / perPairing;
        game.game = i % perPairing;
        game.record = std::move(finished.record);
        onGame(game);
      },
      stop);
}

template struct BasicArenaGame<StandardRules>;
template struct BasicArenaGame<GrandRules>;
template void playArena<StandardRules>(const std::vector<ArenaPlayer>&, const std::vector<Pairing>&,
                                       const ArenaSettings&,
                                       const std::function<void(const ArenaGame&)>&,
                                       const std::atomic<bool>*, const ArenaGameIndices&);
template void playArena<GrandRules>(const std::vector<ArenaPlayer>&, const std::vector<Pairing>&,
                                    const GrandArenaSettings&,
                                    const std::function<void(const GrandArenaGame&)>&,
                                    const std::atomic<bool>*, const ArenaGameIndices&);

}  // namespace camelot
