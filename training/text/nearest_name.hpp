#pragma once
// "did you mean ...?": the known name nearest a mistyped one (config keys, commands, options).

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace camelot {

// The candidate nearest `name` if it is within two edits (insertions, deletions, substitutions,
// swaps of neighbours; the first of equals); else nothing.
std::optional<std::string> nearestName(std::string_view name,
                                       const std::vector<std::string>& candidates);

}  // namespace camelot
