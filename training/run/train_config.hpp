#pragma once
// The settings of a training run, read from a TOML file (configs/*.toml): the run's length and
// seed, the network's architecture, self-play, the replay buffer, the optimiser and the
// evaluation matches. Every key is optional (missing keys take the defaults below), every
// key must be known and every value in range; a run directory keeps the config as used
// (toToml) so a resumed run can check it is asked to do the same thing. Torch-free.

#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "nn/backend/trainer.hpp"
#include "nn/network_config.hpp"
#include "training/selfplay/selfplay_settings.hpp"

namespace camelot {

// One line, "FILE: KEY: problem" ("configs/x.toml: selfplay.simulations: must be in 1..100000
// (got 0)"), "FILE: unknown key 'KEY'" or "FILE:LINE:COLUMN: parse error: ...".
class ConfigError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct TrainConfig {
  struct Run {
    std::uint64_t seed = 1;  // 0..2^63-1 (a TOML integer)
    double hours = 0;        // 0: until stopped
    int generations = 0;     // 0: unlimited
    bool operator==(const Run&) const = default;
  } run;

  // [network] architecture ("mlp" or "resnet"; absent: resnet, as configs written before the
  // mlp existed), then that family's keys only: accumulator, hidden, move_embedding (mlp);
  // blocks, channels, global_pooling_every, policy_channels, value_channels, value_hidden,
  // history_plies, tactical_planes (resnet). Checked by validate(NetworkConfig).
  NetworkConfig network;

  SelfPlaySettings selfplay;  // [selfplay] (training/selfplay/selfplay_settings.hpp)
  LearningSettings learning;  // [learning]

  struct Buffer {
    std::int64_t window = 200000;  // positions kept (the newest)
    bool operator==(const Buffer&) const = default;
  } buffer;

  struct Training {
    int batchSize = 256;
    std::string optimizer = "adamw";  // "adamw" or "sgd"
    double learningRate = 1e-3;
    double finalLearningRate = 1e-4;    // cosine: the rate reached after scheduleSteps
    std::string schedule = "constant";  // "constant" or "cosine"
    int scheduleSteps = 20000;          // cosine: steps to decay over (0: the run's length)
    double momentum = 0.9;              // sgd only
    double weightDecay = 1e-4;
    // Cap on the average times each new position is sampled: steps per generation =
    // ceil(sampleReuse * new positions / batchSize), clamped to [minSteps, maxSteps].
    double sampleReuse = 4.0;
    int minSteps = 1;
    int maxSteps = 2000;
    double movesLeftWeight = 0.1;
    double rootValueWeight = 0.0;  // share of the value target from the search's root value
    std::string device = "cpu";    // "cpu", "cuda" or "cuda:N"
    int threads = 0;               // CPU threads of a training step (0: every core)
    bool operator==(const Training&) const = default;
  } training;

  struct Evaluation {
    int games = 20;        // per opponent, in pairs with colours swapped (even)
    int simulations = 32;  // the network players' search budget
    int openingPlies = 4;
    std::vector<std::string> baselines = {"random", "greedy", "alphabeta:depth=2"};  // player specs
    int maxPlies = 300;
    bool previous = true;  // also play the previous generation
    int every = 1;         // play the matches every this-many-th generation
    bool operator==(const Evaluation&) const = default;
  } evaluation;

  bool operator==(const TrainConfig&) const = default;
};

// The trainer's settings of a config's [training] section.
TrainerSettings trainerSettingsOf(const TrainConfig& config);

// Reads a config file. Throws ConfigError (see above); missing keys take the defaults.
// `overrides` are keys set on the command line, each "SECTION.KEY=VALUE" (VALUE in TOML, or a
// bare word read as a string: learning.method=descent), set over the file's keys and checked as
// they are; a malformed one throws ConfigError naming it.
TrainConfig loadTrainConfig(const std::filesystem::path& file,
                            const std::vector<std::string>& overrides = {});

// Parses TOML text (a run directory's saved copy); `origin` names it in errors.
TrainConfig parseTrainConfig(std::string_view text, const std::string& origin,
                             const std::vector<std::string>& overrides = {});

// Checks every value's range and the settings against each other (the checks the two readers
// above apply), for configs built or changed in code. Throws ConfigError "ORIGIN: KEY: ...".
void validate(const TrainConfig& config, const std::string& origin);

// The config as TOML text with every key, in a fixed order, each after a comment saying what
// it means; parseTrainConfig reads it back to an equal config.
std::string toToml(const TrainConfig& config);

// Every key with its default and meaning, as a config file (the mlp network, the resnet's keys
// commented out): what `camelot train --keys` prints. Every key is declared once, in
// config_keys.hpp, with its range and meaning; its default is TrainConfig's.
std::string configKeyReference();

// The keys whose values differ between `a` and `b`, in toToml's order, each as
// "selfplay.simulations: 8 against 6" (a's value first; "(none)" for a key of one network
// family that the other lacks).
std::vector<std::string> configDifferences(const TrainConfig& a, const TrainConfig& b);

}  // namespace camelot
