#pragma once
// Options more than one command declares, worded once.

#include <CLI/CLI.hpp>
#include <optional>
#include <string>

#include "cli/player_choice.hpp"
#include "engine/variant.hpp"

namespace camelot::cli {

// CLI::Range for a real number, NaN refused too (it compares false with both bounds, so
// CLI::Range lets it through).
CLI::Validator realRange(double low, double high);

// --variant standard|grand (cli/variant.hpp), parsed here and nowhere else; `what` says what it
// changes besides, `fallback` what decides without it (nullopt in `variant`).
void addVariantOption(CLI::App* command, std::optional<Variant>& variant, const std::string& what,
                      const std::string& fallback = "the position's");

// --net FILE [--search S] [--depth D] [--sims N] [--time MS], or --player SPEC
// (cli/player_choice.hpp).
void addPlayerChoice(CLI::App* command, PlayerChoice& choice);

}  // namespace camelot::cli
