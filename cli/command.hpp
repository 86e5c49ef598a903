#pragma once
// The subcommands of the program. Each command's own file declares its options on a CLI11
// subcommand and hands over the body that runs once the command line is parsed (as KataGo's
// cpp/command/ keeps a command whole); cli/app.cpp only assembles them, parses and reports.

#include <CLI/CLI.hpp>
#include <functional>
#include <iosfwd>
#include <utility>
#include <vector>

namespace camelot::cli {

// The streams a command reads and writes: `out` for its results, `err` for progress and
// warnings.
struct CommandStreams {
  std::istream& in;
  std::ostream& out;
  std::ostream& err;
};

using CommandBody = std::function<void(const CommandStreams&)>;

// The commands' bodies, each with the subcommand it answers.
class Commands {
 public:
  // `body` runs when the command line names `command`; it throws InputError (or the engine's
  // errors) on bad input.
  void add(CLI::App* command, CommandBody body) { bodies_.emplace_back(command, std::move(body)); }
  // The body of the subcommand the parsed command line names, or nullptr.
  const CommandBody* parsed() const {
    for (const auto& [command, body] : bodies_)
      if (command->parsed()) return &body;
    return nullptr;
  }

 private:
  std::vector<std::pair<CLI::App*, CommandBody>> bodies_;
};

// Each adds its subcommand (its options and its body) to `app`, in the order help lists them.
void addPerftCommand(CLI::App& app, Commands& commands);
void addLegalCommand(CLI::App& app, Commands& commands);
void addShowCommand(CLI::App& app, Commands& commands);
void addMatchCommand(CLI::App& app, Commands& commands);
void addNetCommand(CLI::App& app, Commands& commands);
void addAnalyzeCommand(CLI::App& app, Commands& commands);
void addAnalysisCommand(CLI::App& app, Commands& commands);
void addEngineCommand(CLI::App& app, Commands& commands);
void addPlayCommand(CLI::App& app, Commands& commands);
void addReplayCommand(CLI::App& app, Commands& commands);
void addTrainCommand(CLI::App& app, Commands& commands);
void addArenaCommand(CLI::App& app, Commands& commands);
void addRatingsCommand(CLI::App& app, Commands& commands);
void addOpeningsCommand(CLI::App& app, Commands& commands);
void addServeCommand(CLI::App& app, Commands& commands);

}  // namespace camelot::cli
