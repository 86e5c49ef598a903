// `camelot serve`: the web app (docs/web_app.md) on a local address, until Ctrl-C.

#include <chrono>
#include <memory>
#include <ostream>
#include <string>
#include <thread>

#include "cli/command.hpp"
#include "cli/interrupt.hpp"
#include "cli/web_server.hpp"

namespace camelot::cli {

void addServeCommand(CLI::App& app, Commands& commands) {
  auto options = std::make_shared<WebServerOptions>();
  options->searches = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  CLI::App* serve = app.add_subcommand(
      "serve",
      "Serve the web app (docs/web_app.md) on a local address and print it: an analysis board "
      "with the engine's lines as it thinks, games against CamelotZero at six levels, an opening "
      "database's explorer, games files replayed, and the metrics of training runs. Runs until "
      "Ctrl-C.");
  serve->add_option("--port", options->port, "Port to listen on (0: any free one)")
      ->capture_default_str()
      ->check(CLI::Range(0, 65535));
  serve
      ->add_option("--host", options->host,
                   "Address to listen on; the default lets only this machine in")
      ->capture_default_str();
  serve
      ->add_option("--runs", options->runs,
                   "Run directories the runs page plots (their metrics.csv, reread as they grow)")
      ->check(CLI::ExistingDirectory);
  serve->add_option("--db", options->database,
                    "Opening database the explorer page walks (camelot openings import makes one)");
  serve->add_option("--searches", options->searches, "Analysis searches at once")
      ->capture_default_str()
      ->check(CLI::Range(1, 256));
  commands.add(serve, [options](const CommandStreams& io) {
    WebServer server(*options);
    const int port = server.bind();
    io.out << "CamelotZero: open http://" << options->host << ":" << port << "/ (Ctrl-C stops)"
           << std::endl;
    const InterruptWatch watch;
    std::thread stopper([&] {
      while (!watch.interrupted())
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
      server.stop();
    });
    server.run();
    stopper.join();
  });
}

}  // namespace camelot::cli
