#pragma once
// `camelot serve`'s HTTP server (cpp-httplib, Debian's libcpp-httplib-dev): the page of web/
// and a small JSON API over the analysis engine (docs/web_app.md). It opens no path a request
// names: the page's files are read once at start from a fixed list, a run's metrics.csv is
// found by its index among the directories of the command line, and everything else is an API
// route or a 404.

#include <memory>
#include <string>
#include <vector>

namespace camelot::cli {

struct WebServerOptions {
  std::string host = "127.0.0.1";  // loopback: nobody else can reach it unless told
  int port = 8080;                 // 0: any free port
  int searches = 2;                // analysis searches at once (the machine's cores)
  std::vector<std::string> runs;   // run directories the runs page shows (metrics.csv of each)
  std::string database;            // the explorer's opening database; empty: none
};

class WebServer {
 public:
  // Reads the page's files. Throws InputError when one is missing.
  explicit WebServer(const WebServerOptions& options);
  ~WebServer();
  WebServer(const WebServer&) = delete;
  WebServer& operator=(const WebServer&) = delete;

  // Binds the address; returns the port. Throws InputError when it cannot.
  int bind();
  // Serves until stop() (from another thread or a signal handler's watcher).
  void run();
  void stop();

 private:
  class Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace camelot::cli
