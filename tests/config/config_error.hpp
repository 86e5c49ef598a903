#pragma once
// The one-line message a config text is refused with, for the config tests.

#include <string>

#include "training/run/train_config.hpp"

namespace camelot::testing_support {

// The message of the ConfigError that parsing `text` (named "x.toml") throws, or "" if none.
inline std::string configErrorOf(const std::string& text) {
  try {
    parseTrainConfig(text, "x.toml");
  } catch (const ConfigError& error) {
    return error.what();
  }
  return "";
}

}  // namespace camelot::testing_support
