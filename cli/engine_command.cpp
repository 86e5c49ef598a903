// `camelot engine`: the engine line protocol on standard input and output, with any player of
// the registry behind it (a network's search or a classical player).

#include <istream>
#include <memory>
#include <string>

#include "cli/command.hpp"
#include "cli/command_options.hpp"
#include "cli/engine_session.hpp"
#include "cli/input_error.hpp"
#include "cli/variant.hpp"

namespace camelot::cli {
namespace {

struct EngineOptions {
  PlayerChoice choice;  // its own limits are what a bare `go` searches by
  std::string variant;  // "grand": Grand Camelot (positions as GFEN)
};

template <class Session>
void serve(Session& session, std::istream& in, std::ostream& out) {
  for (std::string line; std::getline(in, line);)
    if (!session.handle(line, out)) break;
}

// Commands from `in`, one a line, answers on `out`, until `quit` or the end of `in`.
void runEngine(const EngineOptions& options, std::istream& in, std::ostream& out) {
  if (options.variant == "grand") {
    GrandEngineSession session(makePlayer<GrandRules>(chosenGrandSpec(options.choice), 1));
    serve(session, in, out);
    return;
  }
  EngineSession session(chosenPlayer(options.choice, 1));
  serve(session, in, out);
}

}  // namespace

void addEngineCommand(CLI::App& app, Commands& commands) {
  auto options = std::make_shared<EngineOptions>();
  CLI::App* engine = app.add_subcommand(
      "engine",
      "Speak the engine line protocol (docs/engine_protocol.md) on standard input and output, "
      "so that other programs can drive CamelotZero: newgame, position, go, move, legal, "
      "status, quit.");
  addPlayerChoice(engine, options->choice);
  addVariantOption(engine, options->variant,
                   "; the player, --player SPEC (default " + std::string(kDefaultGrandPlayer) +
                       "), moves for whichever seat is to move",
                   "standard");
  commands.add(engine, [options](const CommandStreams& io) { runEngine(*options, io.in, io.out); });
}

}  // namespace camelot::cli
