// A run's config as text: toToml (every key after its meaning), the key reference `camelot
// train --keys` prints, and the differences between two configs, key by key.

#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "training/run/config_keys.hpp"
#include "training/run/config_values.hpp"
#include "training/run/train_config.hpp"

namespace camelot {
namespace {

using namespace config_keys;
using namespace config_values;

// Every key as TOML.
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
  void variant(Key key, const Variant& value) { line(key, quote(std::string(variantName(value)))); }
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
