#pragma once
// How self-play plays its games and makes its targets: the [selfplay] and [learning] sections of
// a training config, declared here with their defaults because batched games play by them
// (training/selfplay/batched_games.hpp); training/run/train_config.hpp reads them from the file
// and checks their ranges (training/run/config_keys.hpp names each key). Torch-free.

#include <string>
#include <vector>

namespace camelot {

// [selfplay]
struct SelfPlaySettings {
  int gamesPerGeneration = 64;       // the run's: games between trainings
  int workers = 2;                   // worker threads (TBB tasks), one per core
  int gamesPerWorker = 32;           // games each worker steps at once (its batch)
  std::string search = "gumbel";     // "gumbel" or "puct"
  int simulations = 32;              // full search (recorded as a policy target)
  int cheapSimulations = 8;          // playout cap randomisation: the cheap search
  bool recordCheapSearches = false;  // also record cheap-search positions, for their value
  double fullSearchFraction = 0.25;  // share of moves that get the full search
  int gumbelConsidered = 16;         // Gumbel's root candidates
  int openingPlies = 8;              // plies at the start played with temperature/Gumbel sampling
  double temperature = 1.0;          // PUCT only: sampling temperature for the opening plies
  int maxPlies = 300;                // game length cap; capped games are adjudicated draws
  double scatteredStartFraction = 0.0;  // the run's: share of games from scatteredPosition()
  // The run's: players (specs) that take one side of a share of the games, so that the network
  // meets play its own does not show it (a hand-written search racing to a castle); only the
  // network's side is recorded.
  std::vector<std::string> sparringPartners;
  double sparringFraction = 0.0;  // the run's: share of games against a sparring partner
  int materialAdjudication = 0;   // lead that scores a drawn game as a win for training; 0: off
  std::string device = "cpu";     // the run's: "cpu", "cuda" or "cuda:N"
  bool operator==(const SelfPlaySettings&) const = default;
};

// [learning]: how self-play makes the training targets. "alphazero": the tree search's visit
// shares and root values (the [selfplay] search keys); "descent": Descent's minimax values of
// every node of its tree (mcts/descent_search.hpp, docs/learning.md); "alphabeta": the network
// plays by alpha-beta on its value, the search it plays matches with, and each position it
// moves from learns that search's value and move.
struct LearningSettings {
  std::string method = "alphazero";  // "alphazero" or "descent"
  int positionsPerMove = 2000;       // descent: positions its search makes for each move
  double quickWinWeight = 0.2;       // descent: what a win loses over the length cap
  bool completion = true;            // descent: proven values outrank heuristic ones
  int maxExpansions = 16;            // descent: nodes an iteration expands (0: to the end)
  double bestMoveProbability = 0.9;  // descent: ordinal selection in the sampling plies
  bool treeSamples = true;           // descent: every tree node a sample, not only the game's
  double gameResultWeight = 0.0;     // descent: the result's share on the game's own line
  double teacherWeight = 0.0;        // descent: the hand-written evaluation's share in a value
  bool teacherResidual = false;      // descent: targets for the blend, net:FILE,hand=P plays it
  int alphaBetaDepth = 3;            // alphabeta: plies of each move's search
  int alphaBetaHand = 0;             // alphabeta: the hand-written share of a leaf's value, in %
  bool descent() const { return method == "descent"; }
  bool alphaBeta() const { return method == "alphabeta"; }
  bool operator==(const LearningSettings&) const = default;
};

}  // namespace camelot
