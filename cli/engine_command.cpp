// `camelot engine`: the engine line protocol on standard input and output, with any player of
// the registry behind it (a network's search or a classical player).

#include <istream>
#include <memory>
#include <optional>
#include <string>

#include "cli/command.hpp"
#include "cli/command_options.hpp"
#include "cli/engine_session.hpp"
#include "cli/input_error.hpp"
#include "cli/variant.hpp"

namespace camelot::cli {
namespace {

struct EngineOptions {
  PlayerChoice choice;             // its own limits are what a bare `go` searches by
  std::optional<Variant> variant;  // --variant; none: standard
};

template <class Session>
void serve(Session& session, std::istream& in, std::ostream& out) {
  for (std::string line; std::getline(in, line);)
    if (!session.handle(line, out)) break;
}

// Commands from `in`, one a line, answers on `out`, until `quit` or the end of `in`.
void runEngine(const EngineOptions& options, std::istream& in, std::ostream& out) {
  withRules(options.variant.value_or(Variant::Standard), [&]<class Rules>(Rules) {
    BasicEngineSession<Rules> session(chosenPlayer<Rules>(options.choice, 1));
    serve(session, in, out);
  });
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
                   "; the player, the network options (default: the shipped " +
                       shippedGrandNetwork().string() +
                       ") or --player SPEC, moves for whichever seat is to move",
                   "standard");
  commands.add(engine, [options](const CommandStreams& io) { runEngine(*options, io.in, io.out); });
}

}  // namespace camelot::cli
