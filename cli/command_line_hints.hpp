#pragma once
// What the command line says about itself beyond each command's help: the version line, the
// command a parsed line chose, and "did you mean" for a mistyped command or option.

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace camelot::cli {

// "camelot 0.20.0 (commit 17753fc)".
std::string versionText();

// "unknown command 'x' (did you mean 'y'?); the commands of camelot are ..." for the first of
// `words` (and the second, under a command with subcommands) that names no command; "" when
// they all do.
std::string unknownCommand(CLI::App& app, const std::vector<std::string>& words);

// The chosen command's words after "camelot": " train", " openings import"; "" for none.
std::string commandPath(const CLI::App& app);

// " (did you mean '--hours'?)" for the first option of `words` that the chosen command lacks
// but nearly has; "" otherwise.
std::string unknownOptionHint(const CLI::App& app, const std::vector<std::string>& words);

}  // namespace camelot::cli
