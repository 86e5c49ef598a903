#include "training/run/train_config.hpp"

#include <toml++/toml.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <limits>
#include <map>
#include <optional>
#include <sstream>
#include <system_error>
#include <utility>

#include "training/run/config_values.hpp"
#include "training/text/nearest_name.hpp"

static_assert(TOML_EXCEPTIONS, "train_config.cpp reads toml::parse_error exceptions");

namespace camelot {
namespace {

using namespace config_values;

// ---------------------------------------------------------------------------------------------
// Types

// "a string", "an integer", ...: what a node holds, for type errors.
std::string describeType(const toml::node& node) {
  switch (node.type()) {
    case toml::node_type::table:
      return "a table";
    case toml::node_type::array:
      return "an array";
    case toml::node_type::string:
      return "a string";
    case toml::node_type::integer:
      return "an integer";
    case toml::node_type::floating_point:
      return "a float";
    case toml::node_type::boolean:
      return "a boolean";
    case toml::node_type::date:
      return "a date";
    case toml::node_type::time:
      return "a time";
    case toml::node_type::date_time:
      return "a date-time";
    default:
      return "nothing";
  }
}

// ---------------------------------------------------------------------------------------------
// The keys, once: every visitor (key list, reader, validator, writer) walks them in this order,
// which is also the order toToml writes them in.

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

constexpr NetworkKey kNetworkKeys[] = {
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
constexpr Key kArchitectureKey{"architecture",
                               "\"mlp\" (sparse inputs, plain C++ inference) or \"resnet\""};
constexpr Key kTacticalPlanesKey{"tactical_planes",
                                 "Input planes of the attacked and defended squares"};

const std::vector<std::string_view> kSearches = {"gumbel", "puct"};
const std::vector<std::string_view> kOptimizers = {"adamw", "sgd"};
const std::vector<std::string_view> kSchedules = {"constant", "cosine"};

constexpr std::int64_t kMaxSeed = std::numeric_limits<std::int64_t>::max();

template <class Config, class Visitor>
void visitKeys(Config& c, Visitor& v) {
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
  v.integer({"material_adjudication",
             "Material lead that scores a drawn game as a win in its samples (0: off)"},
            c.selfplay.materialAdjudication, 0, 18);
  v.device({"device", "Where self-play runs the network: \"cpu\", \"cuda\" or \"cuda:N\""},
           c.selfplay.device);

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

// ---------------------------------------------------------------------------------------------
// Key list: the known sections and their keys.

class KeyLister {
 public:
  std::map<std::string, std::vector<std::string>, std::less<>> sections;

  void section(const char* name) { current_ = &sections[name]; }
  template <class T>
  void integer(Key key, T&, std::int64_t, std::int64_t, bool = false) {
    add(key);
  }
  void real(Key key, double&, const RealRange&) { add(key); }
  void choice(Key key, std::string&, const std::vector<std::string_view>&) { add(key); }
  void device(Key key, std::string&) { add(key); }
  void boolean(Key key, bool&) { add(key); }
  void specs(Key key, std::vector<std::string>&) { add(key); }
  void network(NetworkConfig&) {
    add("architecture");
    for (const NetworkKey& k : kNetworkKeys)
      add(k.key);
    add(kTacticalPlanesKey);
  }

 private:
  void add(const char* key) { current_->push_back(key); }
  std::vector<std::string>* current_ = nullptr;
};

const KeyLister& knownKeys() {
  static const KeyLister keys = [] {
    KeyLister lister;
    TrainConfig config;
    visitKeys(config, lister);
    return lister;
  }();
  return keys;
}

// " (did you mean 'x'?)" when one of `candidates` is within two edits of `name`.
std::string suggestion(std::string_view name, const std::vector<std::string>& candidates,
                       const std::string& prefix) {
  const std::optional<std::string> found = nearestName(name, candidates);
  return found ? " (did you mean '" + prefix + *found + "'?)" : "";
}

// Throws for the first (in file order) section or key that is not known, or a known section
// that is not a table.
void checkKnownKeys(const toml::table& root, const std::string& origin) {
  const auto& known = knownKeys().sections;
  struct Problem {
    toml::source_position at;
    std::string message;
  };
  std::vector<Problem> problems;
  std::vector<std::string> sectionNames;
  for (const auto& [name, keys] : known)
    sectionNames.push_back(name);
  for (const auto& [key, node] : root) {
    const std::string name(key.str());
    const auto section = known.find(name);
    if (section == known.end()) {
      problems.push_back({key.source().begin,
                          std::string(node.is_table() ? "unknown section '" : "unknown key '") +
                              name + "'" + suggestion(name, sectionNames, "")});
      continue;
    }
    const toml::table* table = node.as_table();
    if (table == nullptr) {
      problems.push_back(
          {key.source().begin, name + ": must be a table (got " + describeType(node) + ")"});
      continue;
    }
    for (const auto& [subkey, subnode] : *table) {
      const std::string subname(subkey.str());
      const auto& keys = section->second;
      if (std::find(keys.begin(), keys.end(), subname) == keys.end())
        problems.push_back({subkey.source().begin, "unknown key '" + name + "." + subname + "'" +
                                                       suggestion(subname, keys, name + ".")});
    }
  }
  if (problems.empty()) return;
  const auto first =
      std::min_element(problems.begin(), problems.end(), [](const Problem& a, const Problem& b) {
        return std::pair(a.at.line, a.at.column) < std::pair(b.at.line, b.at.column);
      });
  throw ConfigError(origin + ": " + first->message);
}

// ---------------------------------------------------------------------------------------------
// Reader: takes each key present in the TOML table, checking its type and range.

class Reader {
 public:
  Reader(const toml::table& root, const std::string& origin) : root_(root), origin_(origin) {}

  void section(const char* name) {
    section_ = name;
    table_ = root_[name].as_table();
  }

  template <class T>
  void integer(Key key, T& value, std::int64_t lo, std::int64_t hi, bool even = false) {
    const toml::node* node = find(key);
    if (node == nullptr) return;
    const auto* integer = node->as_integer();
    if (integer == nullptr) fail(key, "must be an integer (got " + describeType(*node) + ")");
    const std::int64_t read = integer->get();
    if (auto problem = integerProblem(read, lo, hi, even)) fail(key, *problem);
    value = static_cast<T>(read);
  }

  void real(Key key, double& value, const RealRange& range) {
    const toml::node* node = find(key);
    if (node == nullptr) return;
    double read = 0;
    if (const auto* floating = node->as_floating_point())
      read = floating->get();
    else if (const auto* integer = node->as_integer())
      read = static_cast<double>(integer->get());
    else
      fail(key, "must be a number (got " + describeType(*node) + ")");
    if (auto problem = realProblem(read, range)) fail(key, *problem);
    value = read;
  }

  void choice(Key key, std::string& value, const std::vector<std::string_view>& allowed) {
    if (!readString(key, value)) return;
    if (auto problem = choiceProblem(value, allowed)) fail(key, *problem);
  }

  void device(Key key, std::string& value) {
    if (!readString(key, value)) return;
    if (auto problem = deviceProblem(value)) fail(key, *problem);
  }

  void boolean(Key key, bool& value) {
    const toml::node* node = find(key);
    if (node == nullptr) return;
    const auto* boolean = node->as_boolean();
    if (boolean == nullptr) fail(key, "must be true or false (got " + describeType(*node) + ")");
    value = boolean->get();
  }

  void specs(Key key, std::vector<std::string>& value) {
    const toml::node* node = find(key);
    if (node == nullptr) return;
    const toml::array* array = node->as_array();
    if (array == nullptr)
      fail(key, "must be an array of player specs (got " + describeType(*node) + ")");
    std::vector<std::string> read;
    for (std::size_t i = 0; i < array->size(); ++i) {
      const toml::node& element = *array->get(i);
      const auto* text = element.as_string();
      if (text == nullptr)
        fail(key, "must be an array of player specs (entry " + std::to_string(i + 1) + " is " +
                      describeType(element) + ")");
      read.push_back(text->get());
    }
    if (auto problem = specsProblem(read)) fail(key, *problem);
    value = std::move(read);
  }

  // The network's values are range-checked by validate(NetworkConfig) afterwards; here only
  // that they fit an int.
  void network(NetworkConfig& config) {
    std::string architecture(architectureName(config.architecture));
    if (readString("architecture", architecture)) {
      const auto parsed = parseArchitecture(architecture);
      if (!parsed)
        fail("architecture", "must be \"mlp\" or \"resnet\" (got \"" + architecture + "\")");
      config = defaultNetworkConfig(*parsed);
    }
    const auto otherFamily = [&](const char* key) {
      fail(key, "is not a setting of architecture = \"" +
                    std::string(architectureName(config.architecture)) + "\"");
    };
    if (find(kTacticalPlanesKey) != nullptr) {
      if (config.architecture != Architecture::Resnet) otherFamily(kTacticalPlanesKey);
      boolean(kTacticalPlanesKey, config.tacticalPlanes);
    }
    for (const NetworkKey& k : kNetworkKeys) {
      const toml::node* node = find(k.key);
      if (node == nullptr) continue;
      if (k.family != config.architecture) otherFamily(k.key);
      const auto* integer = node->as_integer();
      if (integer == nullptr) fail(k.key, "must be an integer (got " + describeType(*node) + ")");
      if (!std::in_range<int>(integer->get()))
        fail(k.key, "out of range (got " + std::to_string(integer->get()) + ")");
      config.*k.member = static_cast<int>(integer->get());
    }
  }

 private:
  const toml::node* find(const char* key) const {
    return table_ == nullptr ? nullptr : table_->get(key);
  }

  bool readString(const char* key, std::string& value) {
    const toml::node* node = find(key);
    if (node == nullptr) return false;
    const auto* text = node->as_string();
    if (text == nullptr) fail(key, "must be a string (got " + describeType(*node) + ")");
    value = text->get();
    return true;
  }

  [[noreturn]] void fail(const char* key, const std::string& problem) const {
    throw ConfigError(origin_ + ": " + section_ + "." + key + ": " + problem);
  }

  const toml::table& root_;
  const std::string& origin_;
  std::string section_;
  const toml::table* table_ = nullptr;
};

// ---------------------------------------------------------------------------------------------
// Validator: the same range checks on a config in memory.

// "globalPoolingEvery" -> "global_pooling_every".
std::string snakeCase(std::string_view name) {
  std::string out;
  for (const char c : name) {
    if (std::isupper(static_cast<unsigned char>(c))) {
      out += '_';
      out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    } else {
      out += c;
    }
  }
  return out;
}

class Validator {
 public:
  explicit Validator(const std::string& origin) : origin_(origin) {}

  void section(const char* name) { section_ = name; }

  template <class T>
  void integer(Key key, const T& value, std::int64_t lo, std::int64_t hi, bool even = false) {
    if (auto problem = integerProblem(value, lo, hi, even)) fail(key, *problem);
  }
  void real(Key key, const double& value, const RealRange& range) {
    if (auto problem = realProblem(value, range)) fail(key, *problem);
  }
  void choice(Key key, const std::string& value, const std::vector<std::string_view>& allowed) {
    if (auto problem = choiceProblem(value, allowed)) fail(key, *problem);
  }
  void device(Key key, const std::string& value) {
    if (auto problem = deviceProblem(value)) fail(key, *problem);
  }
  void boolean(Key, const bool&) {}
  void specs(Key key, const std::vector<std::string>& value) {
    if (auto problem = specsProblem(value)) fail(key, *problem);
  }

  // validate(NetworkConfig) says "channels must be even and in 2..512 (got 3)".
  void network(const NetworkConfig& config) {
    try {
      camelot::validate(config);
    } catch (const std::invalid_argument& error) {
      const std::string_view message = error.what();
      const std::size_t space = message.find(' ');
      if (space == std::string_view::npos)
        throw ConfigError(origin_ + ": network: " + error.what());
      const std::string key = snakeCase(message.substr(0, space));
      fail(key.c_str(), std::string(message.substr(space + 1)));
    }
  }

  [[noreturn]] void fail(const char* key, const std::string& problem) const {
    throw ConfigError(origin_ + ": " + section_ + "." + key + ": " + problem);
  }

 private:
  const std::string& origin_;
  std::string section_;
};

// ---------------------------------------------------------------------------------------------
// Writer: every key as TOML.

class Writer {
 public:
  // reference: also the keys of the network family not chosen, commented out, with their
  // defaults (`camelot train --keys`).
  explicit Writer(bool reference = false) : reference_(reference) {}

  std::string text = "# CamelotZero training run configuration: every key, with its meaning.\n";

  void section(const char* name) { text += std::string("\n[") + name + "]\n"; }

  template <class T>
  void integer(Key key, const T& value, std::int64_t, std::int64_t, bool = false) {
    line(key, std::to_string(value));
  }
  void real(Key key, const double& value, const RealRange&) { line(key, formatReal(value)); }
  void choice(Key key, const std::string& value, const std::vector<std::string_view>&) {
    line(key, quote(value));
  }
  void device(Key key, const std::string& value) { line(key, quote(value)); }
  void boolean(Key key, const bool& value) { line(key, value ? "true" : "false"); }
  void specs(Key key, const std::vector<std::string>& value) {
    std::string list = "[";
    for (std::size_t i = 0; i < value.size(); ++i)
      list += (i > 0 ? ", " : "") + quote(value[i]);
    line(key, list + "]");
  }
  void network(const NetworkConfig& config) {
    line(kArchitectureKey, quote(std::string(architectureName(config.architecture))));
    for (const Architecture family : {Architecture::Mlp, Architecture::Resnet}) {
      if (family != config.architecture && !reference_) continue;
      const NetworkConfig values =
          family == config.architecture ? config : defaultNetworkConfig(family);
      const std::string only =
          family == config.architecture
              ? ""
              : "# architecture = \"" + std::string(architectureName(family)) + "\" only: ";
      for (const NetworkKey& k : kNetworkKeys)
        if (k.family == family) line(k.key, std::to_string(values.*k.member), only);
      if (family == Architecture::Resnet)
        line(kTacticalPlanesKey, values.tacticalPlanes ? "true" : "false", only);
    }
  }

 private:
  // The key's meaning as a comment, then the key (itself commented out after `prefix`).
  void line(Key key, const std::string& value, const std::string& prefix = "") {
    text += std::string("# ") + key.help + "\n" + prefix + key.name + " = " + value + "\n";
  }

  bool reference_;
};

}  // namespace

void validate(const TrainConfig& config, const std::string& origin) {
  Validator validator(origin);
  visitKeys(config, validator);

  // The settings against each other.
  const auto fail = [&](const char* section, const char* key, const std::string& problem) {
    throw ConfigError(origin + ": " + section + "." + key + ": " + problem);
  };
  const auto atMost = [](const char* other, std::int64_t limit, std::int64_t got) {
    return std::string("must be at most ") + other + " (" + std::to_string(limit) + ") (got " +
           std::to_string(got) + ")";
  };
  const TrainConfig& c = config;
  if (c.selfplay.cheapSimulations > c.selfplay.simulations)
    fail("selfplay", "cheap_simulations",
         atMost("selfplay.simulations", c.selfplay.simulations, c.selfplay.cheapSimulations));
  if (c.selfplay.openingPlies > c.selfplay.maxPlies)
    fail("selfplay", "opening_plies",
         atMost("selfplay.max_plies", c.selfplay.maxPlies, c.selfplay.openingPlies));
  if (c.buffer.window < c.training.batchSize)
    fail("buffer", "window",
         "must be at least training.batch_size (" + std::to_string(c.training.batchSize) +
             ") (got " + std::to_string(c.buffer.window) + ")");
  if (c.training.schedule == "cosine" && c.training.finalLearningRate > c.training.learningRate)
    fail("training", "final_learning_rate",
         "must be at most training.learning_rate (" + formatReal(c.training.learningRate) +
             ") with the cosine schedule (got " + formatReal(c.training.finalLearningRate) + ")");
  if (c.training.minSteps > c.training.maxSteps)
    fail("training", "min_steps",
         atMost("training.max_steps", c.training.maxSteps, c.training.minSteps));
  if (c.evaluation.openingPlies > c.evaluation.maxPlies)
    fail("evaluation", "opening_plies",
         atMost("evaluation.max_plies", c.evaluation.maxPlies, c.evaluation.openingPlies));
}

TrainerSettings trainerSettingsOf(const TrainConfig& config) {
  const auto& t = config.training;
  TrainerSettings s;
  s.batchSize = t.batchSize;
  s.optimizer = t.optimizer;
  s.learningRate = t.learningRate;
  s.schedule = t.schedule;
  s.finalLearningRate = t.finalLearningRate;
  s.scheduleSteps = t.scheduleSteps;
  s.momentum = t.momentum;
  s.weightDecay = t.weightDecay;
  s.movesLeftWeight = t.movesLeftWeight;
  s.rootValueWeight = t.rootValueWeight;
  s.device = t.device;
  return s;
}

TrainConfig parseTrainConfig(std::string_view text, const std::string& origin) {
  toml::table root;
  try {
    root = toml::parse(text, origin);
  } catch (const toml::parse_error& error) {
    const toml::source_position at = error.source().begin;
    throw ConfigError(origin + ":" + std::to_string(at.line) + ":" + std::to_string(at.column) +
                      ": parse error: " + std::string(error.description()));
  }
  checkKnownKeys(root, origin);
  TrainConfig config;
  Reader reader(root, origin);
  visitKeys(config, reader);
  validate(config, origin);
  return config;
}

TrainConfig loadTrainConfig(const std::filesystem::path& file) {
  const std::string origin = file.string();
  std::error_code ec;
  const auto status = std::filesystem::status(file, ec);
  if (status.type() == std::filesystem::file_type::not_found)
    throw ConfigError(origin + ": no such file");
  if (status.type() == std::filesystem::file_type::directory)
    throw ConfigError(origin + ": is a directory, not a config file");
  std::ifstream in(file, std::ios::binary);
  if (!in) throw ConfigError(origin + ": cannot open (" + std::strerror(errno) + ")");
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw ConfigError(origin + ": cannot read (" + std::strerror(errno) + ")");
  return parseTrainConfig(text.str(), origin);
}

std::string toToml(const TrainConfig& config) {
  Writer writer;
  visitKeys(config, writer);
  return writer.text;
}

std::string configKeyReference() {
  Writer writer(/*reference=*/true);
  TrainConfig defaults;
  defaults.network = defaultNetworkConfig(Architecture::Mlp);
  visitKeys(defaults, writer);
  return writer.text;
}

namespace {

// toToml's keys as ("section.key", value), in order.
std::vector<std::pair<std::string, std::string>> flatKeys(const TrainConfig& config) {
  std::vector<std::pair<std::string, std::string>> keys;
  std::istringstream text(toToml(config));
  std::string section;
  for (std::string line; std::getline(text, line);) {
    if (line.starts_with("[")) section = line.substr(1, line.size() - 2);
    const std::size_t equals = line.find(" = ");
    if (!line.starts_with("#") && equals != std::string::npos)
      keys.emplace_back(section + "." + line.substr(0, equals), line.substr(equals + 3));
  }
  return keys;
}

}  // namespace

std::vector<std::string> configDifferences(const TrainConfig& a, const TrainConfig& b) {
  const auto keysOfA = flatKeys(a);
  const auto keysOfB = flatKeys(b);
  const auto valueIn = [](const auto& keys, const std::string& key) -> std::string {
    for (const auto& [k, value] : keys)
      if (k == key) return value;
    return "(none)";
  };
  std::vector<std::string> differences;
  const auto note = [&](const std::string& key) {
    const std::string inA = valueIn(keysOfA, key);
    const std::string inB = valueIn(keysOfB, key);
    if (inA != inB) differences.push_back(key + ": " + inA + " against " + inB);
  };
  for (const auto& [key, value] : keysOfA)
    note(key);
  for (const auto& [key, value] : keysOfB)
    if (valueIn(keysOfA, key) == "(none)") note(key);
  return differences;
}

}  // namespace camelot
