// `camelot engine`: the engine line protocol on standard input and output, with any player of
// the registry behind it (a network's search or a classical player).

#include <istream>
#include <string>

#include "cli/commands.hpp"
#include "cli/engine_session.hpp"

namespace camelot::cli {

namespace {

template <class Session>
void serve(Session& session, std::istream& in, std::ostream& out) {
  for (std::string line; std::getline(in, line);)
    if (!session.handle(line, out)) break;
}

}  // namespace

void runEngine(const EngineOptions& options, std::istream& in, std::ostream& out) {
  if (options.variant == "grand") {
    GrandEngineSession session(makeGrandPlayer(chosenGrandSpec(options.choice), 1));
    serve(session, in, out);
    return;
  }
  EngineSession session(chosenPlayer(options.choice, 1));
  serve(session, in, out);
}

}  // namespace camelot::cli
