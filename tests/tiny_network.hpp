#pragma once
// The smallest network the tests write as a checkpoint: one block of 8 channels, fast to
// create, load and run, untrained.

#include "nn/network_config.hpp"

namespace camelot {

inline NetworkConfig tinyNetworkConfig() {
  NetworkConfig config;
  config.blocks = 1;
  config.channels = 8;
  config.policyChannels = 8;
  config.valueChannels = 8;
  config.valueHidden = 8;
  return config;
}

}  // namespace camelot
