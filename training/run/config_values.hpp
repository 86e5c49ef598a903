#pragma once
// How a run config's values are written and checked (training/run/train_config.cpp,
// config_text.cpp): TOML text for numbers and strings, and the one-line problem with a value
// outside what its key allows
// ("must be in 1..100000 (got 0)"). Torch-free.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace camelot::config_values {

// The shortest text that reads back as the same double, always with a '.' or an exponent so
// that TOML reads it as a float ("1.0", "0.002", "1e-05").
std::string formatReal(double value);

// A TOML basic string: quoted, with quotes, backslashes and control characters escaped.
std::string quote(std::string_view text);

// A range of reals, each end included or not.
struct RealRange {
  double lo;
  double hi;
  bool loOpen = false;  // lo itself is excluded
  bool hiOpen = false;  // hi itself is excluded
};

// Why `value` is not in lo..hi (or not even when `even`); nothing when it is.
template <class T>
std::optional<std::string> integerProblem(T value, std::int64_t lo, std::int64_t hi, bool even) {
  if (std::cmp_greater_equal(value, lo) && std::cmp_less_equal(value, hi) &&
      (!even || value % 2 == 0))
    return std::nullopt;
  return std::string("must be ") + (even ? "even and " : "") + "in " + std::to_string(lo) + ".." +
         std::to_string(hi) + " (got " + std::to_string(value) + ")";
}

// Why `value` is outside `range`; nothing when it is inside (NaN never is).
std::optional<std::string> realProblem(double value, const RealRange& range);

// Why `value` is none of `allowed`.
std::optional<std::string> choiceProblem(const std::string& value,
                                         const std::vector<std::string_view>& allowed);

// "cpu", "cuda" or "cuda:N" (what loadModel accepts; the mlp runs on the CPU only).
std::optional<std::string> deviceProblem(const std::string& value);

// Every baseline a valid player spec, none twice.
std::optional<std::string> specsProblem(const std::vector<std::string>& specs);

}  // namespace camelot::config_values
