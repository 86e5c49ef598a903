#pragma once
// The keys of a run's config, declared once (train_config.hpp's TrainConfig holds their
// defaults): each key's name, range and one-line meaning, walked in one order by every visitor
// of a config (the key list, the reader and the validator in train_config.cpp, the writer in
// config_text.cpp), which is also the order toToml writes them in. Private to run/.

#include <cstdint>
#include <limits>
#include <string_view>
#include <vector>

#include "training/run/train_config.hpp"

namespace camelot::config_keys {

// A key's name and its one-line meaning, which every saved config.toml carries as a comment
// (toToml) and `camelot train --keys` lists. It reads as its name where a visitor wants one.
struct Key {
  const char* name;
  const char* help;
  operator const char*() const { return name; }
};

// [network]: `architecture` first, then each family's own keys (a key of the other family is
// an error). tactical_planes, a boolean, is the resnet's last key.
struct NetworkKey {
  Key key;
  int NetworkConfig::*member;
  Architecture family;
};

inline constexpr NetworkKey kNetworkKeys[] = {
    {{"accumulator", "Units of the feature layer (the sum of the active features' columns)"},
     &NetworkConfig::accumulator,
     Architecture::Mlp},
    {{"hidden", "Units of each of the two dense layers after it"},
     &NetworkConfig::hidden,
     Architecture::Mlp},
    {{"move_embedding", "Width of the move embeddings the policy is scored with"},
     &NetworkConfig::moveEmbedding,
     Architecture::Mlp},
    {{"blocks", "Residual blocks"}, &NetworkConfig::blocks, Architecture::Resnet},
    {{"channels", "Channels of every convolution in the tower"},
     &NetworkConfig::channels,
     Architecture::Resnet},
    {{"global_pooling_every", "A global-pooling bias every this-many blocks (0: none)"},
     &NetworkConfig::globalPoolingEvery,
     Architecture::Resnet},
    {{"policy_channels", "Channels of the policy head"},
     &NetworkConfig::policyChannels,
     Architecture::Resnet},
    {{"value_channels", "Channels of the value head"},
     &NetworkConfig::valueChannels,
     Architecture::Resnet},
    {{"value_hidden", "Units of the value head's hidden layer"},
     &NetworkConfig::valueHidden,
     Architecture::Resnet},
    {{"history_plies", "Earlier positions given as input planes"},
     &NetworkConfig::historyPlies,
     Architecture::Resnet},
};
inline constexpr Key kArchitectureKey{"architecture",
                                      "\"mlp\" (sparse inputs, plain C++ inference) or \"resnet\""};
inline constexpr Key kTacticalPlanesKey{"tactical_planes",
                                        "Input planes of the attacked and defended squares"};

inline const std::vector<std::string_view> kSearches = {"gumbel", "puct"};
inline const std::vector<std::string_view> kLearningMethods = {"alphazero", "descent", "alphabeta"};
inline const std::vector<std::string_view> kOptimizers = {"adamw", "sgd"};
inline const std::vector<std::string_view> kSchedules = {"constant", "cosine"};

inline constexpr std::int64_t kMaxSeed = std::numeric_limits<std::int64_t>::max();

template <class Config, class Visitor>
void visitKeys(Config& c, Visitor& v) {
  v.section("game");
  v.variant({"variant", "The game learnt: \"standard\" or \"grand\" (Grand Camelot; an mlp)"},
            c.network.variant);

  v.section("run");
  v.integer({"seed", "Seed of every random choice in the run"}, c.run.seed, 0, kMaxSeed);
  v.real({"hours", "Wall-clock length in hours over all sessions (0: none)"}, c.run.hours,
         {0, 100000});
  v.integer({"generations", "Generations to run (0: no limit)"}, c.run.generations, 0, 10'000'000);

  v.section("network");
  v.network(c.network);

  v.section("selfplay");
  v.integer({"games_per_generation", "Self-play games of each generation"},
            c.selfplay.gamesPerGeneration, 1, 1'000'000);
  v.integer({"workers", "Worker threads of self-play, one per core (on each rank under mpirun)"},
            c.selfplay.workers, 1, 256);
  v.integer({"games_per_worker", "Games each worker steps at once: its batch for the network"},
            c.selfplay.gamesPerWorker, 1, 4096);
  v.choice({"search", "Search of self-play: \"gumbel\" or \"puct\""}, c.selfplay.search, kSearches);
  v.integer({"simulations", "Simulations of the full search, whose moves become policy targets"},
            c.selfplay.simulations, 1, 100'000);
  v.integer({"cheap_simulations", "Simulations of the cheap search (playout cap randomisation)"},
            c.selfplay.cheapSimulations, 1, 100'000);
  v.boolean(
      {"record_cheap_searches", "Also record the cheap-search positions, for their value only"},
      c.selfplay.recordCheapSearches);
  v.real({"full_search_fraction", "Share of moves given the full search"},
         c.selfplay.fullSearchFraction, {0, 1, true});
  v.integer({"gumbel_considered", "Root moves Gumbel sequential halving considers"},
            c.selfplay.gumbelConsidered, 1, 1024);
  v.integer({"opening_plies", "Plies at the start of a game whose move is sampled"},
            c.selfplay.openingPlies, 0, 10'000);
  v.real({"temperature", "PUCT only: the sampling temperature of those plies"},
         c.selfplay.temperature, {0, 100});
  v.integer({"max_plies", "Game length cap in plies (a capped game is a draw)"},
            c.selfplay.maxPlies, 1, 10'000);
  v.real({"scattered_start_fraction", "Share of games from scattered pieces instead of the start"},
         c.selfplay.scatteredStartFraction, {0, 1});
  v.specs({"sparring_partners", "Players that take one side of the sparring games (player specs)"},
          c.selfplay.sparringPartners);
  v.real({"sparring_fraction",
          "Share of games one side of which a sparring partner plays (not recorded)"},
         c.selfplay.sparringFraction, {0, 1});
  v.integer({"material_adjudication",
             "Material lead that scores a drawn game as a win in its samples (0: off)"},
            c.selfplay.materialAdjudication, 0, 18);
  v.device({"device", "Where self-play runs the network: \"cpu\", \"cuda\" or \"cuda:N\""},
           c.selfplay.device);

  v.section("learning");
  v.choice({"method",
            "Training targets: \"alphazero\" (tree search), \"descent\" (minimax) or "
            "\"alphabeta\" (the network's alpha-beta)"},
           c.learning.method, kLearningMethods);
  v.integer({"positions_per_move", "Descent: positions its search makes for each move"},
            c.learning.positionsPerMove, 1, 100'000'000);
  v.real({"quick_win_weight", "Descent: share of a win's value lost over the game length cap"},
         c.learning.quickWinWeight, {0, 1, false, true});
  v.boolean({"completion", "Descent: proven values outrank heuristic ones"}, c.learning.completion);
  v.integer(
      {"max_expansions", "Descent: nodes one iteration expands at most (0: to the game's end)"},
      c.learning.maxExpansions, 0, 1'000'000);
  v.real({"best_move_probability",
          "Descent and alphabeta: probability of the best move in the sampling plies"},
         c.learning.bestMoveProbability, {0, 1, true});
  v.boolean({"tree_samples", "Descent: every node of the tree a sample (false: the game's own)"},
            c.learning.treeSamples);
  v.real(
      {"game_result_weight",
       "Descent and alphabeta: share of the game's result in the values of the game's positions"},
      c.learning.gameResultWeight, {0, 1});
  v.real({"teacher_weight",
          "Descent: share of the hand-written evaluation in each judged position's value"},
         c.learning.teacherWeight, {0, 1});
  v.boolean({"teacher_residual",
             "Descent: each value target less the teacher's share, the network's part of it"},
            c.learning.teacherResidual);
  v.integer({"alphabeta_depth", "Alphabeta: plies of the network's search for each move"},
            c.learning.alphaBetaDepth, 1, 64);
  v.integer({"alphabeta_hand",
             "Alphabeta: share of the hand-written evaluation in a leaf's value, in percent"},
            c.learning.alphaBetaHand, 0, 100);

  v.section("buffer");
  v.integer({"window", "Positions the replay buffer keeps, the newest"}, c.buffer.window, 1,
            1'000'000'000);

  v.section("training");
  v.integer({"batch_size", "Positions per optimiser step"}, c.training.batchSize, 1, 65536);
  v.choice({"optimizer", "\"adamw\" or \"sgd\""}, c.training.optimizer, kOptimizers);
  v.real({"learning_rate", "Learning rate (the start of the cosine schedule)"},
         c.training.learningRate, {0, 10, true});
  v.real({"final_learning_rate", "Cosine only: the rate it decays to"},
         c.training.finalLearningRate, {0, 10});
  v.choice({"schedule", "Learning-rate schedule: \"constant\" or \"cosine\""}, c.training.schedule,
           kSchedules);
  v.integer({"schedule_steps", "Cosine only: steps to decay over (0: the run's length)"},
            c.training.scheduleSteps, 0, 1'000'000'000);
  v.real({"momentum", "SGD only: momentum"}, c.training.momentum, {0, 1, false, true});
  v.real({"weight_decay", "Decoupled weight decay (AdamW) or L2 coefficient (SGD)"},
         c.training.weightDecay, {0, 1});
  v.real({"sample_reuse", "Average times each new position is sampled per generation"},
         c.training.sampleReuse, {0, 1000, true});
  v.integer({"min_steps", "Fewest optimiser steps per generation"}, c.training.minSteps, 0,
            1'000'000);
  v.integer({"max_steps", "Most optimiser steps per generation"}, c.training.maxSteps, 1,
            1'000'000);
  v.real({"moves_left_weight", "Weight of the moves-left loss beside the policy and value losses"},
         c.training.movesLeftWeight, {0, 100});
  v.real({"root_value_weight",
          "Share of the value target from the search's root value, not the result"},
         c.training.rootValueWeight, {0, 1});
  v.device({"device", "Where training runs: \"cpu\", \"cuda\" or \"cuda:N\""}, c.training.device);
  v.integer({"threads", "CPU threads of a training step (0: every core)"}, c.training.threads, 0,
            1024);

  v.section("evaluation");
  v.integer({"games", "Evaluation games against each opponent (even: pairs, colours swapped)"},
            c.evaluation.games, 0, 100'000, /*even=*/true);
  v.integer({"simulations", "Simulations per move of the network's evaluation player"},
            c.evaluation.simulations, 1, 100'000);
  v.integer({"opening_plies", "Random plies opening each pair of evaluation games"},
            c.evaluation.openingPlies, 0, 10'000);
  v.specs({"baselines", "Fixed opponents (player specs)"}, c.evaluation.baselines);
  v.integer({"max_plies", "Length cap of evaluation games in plies"}, c.evaluation.maxPlies, 1,
            10'000);
  v.boolean({"previous", "Also play the previous generation's network"}, c.evaluation.previous);
  v.integer({"every", "Play the evaluation games every this-many-th generation"},
            c.evaluation.every, 1, 10'000);
}

}  // namespace camelot::config_keys
