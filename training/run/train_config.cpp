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

#include "players/player_factory.hpp"
#include "players/player_spec.hpp"
#include "training/run/config_keys.hpp"
#include "training/run/config_values.hpp"
#include "training/text/nearest_name.hpp"

static_assert(TOML_EXCEPTIONS, "train_config.cpp reads toml::parse_error exceptions");

namespace camelot {
namespace {

using namespace config_keys;
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
  void variant(Key key, Variant&) { add(key); }
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

  void variant(Key key, Variant& value) {
    std::string name(variantName(value));
    if (!readString(key, name)) return;
    const std::optional<Variant> parsed = parseVariant(name);
    if (!parsed) fail(key, "must be \"standard\" or \"grand\" (got \"" + name + "\")");
    value = *parsed;
  }

  // The network's values are range-checked by validate(NetworkConfig) afterwards; here only
  // that they fit an int.
  void network(NetworkConfig& config) {
    std::string architecture(architectureName(config.architecture));
    if (readString("architecture", architecture)) {
      const auto parsed = parseArchitecture(architecture);
      if (!parsed)
        fail("architecture", "must be \"mlp\" or \"resnet\" (got \"" + architecture + "\")");
      const Variant variant = config.variant;  // [game]'s, read before
      config = defaultNetworkConfig(*parsed);
      config.variant = variant;
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
  void variant(Key, const Variant&) {}

  // validate(NetworkConfig) says "channels must be even and in 2..512 (got 3)".
  void network(const NetworkConfig& config) {
    if (config.variant == Variant::Grand && config.architecture != Architecture::Mlp)
      fail("architecture", "must be \"mlp\" for Grand Camelot (game.variant = \"grand\")");
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
  if (c.learning.method == "descent") {
    if (c.network.architecture != Architecture::Mlp)
      fail("learning", "method",
           "\"descent\" learns an mlp (its tree's nodes have no history for a resnet to read)");
  }
  if (c.learning.teacherResidual) {
    if (c.learning.method != "descent")
      fail("learning", "teacher_residual", "needs learning.method = \"descent\"");
    if (!(c.learning.teacherWeight > 0 && c.learning.teacherWeight < 1))
      fail("learning", "teacher_residual",
           "needs learning.teacher_weight between 0 and 1 (got " +
               formatReal(c.learning.teacherWeight) + ")");
    if (c.training.rootValueWeight != 1.0)
      fail("learning", "teacher_residual",
           "needs training.root_value_weight = 1, so that the whole value target is the "
           "blend's (got " +
               formatReal(c.training.rootValueWeight) + ")");
  }
  if (c.selfplay.sparringFraction > 0 && c.selfplay.sparringPartners.empty())
    fail("selfplay", "sparring_fraction",
         "needs a player in selfplay.sparring_partners (got " +
             formatReal(c.selfplay.sparringFraction) + " and none)");
  if (c.network.variant == Variant::Grand) {
    const std::string kinds = knownPlayerKinds<GrandRules>();
    const auto playGrand = [&](const char* section, const char* key,
                               const std::vector<std::string>& specs) {
      for (const std::string& spec : specs) {
        const std::string kind = PlayerSpec::parse(spec).kind();
        if ((", " + kinds + ", ").find(", " + kind + ", ") == std::string::npos)
          fail(section, key, "'" + spec + "' does not play Grand Camelot (" + kinds + " do)");
      }
    };
    playGrand("evaluation", "baselines", c.evaluation.baselines);
    playGrand("selfplay", "sparring_partners", c.selfplay.sparringPartners);
  }
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
  s.threads = t.threads;
  return s;
}

namespace {

// Sets each "SECTION.KEY=VALUE" of `overrides` in `root`.
void applyOverrides(toml::table& root, const std::vector<std::string>& overrides) {
  for (const std::string& text : overrides) {
    const std::size_t equals = text.find('=');
    const std::size_t dot = text.find('.');
    if (equals == std::string::npos || dot == 0 || dot == std::string::npos || dot + 1 >= equals)
      throw ConfigError("--set " + text +
                        ": expected SECTION.KEY=VALUE (for example learning.completion=false)");
    const std::string section = text.substr(0, dot);
    const std::string key = text.substr(dot + 1, equals - dot - 1);
    const std::string value = text.substr(equals + 1);
    toml::table parsed;
    try {
      parsed = toml::parse("value = " + value);
    } catch (const toml::parse_error&) {
      parsed.insert_or_assign("value", value);  // a bare word
    }
    if (root[section].as_table() == nullptr) root.insert_or_assign(section, toml::table{});
    root[section].as_table()->insert_or_assign(key, parsed["value"]);
  }
}

}  // namespace

TrainConfig parseTrainConfig(std::string_view text, const std::string& origin,
                             const std::vector<std::string>& overrides) {
  toml::table root;
  try {
    root = toml::parse(text, origin);
  } catch (const toml::parse_error& error) {
    const toml::source_position at = error.source().begin;
    throw ConfigError(origin + ":" + std::to_string(at.line) + ":" + std::to_string(at.column) +
                      ": parse error: " + std::string(error.description()));
  }
  applyOverrides(root, overrides);
  const std::string where = overrides.empty() ? origin : origin + " with --set";
  checkKnownKeys(root, where);
  TrainConfig config;
  Reader reader(root, where);
  visitKeys(config, reader);
  validate(config, where);
  return config;
}

TrainConfig loadTrainConfig(const std::filesystem::path& file,
                            const std::vector<std::string>& overrides) {
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
  return parseTrainConfig(text.str(), origin, overrides);
}

}  // namespace camelot
