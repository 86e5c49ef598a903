#pragma once
// One function per subcommand. Each writes its results to `out` and throws
// camelot::cli::InputError (or the engine's CfenError / MoveError) on bad input.

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <stdexcept>
#include <string>

#include "nn/network_config.hpp"

namespace camelot::cli {

class InputError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

struct PerftOptions {
  int depth = 0;
  std::string fen = "startpos";
  bool divide = false;
};
void runPerft(const PerftOptions& options, std::ostream& out);

// With a FEN: one position. Without: one CFEN per line of `in`.
void runLegal(const std::optional<std::string>& fen, std::istream& in, std::ostream& out);

struct ShowOptions {
  std::string fen = "startpos";
  std::string moves;
  bool numeric = false;
};
void runShow(const ShowOptions& options, std::ostream& out);

struct MatchOptions {
  std::string white;
  std::string black;
  int games = 2;
  int openingPlies = 0;
  std::uint64_t seed = 1;
  int maxPlies = 1000;
  int threads = 1;
  std::string outDirectory;
  bool json = false;
};
// Results to `out`; a line per finished game to `progress`.
void runMatch(const MatchOptions& options, std::ostream& out, std::ostream& progress);

struct NetInitOptions {
  NetworkConfig config;
  std::uint64_t seed = 1;
  std::string out;
  bool force = false;
};
void runNetInit(const NetInitOptions& options, std::ostream& out);
// Prints a checkpoint's header (and checks it is readable by this program).
void runNetInfo(const std::string& file, bool json, std::ostream& out);

struct AnalyzeOptions {
  std::string fen = "startpos";
  std::string moves;
  std::string net;
  int simulations = 800;
  int top = 10;
  bool json = false;
};
void runAnalyze(const AnalyzeOptions& options, std::ostream& out);

struct TrainOptions {
  std::string config = "configs/default.toml";
  std::string runDirectory = "runs/default";
  double hours = 0.0;  // 0: the config's run.hours
};
// Log lines to `out`, progress to `err`.
void runTrain(const TrainOptions& options, std::ostream& out, std::ostream& err);

}  // namespace camelot::cli
