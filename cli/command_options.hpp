#pragma once
// Options more than one command declares, worded once.

#include <CLI/CLI.hpp>
#include <string>

#include "cli/player_choice.hpp"

namespace camelot::cli {

// CLI::Range for a real number, NaN refused too (it compares false with both bounds, so
// CLI::Range lets it through).
CLI::Validator realRange(double low, double high);

// --variant standard|grand (cli/variant.hpp), `what` saying what it changes besides, `fallback`
// what decides without it.
void addVariantOption(CLI::App* command, std::string& variant, const std::string& what,
                      const std::string& fallback = "the position's");

// --net FILE [--search S] [--depth D] [--sims N] [--time MS], or --player SPEC
// (cli/player_choice.hpp).
void addPlayerChoice(CLI::App* command, PlayerChoice& choice);

}  // namespace camelot::cli
