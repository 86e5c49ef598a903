#include "nn/network_config.hpp"

#include <stdexcept>
#include <string>

#include "nn/encoding.hpp"

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

void validate(const NetworkConfig& config) {
  checkRange("blocks", config.blocks, 1, 64);
  checkRange("channels", config.channels, 2, 512, /*even=*/true);
  checkRange("globalPoolingEvery", config.globalPoolingEvery, 0, 64);
  checkRange("policyChannels", config.policyChannels, 2, 256, /*even=*/true);
  checkRange("valueChannels", config.valueChannels, 1, 256);
  checkRange("valueHidden", config.valueHidden, 1, 1024);
  checkRange("historyPlies", config.historyPlies, 0, kMaxHistoryPlies);
}

std::string describe(const NetworkConfig& config) {
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

}  // namespace camelot
