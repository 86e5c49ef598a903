#include "training/run/config_values.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <system_error>

#include "players/player_factory.hpp"
#include "players/player_spec.hpp"

namespace camelot::config_values {
namespace {

// "a", "a" or "b", "a", "b" or "c".
std::string listChoices(const std::vector<std::string_view>& allowed) {
  std::string text;
  for (std::size_t i = 0; i < allowed.size(); ++i) {
    if (i > 0) text += i + 1 == allowed.size() ? " or " : ", ";
    text += quote(allowed[i]);
  }
  return text;
}

// A number for a message: whole numbers without a fraction ("100000", not "1e+05").
std::string showReal(double value) {
  if (std::isfinite(value) && value == std::trunc(value) && std::fabs(value) < 1e15)
    return std::to_string(static_cast<std::int64_t>(value));
  return formatReal(value);
}

}  // namespace

std::string formatReal(double value) {
  char buffer[64];
  const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
  std::string text(buffer, ec == std::errc() ? end : buffer);
  if (std::isfinite(value) && text.find_first_of(".e") == std::string::npos) text += ".0";
  return text;
}

std::string quote(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\b':
        out += "\\b";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\f':
        out += "\\f";
        break;
      case '\r':
        out += "\\r";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
          static constexpr char kHex[] = "0123456789ABCDEF";
          out += "\\u00";
          out += kHex[(static_cast<unsigned char>(c) >> 4) & 0xf];
          out += kHex[static_cast<unsigned char>(c) & 0xf];
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

std::optional<std::string> realProblem(double value, const RealRange& range) {
  const bool aboveLo = range.loOpen ? value > range.lo : value >= range.lo;
  const bool belowHi = range.hiOpen ? value < range.hi : value <= range.hi;
  if (aboveLo && belowHi) return std::nullopt;  // false for NaN
  return std::string("must be in ") + (range.loOpen ? "(" : "[") + showReal(range.lo) + ", " +
         showReal(range.hi) + (range.hiOpen ? ")" : "]") + " (got " + showReal(value) + ")";
}

std::optional<std::string> choiceProblem(const std::string& value,
                                         const std::vector<std::string_view>& allowed) {
  if (std::find(allowed.begin(), allowed.end(), value) != allowed.end()) return std::nullopt;
  return "must be " + listChoices(allowed) + " (got " + quote(value) + ")";
}

std::optional<std::string> deviceProblem(const std::string& value) {
  if (value == "cpu" || value == "cuda") return std::nullopt;
  const std::string_view prefix = "cuda:";
  if (value.size() > prefix.size() && value.size() <= prefix.size() + 3 &&
      value.starts_with(prefix) &&
      std::all_of(value.begin() + static_cast<std::ptrdiff_t>(prefix.size()), value.end(),
                  [](char c) { return c >= '0' && c <= '9'; }))
    return std::nullopt;
  return "must be \"cpu\", \"cuda\" or \"cuda:N\" (got " + quote(value) + ")";
}

std::optional<std::string> specsProblem(const std::vector<std::string>& specs) {
  for (std::size_t i = 0; i < specs.size(); ++i) {
    if (specs[i].empty()) return "entry " + std::to_string(i + 1) + " is empty";
    try {
      validatePlayerSpec<StandardRules>(PlayerSpec::parse(specs[i]));
    } catch (const SpecError& error) {
      return error.what();
    }
    for (std::size_t j = 0; j < i; ++j)
      if (specs[j] == specs[i]) return quote(specs[i]) + " is listed twice";
  }
  return std::nullopt;
}

}  // namespace camelot::config_values
