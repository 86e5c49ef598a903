// The training run configuration: reading TOML, its defaults, its errors (one line naming the
// file and the key) and the round trip through toToml; the shipped configs load.

#include "training/run/train_config.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "tests/config/config_error.hpp"
#include "tests/scratch_dir.hpp"

namespace camelot {
namespace {

using testing_support::configErrorOf;

// Writes `text` to `name` in `dir`; returns the file's path.
std::filesystem::path write(const testing_support::ScratchDir& dir, const std::string& name,
                            const std::string& text) {
  const std::filesystem::path file = dir / name;
  std::ofstream(file) << text;
  return file;
}

TEST(TrainConfig, EmptyTextGivesTheDefaults) {
  const TrainConfig config = parseTrainConfig("", "empty");
  EXPECT_EQ(config, TrainConfig{});
  EXPECT_EQ(config.run.seed, 1u);
  EXPECT_EQ(config.selfplay.search, "gumbel");
  EXPECT_EQ(config.selfplay.simulations, 32);
  EXPECT_EQ(config.buffer.window, 200000);
  EXPECT_EQ(config.training.optimizer, "adamw");
  EXPECT_EQ(config.network, NetworkConfig{});
  EXPECT_EQ(config.evaluation.baselines,
            (std::vector<std::string>{"random", "greedy", "alphabeta:depth=2"}));
}

TEST(TrainConfig, MissingKeysKeepTheirDefaults) {
  const TrainConfig config = parseTrainConfig("[selfplay]\nsimulations = 64\n", "x");
  TrainConfig expected;
  expected.selfplay.simulations = 64;
  EXPECT_EQ(config, expected);
}

TEST(TrainConfig, ReadsEverySection) {
  const TrainConfig config = parseTrainConfig(R"(
[run]
seed = 42
hours = 2.5
generations = 7

[network]
blocks = 3
channels = 24
global_pooling_every = 0
policy_channels = 12
value_channels = 4
value_hidden = 20
history_plies = 1
tactical_planes = false

[selfplay]
games_per_generation = 10
workers = 3
games_per_worker = 5
search = "puct"
simulations = 50
cheap_simulations = 10
record_cheap_searches = true
full_search_fraction = 0.5
gumbel_considered = 4
opening_plies = 6
temperature = 0.5
max_plies = 200
scattered_start_fraction = 0.25
material_adjudication = 4
device = "cuda:1"

[buffer]
window = 5000

[training]
batch_size = 64
optimizer = "sgd"
learning_rate = 0.02
final_learning_rate = 0.001
schedule = "cosine"
schedule_steps = 3000
momentum = 0.8
weight_decay = 3e-5
sample_reuse = 2
min_steps = 5
max_steps = 60
moves_left_weight = 0.25
root_value_weight = 0.75
device = "cuda"
threads = 1

[evaluation]
games = 6
simulations = 16
opening_plies = 3
baselines = ["greedy", "alphabeta:depth=3"]
max_plies = 150
previous = false
every = 4
)",
                                              "all.toml");
  EXPECT_EQ(config.run.seed, 42u);
  EXPECT_EQ(config.run.hours, 2.5);
  EXPECT_EQ(config.run.generations, 7);

  const NetworkConfig network{.blocks = 3,
                              .channels = 24,
                              .globalPoolingEvery = 0,
                              .policyChannels = 12,
                              .valueChannels = 4,
                              .valueHidden = 20,
                              .historyPlies = 1,
                              .tacticalPlanes = false};
  EXPECT_EQ(config.network, network);

