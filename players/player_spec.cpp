#include "players/player_spec.hpp"

#include <algorithm>
#include <charconv>

namespace camelot {
namespace {

[[noreturn]] void fail(const std::string& spec, const std::string& why) {
  throw SpecError("player '" + spec + "': " + why);
}

}  // namespace

PlayerSpec PlayerSpec::parse(std::string_view text) {
  PlayerSpec spec;
  spec.text_ = std::string(text);
  const std::size_t colon = text.find(':');
  spec.kind_ = std::string(text.substr(0, colon));
  if (spec.kind_.empty()) fail(spec.text_, "no player kind before ':'");
  if (spec.kind_ == "engine") {
    // A shell command may hold ':', ',' and '=', so it is not split into options.
    spec.command_ = colon == std::string_view::npos ? "" : std::string(text.substr(colon + 1));
    if (spec.command_.find_first_not_of(" \t") == std::string::npos)
      fail(spec.text_, "no command after 'engine:' (e.g. engine:./other-engine --flag)");
    return spec;
  }
  if (spec.kind_ == "net") {
    const std::string_view rest =
        colon == std::string_view::npos ? std::string_view() : text.substr(colon + 1);
    const std::size_t comma = rest.find(',');
    spec.file_ = std::string(rest.substr(0, comma));
    if (spec.file_.empty()) fail(spec.text_, "no checkpoint file after '" + spec.kind_ + ":'");
    if (comma == std::string_view::npos) return spec;
    spec.parseOptions(rest.substr(comma + 1));
    return spec;
  }
  if (colon == std::string_view::npos) return spec;
  spec.parseOptions(text.substr(colon + 1));
  return spec;
}

void PlayerSpec::parseOptions(std::string_view rest) {
  PlayerSpec& spec = *this;
  while (true) {
    const std::size_t comma = rest.find(',');
    const std::string_view item = rest.substr(0, comma);
    const std::size_t equals = item.find('=');
    if (equals == std::string_view::npos || equals == 0 || equals + 1 == item.size())
      fail(spec.text_, "option '" + std::string(item) + "' is not of the form key=value");
    const std::string key(item.substr(0, equals));
    if (!spec.options_.emplace(key, std::string(item.substr(equals + 1))).second)
      fail(spec.text_, "option '" + key + "' is given twice");
    if (comma == std::string_view::npos) break;
    rest = rest.substr(comma + 1);
  }
}

int PlayerSpec::intOption(const std::string& key, int fallback, int min, int max) const {
  const auto it = options_.find(key);
  if (it == options_.end()) return fallback;
  const std::string& value = it->second;
  int number = 0;
  const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), number);
  if (error != std::errc() || end != value.data() + value.size() || number < min || number > max)
    fail(text_, key + "=" + value + " must be a whole number " + std::to_string(min) + ".." +
                    std::to_string(max));
  return number;
}

std::string PlayerSpec::choiceOption(const std::string& key, const std::string& fallback,
                                     std::initializer_list<const char*> allowed) const {
  const auto it = options_.find(key);
  if (it == options_.end()) return fallback;
  std::string list;
  for (const char* a : allowed) {
    if (it->second == a) return it->second;
    list += (list.empty() ? "" : ", ") + std::string(a);
  }
  fail(text_, key + "=" + it->second + " is not one of " + list);
}

std::vector<std::string> PlayerSpec::listOption(const std::string& key, char separator) const {
  const auto it = options_.find(key);
  if (it == options_.end()) return {};
  std::vector<std::string> items;
  std::string_view rest = it->second;
  while (true) {
    const std::size_t end = rest.find(separator);
    const std::string_view item = rest.substr(0, end);
    if (item.empty())
      fail(text_, key + "=" + it->second + " has an empty item (items are separated by '" +
                      std::string(1, separator) + "')");
    items.emplace_back(item);
    if (end == std::string_view::npos) return items;
    rest = rest.substr(end + 1);
  }
}

void PlayerSpec::expectOnly(std::initializer_list<const char*> known) const {
  for (const auto& option : options_) {
    const std::string& key = option.first;
    if (std::none_of(known.begin(), known.end(), [&](const char* k) { return key == k; })) {
      std::string list;
      for (const char* k : known)
        list += (list.empty() ? "" : ", ") + std::string(k);
      fail(text_, "unknown option '" + key + "'" +
                      (list.empty() ? " (this player takes none)" : " (options: " + list + ")"));
    }
  }
}

}  // namespace camelot
