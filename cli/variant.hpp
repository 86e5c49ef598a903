#pragma once
// Which game a command plays: the standard game or Grand Camelot (docs/rules.md).
// `--variant` chooses; without it the position text does (a GFEN has seven fields, a CFEN
// five).

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game_rules.hpp"
#include "engine/grand/grand_position.hpp"
#include "engine/variant.hpp"

namespace camelot::cli {

// The names --variant accepts.
inline const std::vector<std::string> kVariantNames = {"standard", "grand"};

// The game length cap of `match` and `arena` in Grand Camelot without --max-plies: its games
// are long (four players trade 48 pieces down; G12.6's clock still ends an idle game), and at
// 300 plies a network that wins by attrition drew 13 of 20 games against random partners that
// it won 19 of 20 at 2,000 (docs/learning.md).
inline constexpr int kGrandMaxPlies = 2000;

// The seats --seat accepts, in turn order (Red, Green, Blue, Yellow).
inline const std::vector<std::string> kSeatNames = {"red", "green", "blue", "yellow"};

// The player of a seat name from kSeatNames.
inline grand::Player seatNamed(const std::string& name) {
  const auto found = std::find(kSeatNames.begin(), kSeatNames.end(), name);
  return grand::playerAt(static_cast<int>(found - kSeatNames.begin()));
}

// The variant --variant named (parsed once, by addVariantOption), or else the one `position`
// is written in.
inline Variant variantOf(const std::optional<Variant>& option, std::string_view position) {
  if (option) return *option;
  return grand::looksLikeGfen(position) ? Variant::Grand : Variant::Standard;
}

// The one dispatch from a variant to its rules: calls `body(StandardRules{})` or
// `body(GrandRules{})`, so that a command's body is written once as a template over the rules.
template <class Body>
decltype(auto) withRules(Variant variant, Body&& body) {
  if (variant == Variant::Grand) return body(GrandRules{});
  return body(StandardRules{});
}

}  // namespace camelot::cli
