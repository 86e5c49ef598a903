#pragma once
// Reads a JSON Lines file (the rule vectors of tests/data/vectors/): one object a line, blank lines
// skipped.

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace camelot::testing_support {

inline std::vector<nlohmann::json> readJsonLines(const std::filesystem::path& file) {
  std::vector<nlohmann::json> lines;
  std::ifstream in(file);
  std::string line;
  while (std::getline(in, line))
    if (!line.empty()) lines.push_back(nlohmann::json::parse(line));
  return lines;
}

}  // namespace camelot::testing_support
