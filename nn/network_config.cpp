#include "nn/network_config.hpp"

#include <stdexcept>
#include <string>

#include "nn/features/encoding.hpp"
#include "nn/features/grand_features.hpp"

namespace camelot {
namespace {

// Throws unless lo <= value <= hi (and value is even when `even`), naming the setting.
void checkRange(const char* name, int value, int lo, int hi, bool even = false) {
  if (value >= lo && value <= hi && (!even || value % 2 == 0)) return;
  throw std::invalid_argument(std::string(name) + " must be " + (even ? "even and " : "") + "in " +
                              std::to_string(lo) + ".." + std::to_string(hi) + " (got " +
                              std::to_string(value) + ")");
}

}  // namespace

std::string_view architectureName(Architecture architecture) {
  return architecture == Architecture::Mlp ? "mlp" : "resnet";
}

std::optional<Architecture> parseArchitecture(std::string_view name) {
  if (name == "resnet") return Architecture::Resnet;
  if (name == "mlp") return Architecture::Mlp;
  return std::nullopt;
}

NetworkConfig defaultNetworkConfig(Architecture architecture) {
  NetworkConfig config;
  config.architecture = architecture;
  if (architecture == Architecture::Mlp) config.historyPlies = 0;
  return config;
}

int inputEncodingVersion(const NetworkConfig& config) {
  return config.variant == Variant::Grand ? kGrandEncodingVersion : kEncodingVersion;
}

void validate(const NetworkConfig& config) {
  if (config.variant == Variant::Grand && config.architecture != Architecture::Mlp)
    throw std::invalid_argument("Grand Camelot networks are mlps (architecture mlp)");
  if (config.architecture == Architecture::Mlp) {
    checkRange("accumulator", config.accumulator, 8, 4096);
    checkRange("hidden", config.hidden, 1, 1024);
    checkRange("moveEmbedding", config.moveEmbedding, 1, 1024);
    checkRange("historyPlies", config.historyPlies, 0, 0);
    return;
  }
  checkRange("blocks", config.blocks, 1, 64);
  checkRange("channels", config.channels, 2, 512, /*even=*/true);
  checkRange("globalPoolingEvery", config.globalPoolingEvery, 0, 64);
  checkRange("policyChannels", config.policyChannels, 2, 256, /*even=*/true);
  checkRange("valueChannels", config.valueChannels, 1, 256);
  checkRange("valueHidden", config.valueHidden, 1, 1024);
  checkRange("historyPlies", config.historyPlies, 0, kMaxHistoryPlies);
}

std::string describe(const NetworkConfig& config) {
  if (config.architecture == Architecture::Mlp)
    return "mlp " + std::to_string(config.accumulator) + "-" + std::to_string(config.hidden) + "-" +
           std::to_string(config.hidden) + " (moves " + std::to_string(config.moveEmbedding) +
           (config.variant == Variant::Grand ? ", Grand Camelot)" : ")");
  // No "resnet" prefix: the text is stored in optimizer files written before the mlp existed.
  std::string text = std::to_string(config.blocks) + "x" + std::to_string(config.channels) + " (";
  if (config.globalPoolingEvery > 0)
    text += "pool every " + std::to_string(config.globalPoolingEvery);
  else
    text += "no pooling";
  text += ", policy " + std::to_string(config.policyChannels) + ", value " +
          std::to_string(config.valueChannels) + "/" + std::to_string(config.valueHidden) +
          ", history " + std::to_string(config.historyPlies) +
          (config.tacticalPlanes ? ", tactical planes" : "") + ")";
  return text;
}

std::int64_t trainingBytesPerPosition(const NetworkConfig& config) {
  constexpr std::int64_t kFloat = 4;
  if (config.architecture == Architecture::Mlp)
    return 16 * kFloat * std::int64_t{config.accumulator};
  return 20 * kFloat * kGridCells * config.channels * config.blocks;
}

}  // namespace camelot
