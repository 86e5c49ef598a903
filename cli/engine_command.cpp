// `camelot engine`: the engine line protocol on standard input and output, with any player of
// the registry behind it (a network's search or a classical player).

#include <istream>
#include <string>

#include "cli/commands.hpp"
#include "cli/engine_session.hpp"

namespace camelot::cli {

void runEngine(const EngineOptions& options, std::istream& in, std::ostream& out) {
  EngineSession session(chosenPlayer(options.choice, 1));
  for (std::string line; std::getline(in, line);)
    if (!session.handle(line, out)) break;
}

}  // namespace camelot::cli
