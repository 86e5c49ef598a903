#include "training/evaluation/match.hpp"

#include <atomic>
#include <optional>
#include <stdexcept>
#include <vector>

#include "players/player_factory.hpp"
#include "training/evaluation/arena.hpp"
#include "training/evaluation/openings.hpp"

namespace camelot {

void MatchResult::add(int index, double firstMoverScore) {
  const bool firstMovesFirst = index % 2 == 0;
  (firstMovesFirst ? asWhite : asBlack)
      .add(firstMovesFirst ? firstMoverScore : 1.0 - firstMoverScore);
}

template <class Rules>
MatchResult playMatch(
    const std::string& first, const std::string& second, const MatchSettings& settings,
    const std::type_identity_t<
        std::function<void(int, const typename VariantRecord<Rules>::Record&)>>& onGame) {
  if (settings.games < 1) throw std::invalid_argument("a match needs at least one game");
  if (settings.openingPlies < 0) throw std::invalid_argument("opening plies must be >= 0");
  if (settings.maxPlies < 1) throw std::invalid_argument("the game length cap must be >= 1");
  if (settings.threads < 1) throw std::invalid_argument("threads must be >= 1");
  BasicArenaSettings<Rules> arena;
  arena.gamesPerPairing = settings.games + settings.games % 2;  // an arena plays whole pairs
  arena.openings =
      randomOpenings<Rules>(settings.seed, arena.gamesPerPairing / 2, settings.openingPlies);
  arena.defaultSimulations = kDefaultTreeSimulations;
  arena.maxPlies = settings.maxPlies;
  arena.workers = settings.threads;
  arena.seed = settings.seed;
  std::vector<int> toPlay;
  for (int index = 0; index < settings.games; ++index)
    if (!settings.alreadyPlayed.contains(index)) toPlay.push_back(index);
  std::atomic<std::size_t> next{0};
  MatchResult result;
  playArena<Rules>(
      {{first, first}, {second, second}}, {{0, 1}}, arena,
      [&](const BasicArenaGame<Rules>& game) {
        result.add(game.game, VariantRecord<Rules>::firstMoverScore(
                                  VariantRecord<Rules>::status(game.record)));
        onGame(game.game, game.record);
      },
      settings.stop,
      [&]() -> std::optional<int> {
        const std::size_t n = next.fetch_add(1);
        return n < toPlay.size() ? std::optional<int>(toPlay[n]) : std::nullopt;
      });
  return result;
}

template MatchResult playMatch<StandardRules>(const std::string&, const std::string&,
                                              const MatchSettings&,
                                              const std::function<void(int, const GameRecord&)>&);
template MatchResult playMatch<GrandRules>(const std::string&, const std::string&,
                                           const MatchSettings&,
                                           const std::function<void(int, const GrandGameRecord&)>&);

}  // namespace camelot
