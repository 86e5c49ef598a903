// `camelot analysis`: the JSON analysis engine (cli/analysis_engine.hpp,
// docs/analysis_engine.md) on standard input and output.

#include <istream>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>

#include "cli/analysis_engine.hpp"
#include "cli/command.hpp"

namespace camelot::cli {

void addAnalysisCommand(CLI::App& app, Commands& commands) {
  // One query a core: a query's search runs on one thread.
  auto threads =
      std::make_shared<int>(static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
  CLI::App* analysis = app.add_subcommand(
      "analysis",
      "The JSON analysis engine for programs (docs/analysis_engine.md): one JSON query a line "
      "on standard input (a position, a player, limits), one JSON answer a line on standard "
      "output with each move's value, prior, visits and principal variation; queries run at "
      "once, partial answers on request, {\"action\": \"cancel\"} stops one.");
  analysis->add_option("--threads", *threads, "Queries searched at once")
      ->capture_default_str()
      ->check(CLI::Range(1, 256));
  commands.add(analysis, [threads](const CommandStreams& io) {
    AnalysisEngine engine(
        [&io](const nlohmann::json& answer) {
          io.out << answer.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << '\n'
                 << std::flush;
        },
        *threads);
    for (std::string line; std::getline(io.in, line);)
      engine.handle(line);
  });
}

}  // namespace camelot::cli