  EXPECT_EQ(config.selfplay.gamesPerGeneration, 10);
  EXPECT_EQ(config.selfplay.workers, 3);
  EXPECT_EQ(config.selfplay.gamesPerWorker, 5);
  EXPECT_EQ(config.selfplay.search, "puct");
  EXPECT_EQ(config.selfplay.simulations, 50);
  EXPECT_EQ(config.selfplay.cheapSimulations, 10);
  EXPECT_TRUE(config.selfplay.recordCheapSearches);
  EXPECT_EQ(config.selfplay.fullSearchFraction, 0.5);
  EXPECT_EQ(config.selfplay.gumbelConsidered, 4);
  EXPECT_EQ(config.selfplay.openingPlies, 6);
  EXPECT_EQ(config.selfplay.temperature, 0.5);
  EXPECT_EQ(config.selfplay.maxPlies, 200);
  EXPECT_EQ(config.selfplay.scatteredStartFraction, 0.25);
  EXPECT_EQ(config.selfplay.materialAdjudication, 4);
  EXPECT_EQ(config.selfplay.device, "cuda:1");

  EXPECT_EQ(config.buffer.window, 5000);

  EXPECT_EQ(config.training.batchSize, 64);
  EXPECT_EQ(config.training.optimizer, "sgd");
  EXPECT_EQ(config.training.learningRate, 0.02);
  EXPECT_EQ(config.training.finalLearningRate, 0.001);
  EXPECT_EQ(config.training.schedule, "cosine");
  EXPECT_EQ(config.training.scheduleSteps, 3000);
  EXPECT_EQ(config.training.momentum, 0.8);
  EXPECT_EQ(config.training.weightDecay, 3e-5);
  EXPECT_EQ(config.training.sampleReuse, 2.0);  // an integer where a number is expected
  EXPECT_EQ(config.training.minSteps, 5);
  EXPECT_EQ(config.training.maxSteps, 60);
  EXPECT_EQ(config.training.movesLeftWeight, 0.25);
  EXPECT_EQ(config.training.rootValueWeight, 0.75);
  EXPECT_EQ(config.training.device, "cuda");
  EXPECT_EQ(config.training.threads, 1);

