#pragma once
// Runs `camelot args...` in-process over string streams, as the CLI tests need.

#include <sstream>
#include <string>
#include <vector>

#include "cli/app.hpp"

namespace camelot::cli {

struct CliResult {
  int status;
  std::string out;
  std::string err;
};

inline CliResult runCamelot(const std::vector<std::string>& args, const std::string& input = "") {
  std::istringstream in(input);
  std::ostringstream out;
  std::ostringstream err;
  const int status = run(args, in, out, err);
  return {status, out.str(), err.str()};
}

}  // namespace camelot::cli
