#include "cli/app.hpp"

#include <CLI/CLI.hpp>
#include <iostream>
#include <vector>

#include "cli/command.hpp"
#include "cli/command_line_hints.hpp"
#include "cli/input_error.hpp"
#include "cli/interrupt.hpp"
#include "players/player_spec.hpp"

namespace camelot::cli {

int run(std::span<const std::string> args, std::istream& in, std::ostream& out, std::ostream& err) {
  CLI::App app{"CamelotZero: a self-play framework for the board game Camelot.", "camelot"};
  app.require_subcommand(1);
  app.fallthrough(false);
  app.set_version_flag("--version", versionText(),
                       "Print the version and the commit it was built from");
  Commands commands;
  for (const auto add :
       {addPerftCommand, addLegalCommand, addShowCommand, addMatchCommand, addNetCommand,
        addAnalyzeCommand, addAnalysisCommand, addEngineCommand, addPlayCommand, addReplayCommand,
        addTrainCommand, addArenaCommand, addRatingsCommand, addOpeningsCommand, addServeCommand})
    add(app, commands);

  // `camelot help [COMMAND [SUBCOMMAND]]`: the command's --help.
  std::vector<std::string> words(args.begin(), args.end());
  if (!words.empty() && words[0] == "help") {
    words.erase(words.begin());
    words.push_back("--help");
  }
  if (!words.empty() && !words[0].starts_with('-')) {
    if (const std::string problem = unknownCommand(app, words); !problem.empty()) {
      err << "camelot: " << problem << '\n';
      return 2;
    }
  }
  std::vector<std::string> reversed(words.rbegin(), words.rend());
  try {
    app.parse(reversed);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e, out, err);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e, out, err);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e, out, err);
  } catch (const CLI::ParseError& e) {
    err << "camelot: " << e.what() << unknownOptionHint(app, words) << " (see 'camelot help"
        << commandPath(app) << "')\n";
    return 2;
  }

  try {
    if (const CommandBody* body = commands.parsed()) (*body)(CommandStreams{in, out, err});
  } catch (const std::exception& e) {
    // Bad input (CfenError, MoveError, InputError, CheckpointError) or a file that cannot be
    // written: one line, naming the command, status 1. A bad command line the parser could not
    // see (UsageError, a player spec's SpecError): status 2, as the parser's own.
    out.flush();
    takeInterruptingSignal();
    err << "camelot" << commandPath(app) << ": " << e.what() << '\n';
    const bool usage = dynamic_cast<const UsageError*>(&e) != nullptr ||
                       dynamic_cast<const SpecError*>(&e) != nullptr;
    return usage ? 2 : 1;
  }
  // Stopped by Ctrl-C or SIGTERM (cli/interrupt.hpp): saved, but not finished.
  if (const int signal = takeInterruptingSignal(); signal != 0) return 128 + signal;
  return 0;
}

}  // namespace camelot::cli
