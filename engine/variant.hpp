#pragma once
// Which game: the standard two-player Camelot (docs/rules.md) or Grand Camelot, the
// four-player partnership variant (docs/rules.md). Commands choose it with
// --variant, a network's checkpoint records the one it plays, a training config's
// [game] variant the one it learns.

#include <cstdint>
#include <optional>
#include <string_view>

namespace camelot {

enum class Variant : std::uint8_t { Standard, Grand };

// "standard", "grand".
constexpr std::string_view variantName(Variant variant) {
  return variant == Variant::Grand ? "grand" : "standard";
}

// "the standard game", "Grand Camelot": for messages.
constexpr std::string_view gameName(Variant variant) {
  return variant == Variant::Grand ? "Grand Camelot" : "the standard game";
}

// The variant named `name`, or nullopt.
constexpr std::optional<Variant> parseVariant(std::string_view name) {
  if (name == "standard") return Variant::Standard;
  if (name == "grand") return Variant::Grand;
  return std::nullopt;
}

}  // namespace camelot