  EXPECT_EQ(config.evaluation.games, 6);
  EXPECT_EQ(config.evaluation.simulations, 16);
  EXPECT_EQ(config.evaluation.openingPlies, 3);
  EXPECT_EQ(config.evaluation.baselines, (std::vector<std::string>{"greedy", "alphabeta:depth=3"}));
  EXPECT_EQ(config.evaluation.maxPlies, 150);
  EXPECT_FALSE(config.evaluation.previous);
  EXPECT_EQ(config.evaluation.every, 4);
}

TEST(TrainConfig, RoundTripsThroughToml) {
  TrainConfig config;
  config.run.seed = 0x7fffffffffffffffULL;
  config.run.hours = 1.0 / 3.0;
  config.network.blocks = 2;
  config.selfplay.fullSearchFraction = 0.1;
  config.selfplay.device = "cuda:0";
  config.training.learningRate = 2e-3;
  config.training.weightDecay = 1e-5;
  config.training.sampleReuse = 3;
  config.evaluation.baselines = {"random", "mcts:sims=100,eval=rollout"};
  config.evaluation.previous = false;
  config.evaluation.every = 5;
  const std::string text = toToml(config);
  EXPECT_EQ(parseTrainConfig(text, "saved"), config) << text;
  EXPECT_EQ(parseTrainConfig(toToml(TrainConfig{}), "saved"), TrainConfig{});
  // Every key is written, numbers that are floats as floats.
  EXPECT_NE(text.find("\n[network]\n# \"mlp\" (sparse inputs, plain C++ inference) or "
                      "\"resnet\"\narchitecture = \"resnet\"\n# Residual blocks\nblocks = 2\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("sample_reuse = 3.0\n"), std::string::npos) << text;
  EXPECT_NE(text.find("baselines = [\"random\", \"mcts:sims=100,eval=rollout\"]\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("previous = false\n"), std::string::npos) << text;
}

TEST(TrainConfig, ComparesMemberWise) {
  TrainConfig a;
  TrainConfig b;
  EXPECT_EQ(a, b);
  b.training.movesLeftWeight = 0.2;
  EXPECT_NE(a, b);
  b = a;
  b.evaluation.baselines.pop_back();
  EXPECT_NE(a, b);
}

TEST(TrainConfig, KeysSetOnTheCommandLineOverrideTheFiles) {
  const TrainConfig config = parseTrainConfig(
      "[network]\narchitecture = \"mlp\"\n[learning]\nmethod = \"alphazero\"\ncompletion = true\n",
      "x.toml",
      {"learning.method=descent", "learning.completion=false", "selfplay.workers=1",
       "learning.game_result_weight=0.5", "evaluation.baselines=[\"random\", \"greedy\"]"});
  EXPECT_EQ(config.learning.method, "descent");  // a bare word is a string
  EXPECT_FALSE(config.learning.completion);
  EXPECT_EQ(config.selfplay.workers, 1);  // a section the file does not have
  EXPECT_DOUBLE_EQ(config.learning.gameResultWeight, 0.5);
  EXPECT_EQ(config.evaluation.baselines, (std::vector<std::string>{"random", "greedy"}));
}

TEST(TrainConfig, AKeySetOnTheCommandLineIsCheckedAsTheFilesAre) {
  const auto errorWith = [](const std::string& set) {
    try {
      parseTrainConfig("", "x.toml", {set});
    } catch (const ConfigError& error) {
      return std::string(error.what());
    }
    return std::string();
  };
  EXPECT_EQ(errorWith("learning.completion"),
            "--set learning.completion: expected SECTION.KEY=VALUE (for example "
            "learning.completion=false)");
  EXPECT_EQ(errorWith("completion=false"),
            "--set completion=false: expected SECTION.KEY=VALUE (for example "
            "learning.completion=false)");
  EXPECT_EQ(errorWith("learning.completeness=false"),
            "x.toml with --set: unknown key 'learning.completeness'");
  EXPECT_EQ(errorWith("learning.completion=maybe"),
            "x.toml with --set: learning.completion: must be true or false (got a string)");
  EXPECT_EQ(errorWith("selfplay.workers=0"),
            configErrorOf("[selfplay]\nworkers = 0\n").replace(0, 6, "x.toml with --set"));
}

TEST(TrainConfig, UnknownKeysAndSectionsAreNamed) {
  EXPECT_EQ(configErrorOf("[selfplay]\nsimulatoins = 3\n"),
            "x.toml: unknown key 'selfplay.simulatoins' (did you mean 'selfplay.simulations'?)");
  EXPECT_EQ(configErrorOf("[selfplay]\nfoo = 3\n"), "x.toml: unknown key 'selfplay.foo'");
  EXPECT_EQ(configErrorOf("[selfply]\nworkers = 3\n"),
            "x.toml: unknown section 'selfply' (did you mean 'selfplay'?)");
  EXPECT_EQ(configErrorOf("[trainer]\nbatch_size = 3\n"), "x.toml: unknown section 'trainer'");
  EXPECT_EQ(configErrorOf("seed = 3\n"), "x.toml: unknown key 'seed'");
  EXPECT_EQ(configErrorOf("selfplay = 3\n"), "x.toml: selfplay: must be a table (got an integer)");
  // The first unknown key in the file is the one reported.
  EXPECT_EQ(configErrorOf("[training]\nzzz = 1\naaa = 2\n"), "x.toml: unknown key 'training.zzz'");
}

TEST(TrainConfig, WrongTypesNameTheKey) {
  EXPECT_EQ(configErrorOf("[selfplay]\nsimulations = \"32\"\n"),
            "x.toml: selfplay.simulations: must be an integer (got a string)");
  EXPECT_EQ(configErrorOf("[selfplay]\nsimulations = 32.0\n"),
            "x.toml: selfplay.simulations: must be an integer (got a float)");
  EXPECT_EQ(configErrorOf("[training]\nlearning_rate = \"fast\"\n"),
            "x.toml: training.learning_rate: must be a number (got a string)");
  EXPECT_EQ(configErrorOf("[training]\noptimizer = 1\n"),
            "x.toml: training.optimizer: must be a string (got an integer)");
  EXPECT_EQ(configErrorOf("[evaluation]\nprevious = 1\n"),
            "x.toml: evaluation.previous: must be true or false (got an integer)");
  EXPECT_EQ(configErrorOf("[evaluation]\nbaselines = \"random\"\n"),
            "x.toml: evaluation.baselines: must be an array of player specs (got a string)");
  EXPECT_EQ(configErrorOf("[evaluation]\nbaselines = [\"random\", 2]\n"),
            "x.toml: evaluation.baselines: must be an array of player specs (entry 2 is an "
            "integer)");
  EXPECT_EQ(configErrorOf("[network]\nblocks = true\n"),
            "x.toml: network.blocks: must be an integer (got a boolean)");
}

TEST(TrainConfig, OutOfRangeNamesTheKeyAndTheRange) {
  EXPECT_EQ(configErrorOf("[selfplay]\nsimulations = 0\n"),
            "x.toml: selfplay.simulations: must be in 1..100000 (got 0)");
  EXPECT_EQ(configErrorOf("[selfplay]\nworkers = 300\n"),
            "x.toml: selfplay.workers: must be in 1..256 (got 300)");
  EXPECT_EQ(configErrorOf("[selfplay]\nfull_search_fraction = 0\n"),
            "x.toml: selfplay.full_search_fraction: must be in (0, 1] (got 0)");
  EXPECT_EQ(configErrorOf("[training]\nlearning_rate = nan\n"),
            "x.toml: training.learning_rate: must be in (0, 10] (got nan)");
  EXPECT_EQ(configErrorOf("[selfplay]\nscattered_start_fraction = -0.5\n"),
            "x.toml: selfplay.scattered_start_fraction: must be in [0, 1] (got -0.5)");
  EXPECT_EQ(configErrorOf("[selfplay]\nmaterial_adjudication = 19\n"),
            "x.toml: selfplay.material_adjudication: must be in 0..18 (got 19)");
  EXPECT_EQ(configErrorOf("[training]\nroot_value_weight = 1.5\n"),
            "x.toml: training.root_value_weight: must be in [0, 1] (got 1.5)");
  EXPECT_EQ(configErrorOf("[training]\nthreads = -1\n"),
            "x.toml: training.threads: must be in 0..1024 (got -1)");
  EXPECT_EQ(configErrorOf("[run]\nhours = inf\n"),
            "x.toml: run.hours: must be in [0, 100000] (got inf)");
  EXPECT_EQ(configErrorOf("[training]\nmomentum = 1.0\n"),
            "x.toml: training.momentum: must be in [0, 1) (got 1)");
  EXPECT_EQ(configErrorOf("[run]\nseed = -1\n"),
            "x.toml: run.seed: must be in 0..9223372036854775807 (got -1)");
  EXPECT_EQ(configErrorOf("[evaluation]\ngames = 3\n"),
            "x.toml: evaluation.games: must be even and in 0..100000 (got 3)");
  EXPECT_EQ(configErrorOf("[evaluation]\nevery = 0\n"),
            "x.toml: evaluation.every: must be in 1..10000 (got 0)");
  EXPECT_EQ(configErrorOf("[training]\noptimizer = \"adam\"\n"),
            "x.toml: training.optimizer: must be \"adamw\" or \"sgd\" (got \"adam\")");
  EXPECT_EQ(configErrorOf("[selfplay]\ndevice = \"gpu\"\n"),
            "x.toml: selfplay.device: must be \"cpu\", \"cuda\" or \"cuda:N\" (got \"gpu\")");
  EXPECT_EQ(configErrorOf("[evaluation]\nbaselines = [\"\"]\n"),
            "x.toml: evaluation.baselines: entry 1 is empty");
  EXPECT_EQ(configErrorOf("[evaluation]\nbaselines = [\"random\", \"random\"]\n"),
            "x.toml: evaluation.baselines: \"random\" is listed twice");
  const std::string badSpec = configErrorOf("[evaluation]\nbaselines = [\"randon\"]\n");
  EXPECT_EQ(badSpec.rfind("x.toml: evaluation.baselines: ", 0), 0u) << badSpec;
  EXPECT_NE(badSpec.find("randon"), std::string::npos) << badSpec;
}

TEST(TrainConfig, NetworkRangesComeFromValidateNetworkConfig) {
  EXPECT_EQ(configErrorOf("[network]\nchannels = 3\n"),
            "x.toml: network.channels: must be even and in 2..512 (got 3)");
  EXPECT_EQ(configErrorOf("[network]\nglobal_pooling_every = 65\n"),
            "x.toml: network.global_pooling_every: must be in 0..64 (got 65)");
  EXPECT_EQ(configErrorOf("[network]\nblocks = 0\n"),
            "x.toml: network.blocks: must be in 1..64 (got 0)");
  EXPECT_EQ(configErrorOf("[network]\nvalue_hidden = 99999999999\n"),
            "x.toml: network.value_hidden: out of range (got 99999999999)");
}

TEST(TrainConfig, SettingsAreCheckedAgainstEachOther) {
  EXPECT_EQ(configErrorOf("[selfplay]\nsimulations = 8\ncheap_simulations = 16\n"),
            "x.toml: selfplay.cheap_simulations: must be at most selfplay.simulations (8) (got "
            "16)");
  EXPECT_EQ(configErrorOf("[buffer]\nwindow = 100\n[training]\nbatch_size = 256\n"),
            "x.toml: buffer.window: must be at least training.batch_size (256) (got 100)");
  EXPECT_EQ(configErrorOf("[training]\nmin_steps = 30\nmax_steps = 20\n"),
            "x.toml: training.min_steps: must be at most training.max_steps (20) (got 30)");
  EXPECT_EQ(configErrorOf("[training]\nschedule = \"cosine\"\nlearning_rate = 1e-3\n"
                          "final_learning_rate = 1e-2\n"),
            "x.toml: training.final_learning_rate: must be at most training.learning_rate "
            "(0.001) with the cosine schedule (got 0.01)");
  // The final rate means nothing to a constant schedule.
  EXPECT_EQ(configErrorOf("[training]\nlearning_rate = 1e-3\nfinal_learning_rate = 1e-2\n"), "");
}

TEST(TrainConfig, ValidateChecksConfigsBuiltInCode) {
  TrainConfig config;
  EXPECT_NO_THROW(validate(config, "code"));
  config.training.batchSize = 0;
  try {
    validate(config, "code");
    FAIL() << "no error";
  } catch (const ConfigError& error) {
    EXPECT_STREQ(error.what(), "code: training.batch_size: must be in 1..65536 (got 0)");
  }
  config = TrainConfig{};
  config.run.seed = ~0ULL;  // beyond a TOML integer
  EXPECT_THROW(validate(config, "code"), ConfigError);
}

TEST(TrainConfig, SyntaxErrorsGiveFileLineAndColumn) {
  const std::string message = configErrorOf("[run]\nseed = 1\nhours = = 2\n");
  EXPECT_EQ(message.rfind("x.toml:3:", 0), 0u) << message;
  EXPECT_NE(message.find(": parse error: "), std::string::npos) << message;
  EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  // A key given twice is a TOML error too.
  EXPECT_EQ(configErrorOf("[run]\nseed = 1\nseed = 2\n").rfind("x.toml:3:", 0), 0u);
}

TEST(TrainConfig, LoadsFilesAndNamesThemInErrors) {
  const testing_support::ScratchDir dir;
  const auto good = write(dir, "good.toml", "[run]\nseed = 9\n");
  EXPECT_EQ(loadTrainConfig(good).run.seed, 9u);

  const auto bad = write(dir, "bad.toml", "[selfplay]\nsimulations = 0\n");
  try {
    loadTrainConfig(bad);
    FAIL() << "no error";
  } catch (const ConfigError& error) {
    EXPECT_EQ(std::string(error.what()),
              bad.string() + ": selfplay.simulations: must be in 1..100000 (got 0)");
  }

  const auto broken = write(dir, "broken.toml", "[run\n");
  try {
    loadTrainConfig(broken);
    FAIL() << "no error";
  } catch (const ConfigError& error) {
    EXPECT_EQ(std::string(error.what()).rfind(broken.string() + ":1:", 0), 0u) << error.what();
  }

  const auto missing = dir.path() / "missing.toml";
  try {
    loadTrainConfig(missing);
    FAIL() << "no error";
  } catch (const ConfigError& error) {
    EXPECT_EQ(std::string(error.what()), missing.string() + ": no such file");
  }
}

TEST(TrainConfig, ShippedConfigsLoad) {
  const std::filesystem::path dir = CAMELOT_CONFIG_DIR;

  const TrainConfig tiny = loadTrainConfig(dir / "tiny.toml");
  EXPECT_EQ(tiny.run.generations, 2);
  EXPECT_EQ(tiny.network.architecture, Architecture::Mlp);
  EXPECT_EQ(tiny.network.accumulator, 16);
  EXPECT_EQ(tiny.network.historyPlies, 0);
  EXPECT_EQ(tiny.selfplay.gamesPerGeneration, 8);
  EXPECT_EQ(tiny.selfplay.simulations, 8);
  EXPECT_EQ(tiny.selfplay.maxPlies, 80);
  EXPECT_EQ(tiny.training.maxSteps, 20);
  EXPECT_EQ(tiny.evaluation.baselines, std::vector<std::string>{"random"});

  const TrainConfig standard = loadTrainConfig(dir / "default.toml");
  EXPECT_EQ(standard.run.hours, 1.0);
  EXPECT_EQ(standard.network.architecture, Architecture::Mlp);
  EXPECT_EQ(standard.network.accumulator, 256);
  EXPECT_EQ(standard.network.hidden, 32);
  EXPECT_EQ(standard.selfplay.gamesPerGeneration, 256);
  EXPECT_EQ(standard.selfplay.simulations, 128);
  EXPECT_EQ(standard.selfplay.search, "gumbel");
  EXPECT_EQ(standard.buffer.window, 150000);
  EXPECT_EQ(standard.training.learningRate, 2e-3);
  EXPECT_EQ(standard.evaluation.baselines,
            (std::vector<std::string>{"random", "greedy", "alphabeta:depth=2"}));

  const TrainConfig gpu = loadTrainConfig(dir / "gpu.toml");
  EXPECT_EQ(gpu.network.architecture, Architecture::Resnet);
  EXPECT_EQ(gpu.network.blocks, 10);
  EXPECT_EQ(gpu.network.channels, 128);
  EXPECT_EQ(gpu.selfplay.device, "cuda");
  EXPECT_EQ(gpu.training.device, "cuda");
  EXPECT_EQ(gpu.training.batchSize, 1024);
  EXPECT_EQ(gpu.evaluation.games, 40);

  // The shipped files spell out every key: saving them as used and reading back changes nothing.
  for (const TrainConfig& config : {tiny, standard, gpu})
    EXPECT_EQ(parseTrainConfig(toToml(config), "saved"), config);
}

// "section.key" for every `key = value` line of TOML text; with `commented`, only the keys
// whose line is preceded by a comment line.
std::set<std::string> keysOf(const std::string& text, bool commented) {
  std::set<std::string> keys;
  std::istringstream lines(text);
  std::string line;
  std::string previous;
  std::string section;
  while (std::getline(lines, line)) {
    if (line.starts_with("[")) {
      section = line.substr(1, line.find(']') - 1);
    } else if (const auto equals = line.find(" = ");
               equals != std::string::npos && !line.starts_with("#")) {
      if (!commented || previous.starts_with("#"))
        keys.insert(section + "." + line.substr(0, equals));
    }
    previous = line;
  }
  return keys;
}

TEST(TrainConfig, ShippedConfigsSpellOutAndExplainEveryKey) {
  // Every key of the resnet family's config, and of the mlp's: the same but for the network's.
  EXPECT_EQ(keysOf(toToml(TrainConfig{}), false).size(), 65u);
  TrainConfig mlp;
  mlp.network = defaultNetworkConfig(Architecture::Mlp);
  EXPECT_EQ(keysOf(toToml(mlp), false).size(), 60u);
  for (const char* name : {"tiny.toml", "default.toml", "gpu.toml", "grand.toml", "descent.toml"}) {
    const std::filesystem::path file = std::filesystem::path(CAMELOT_CONFIG_DIR) / name;
    std::ifstream in(file);
    std::stringstream text;
    text << in.rdbuf();
    EXPECT_EQ(keysOf(text.str(), true), keysOf(toToml(loadTrainConfig(file)), false)) << name;
  }
}

TEST(TrainConfig, EveryWrittenKeyFollowsItsMeaning) {
  // toToml writes each key after the comment that says what it means (visitKeys' help).
  for (const Architecture family : {Architecture::Mlp, Architecture::Resnet}) {
    TrainConfig config;
    config.network = defaultNetworkConfig(family);
    const std::string text = toToml(config);
    EXPECT_EQ(keysOf(text, true), keysOf(text, false)) << text;
  }
  EXPECT_NE(toToml(TrainConfig{})
                .find("# Self-play games of each generation\n"
                      "games_per_generation = 64\n"),
            std::string::npos);
}

TEST(TrainConfig, TheKeyReferenceIsTheDefaultsWithEveryKeyExplained) {
  // `camelot train --keys`: a config file of the defaults (the mlp network) that reads back to
  // them, with the resnet's keys commented out beside their defaults.
  const std::string reference = configKeyReference();
  TrainConfig mlp;
  mlp.network = defaultNetworkConfig(Architecture::Mlp);
  EXPECT_EQ(parseTrainConfig(reference, "reference"), mlp);
  EXPECT_EQ(keysOf(reference, true).size(), 60u);
  EXPECT_NE(
      reference.find("# Residual blocks\n# architecture = \"resnet\" only: blocks = " +
                     std::to_string(defaultNetworkConfig(Architecture::Resnet).blocks) + "\n"),
      std::string::npos)
      << reference;
}

TEST(TrainConfig, NetworkKeysBelongToTheirArchitecture) {
  const TrainConfig fast =
      parseTrainConfig("[network]\narchitecture = \"mlp\"\naccumulator = 64\n", "fast");
  EXPECT_EQ(fast.network.architecture, Architecture::Mlp);
  EXPECT_EQ(fast.network.accumulator, 64);
  EXPECT_EQ(fast.network.historyPlies, 0);
  const auto error = [](const std::string& text) {
    try {
      parseTrainConfig(text, "x.toml");
    } catch (const ConfigError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(error("[network]\narchitecture = \"mlp\"\nblocks = 3\n"),
            "x.toml: network.blocks: is not a setting of architecture = \"mlp\"");
  EXPECT_EQ(error("[network]\naccumulator = 64\n"),
            "x.toml: network.accumulator: is not a setting of architecture = \"resnet\"");
  EXPECT_EQ(error("[network]\narchitecture = \"transformer\"\n"),
            "x.toml: network.architecture: must be \"mlp\" or \"resnet\" (got \"transformer\")");
  EXPECT_EQ(error("[network]\narchitecture = \"mlp\"\nhidden = 0\n"),
            "x.toml: network.hidden: must be in 1..1024 (got 0)");
}

}  // namespace
}  // namespace camelot
