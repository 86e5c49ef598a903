#pragma once
// Many games at once with networks, the engine under self-play and the training loop's
// evaluation matches. Each worker (a TBB task, one per core) steps many games: it advances
// every game's search until it needs a network, sends all the leaves for one network as one
// batch, and resumes the searches with the answers, so the forward pass runs at batch sizes
// where it is efficient and no thread waits for another. A side may also be a classical player
// (random, greedy, alpha-beta) that moves at once.
//
// Or, the standard game only, network sides search with Descent (mcts/descent_search.hpp): each
// move is chosen by ordinal selection over the ranked moves in the sampling plies and is the
// best one after them, and a recorded game's samples are every node of its tree with its
// backed-up value and its best move as a one-hot policy target (tree learning), or only the
// positions the game went through.
//
// Per network move, playout cap randomisation (KataGo): a share of moves get the full search
// and, in recorded games, become training samples; the rest get a cheap search. The opening
// plies sample the move (Gumbel noise, or a temperature for PUCT); later moves take the
// search's best. Games longer than the cap are adjudicated draws; a drawn game may score as a
// win in its samples by material (a setting).
//
// One set of templates for both variants (engine/game_rules.hpp): in Grand Camelot a side is a
// partnership (side 0 Red and Blue, who move first), its network or classical player moving for
// both of its seats, and a game's record is a GrandGameRecord.

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "mcts/descent_search.hpp"
#include "nn/training_sample.hpp"
#include "players/game_record.hpp"
#include "players/grand_game_record.hpp"
#include "players/variant_record.hpp"
#include "training/selfplay/selfplay_settings.hpp"

namespace camelot {

class Model;

struct BatchedGamesSettings {
  // Workers, the search and its budget, the sampling plies and the length cap (a training run
  // passes its [selfplay] section; gamesPerGeneration, scatteredStartFraction and device are
  // the run's own and not read here).
  SelfPlaySettings selfplay;
  // Method "descent": the network sides play by Descent (the standard game only), with these
  // settings, instead of the tree search.
  LearningSettings learning;
  bool puctRootNoise = true;  // PUCT's Dirichlet root noise (self-play; off in matches)
  std::uint64_t seed = 1;
};

// Who plays one side: a network (an index into the nets given) or a classical player spec.
struct GameSide {
  int net = -1;
  std::string spec;     // used when net < 0
  std::string name;     // for the game record
  int simulations = 0;  // a network side's full search; 0: the settings' simulations
};

template <class Rules>
struct BasicGamePlan {
  typename Rules::Position start;
  std::array<GameSide, 2> sides;  // White, Black (Red and Blue, Green and Yellow)
  bool record = false;            // keep positions as training samples
  // The game's number, whose seed its randomness comes from (-1: its index in this call). A
  // set of games split over processes keeps their numbers, so each plays as it would alone.
  std::int64_t number = -1;
};

template <class Rules>
struct BasicFinishedGame {
  int index = 0;  // the plan's index
  typename VariantRecord<Rules>::Record record;
  std::vector<BasicTrainingSample<Rules>> samples;         // recorded positions with their results
  typename VariantRecord<Rules>::Outcome sampleOutcome{};  // the outcome the samples say
};

using GamePlan = BasicGamePlan<StandardRules>;
using FinishedGame = BasicFinishedGame<StandardRules>;
using GrandGamePlan = BasicGamePlan<GrandRules>;
using GrandFinishedGame = BasicFinishedGame<GrandRules>;

struct BatchedGamesStats {
  int games = 0;
  std::int64_t samples = 0;      // recorded positions
  std::int64_t plies = 0;        // moves played
  std::int64_t evaluations = 0;  // positions sent to a network
  std::int64_t batches = 0;      // forward passes
  double seconds = 0.0;
};

// The plan of game i, asked for as a worker starts it; none ends the set there: no index after
// it is claimed (ones other workers claimed already may still be asked for, and played).
template <class Rules>
using BasicGamePlans = std::function<std::optional<BasicGamePlan<Rules>>(int)>;
using GamePlans = BasicGamePlans<StandardRules>;

// Plays games 0..count-1 as planFor(i) says. `onGame` receives each finished game, one call at a
// time, in the order of the games' indices (a game that finishes early waits for the ones
// before it). Each game's randomness comes from settings.seed and its number (GamePlan) alone, so
// the same settings give the same games, reported in the same order, for any number of workers
// (with the mlp, whose answers do not depend on the batch). When `stop` becomes true the workers
// start no new games and drop the ones in flight and those still waiting. Throws
// std::invalid_argument for bad settings; an exception in a worker (a bad player spec, a network of
// the other variant) ends the run and is rethrown.
// The variant is named (playBatchedGames<GrandRules>), never deduced from the callbacks.
template <class Rules = StandardRules>
BatchedGamesStats playBatchedGames(
    const std::vector<std::shared_ptr<const Model>>& nets, const BatchedGamesSettings& settings,
    int count, const std::type_identity_t<BasicGamePlans<Rules>>& planFor,
    const std::type_identity_t<std::function<void(BasicFinishedGame<Rules>&&)>>& onGame,
    const std::atomic<bool>* stop = nullptr);

}  // namespace camelot
