#pragma once
// One function per subcommand. Each writes its results to `out` and throws
// camelot::cli::InputError (or the engine's CfenError / MoveError) on bad input.

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/player_choice.hpp"
#include "nn/network_config.hpp"

namespace camelot::cli {

class InputError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// A bad command line that only the command can see (option values against each other, a
// player spec): exit status 2, as for the parser's own errors, where InputError is 1.
class UsageError : public InputError {
 public:
  using InputError::InputError;
};

struct PerftOptions {
  int depth = 0;
  std::string fen = "startpos";
  bool divide = false;
  std::string variant;  // "standard", "grand", or empty: the position's (cli/variant.hpp)
};
void runPerft(const PerftOptions& options, std::ostream& out);

// With a FEN: one position. Without: one position per line of `in`. `variant` as perft's.
void runLegal(const std::optional<std::string>& fen, const std::string& variant, std::istream& in,
              std::ostream& out);

struct ShowOptions {
  std::string fen = "startpos";
  std::string moves;
  bool numeric = false;
  std::string variant;       // as perft's
  std::string seat = "red";  // Grand Camelot: whose side of the board is at the bottom
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
  std::string variant;  // "grand": Grand Camelot, each player moving for a partnership
};
// Results to `out`; a line per finished game to `progress`.
void runMatch(const MatchOptions& options, std::ostream& out, std::ostream& progress);

struct NetInitOptions {
  std::string architecture = "mlp";
  NetworkConfig config;           // its architecture and historyPlies come from the two below
  std::optional<int> history;     // the family's default when absent
  std::string otherFamilyOption;  // an option given that belongs to the other family
  std::uint64_t seed = 1;
  std::string out;
  bool force = false;
  std::string variant;  // "grand": a Grand Camelot network (an mlp)
};
void runNetInit(const NetInitOptions& options, std::ostream& out);
// Prints a checkpoint's header (and checks it is readable by this program).
void runNetInfo(const std::string& file, bool json, std::ostream& out);

struct AnalyzeOptions {
  std::string fen = "startpos";
  std::string moves;
  PlayerChoice choice;
  int top = 10;
  bool json = false;
  std::string variant;  // as perft's
};
void runAnalyze(const AnalyzeOptions& options, std::ostream& out);

struct PlayOptions {
  PlayerChoice choice;
  std::string color = "white";  // the human's side: "white" or "black"
  std::string fen = "startpos";
  std::string variant;       // as perft's
  std::string seat = "red";  // Grand Camelot: the human's seat
  std::uint64_t seed = 1;
  std::string out;  // a games file the game is added to when the session ends ("": none)
};
// A person against the network: reads moves and commands from `in` until the game ends, the
// person quits, or `in` ends.
void runPlay(const PlayOptions& options, std::istream& in, std::ostream& out);
// Its Grand Camelot form: the person in one seat, programs in the other three.
void runGrandPlay(const PlayOptions& options, std::istream& in, std::ostream& out);

struct ReplayOptions {
  std::string file;   // a games file (games.jsonl)
  int game = 1;       // which game: its "game" number, else its line
  std::string moves;  // "letter" or "numeric": print the move list and stop
};
// Steps through a recorded game: Enter (or 'n') the next move, 'b' back, 'q' quit.
void runReplay(const ReplayOptions& options, std::istream& in, std::ostream& out);

struct EngineOptions {
  PlayerChoice choice;  // its own limits are what a bare `go` searches by
  std::string variant;  // "grand": Grand Camelot (positions as GFEN)
};
// The engine line protocol (docs/engine_protocol.md): commands from `in`, one a line, answers
// on `out`, until `quit` or the end of `in`.
void runEngine(const EngineOptions& options, std::istream& in, std::ostream& out);

struct TrainOptions {
  std::string config;  // empty: the run directory's config, else kDefaultTrainConfig
  std::string runDirectory = "runs/default";
  double hours = 0.0;                  // 0: the config's run.hours
  std::vector<std::string> overrides;  // config keys set over the file's: SECTION.KEY=VALUE
  std::string init;                    // a checkpoint a new run starts from
  bool keys = false;  // print every config key with its default and meaning instead
};
// Log lines to `out`, progress to `err`.
void runTrain(const TrainOptions& options, std::ostream& out, std::ostream& err);

struct ArenaOptions {
  std::vector<std::string> players;  // player specs (see splitPlayerList)
  std::string gauntlet;              // when set: this player against each of `players`
  int games = 20;                    // a pairing
  std::string openings = "10";       // a suite file, or a count of random openings
  int openingPlies = 4;              // plies of a random opening
  std::uint64_t seed = 1;
  std::string sprt;    // "elo0,elo1": an SPRT between the two players
  std::string out;     // directory; empty: arenas/arena-DATE-TIME
  std::string anchor;  // the player rated 0; empty: random if it plays, else the first
  int simulations = 64;
  std::string search = "alphabeta";  // of networks without search=: "alphabeta", "puct", "gumbel"
  int considered = 16;               // Gumbel: root candidates of sequential halving
  int maxPlies = 300;
  int workers = 0;  // 0: one per core
  int gamesPerWorker = 16;
  std::string device = "cpu";
  std::string variant;  // "grand": Grand Camelot (each player a partnership)
};
// Results to `out`, progress to `progress`.
void runArena(const ArenaOptions& options, std::ostream& out, std::ostream& progress);

// "net:a.ckpt,sims=64,random,alphabeta:depth=2" -> {"net:a.ckpt,sims=64", "random",
// "alphabeta:depth=2"}: an item of the form key=value continues the spec before it.
std::vector<std::string> splitPlayerList(const std::string& list);

struct RatingsOptions {
  std::vector<std::string> sources;  // arena or run directories (their results.csv), or files
  std::string anchor;                // empty: random if it played, else the first player read
  std::string csv;                   // empty: print only (never overwrite a file unasked)
};
// The table to `out`; warnings (a torn last line) to `err`.
void runRatings(const RatingsOptions& options, std::ostream& out, std::ostream& err);

struct OpeningsImportOptions {
  std::string database;              // the SQLite file, created if new
  std::vector<std::string> sources;  // games files, match/arena/run directories, text files
  int plies = 0;                     // plies of each game the tree counts (0: the database's)
};
// The summary and the import rate to `out`; skipped lines and progress to `err`.
void runOpeningsImport(const OpeningsImportOptions& options, std::ostream& out, std::ostream& err);

struct OpeningsShowOptions {
  std::string database;
  std::string fen = "startpos";
  std::string moves;     // played from fen
  int continuation = 4;  // plies of the most played line after each move
  bool json = false;
};
// The position's moves from the database, a table or one JSON object.
void runOpeningsShow(const OpeningsShowOptions& options, std::ostream& out);

struct OpeningsTrendOptions {
  std::string runDirectory;
  int every = 0;    // generations a row (0: about 20 rows)
  int top = 6;      // moves shown as columns
  std::string csv;  // every move's share per row, for scripts/plot_openings.py ('': none)
};
// The table to `out`, skipped lines to `err`.
void runOpeningsTrend(const OpeningsTrendOptions& options, std::ostream& out, std::ostream& err);

struct OpeningsGrowOptions {
  std::string database;
  std::string net;       // empty: the shipped network
  int nodes = 100;       // positions to add
  int milliseconds = 0;  // a position's search (0: the network player's own, a second)
  int depth = 0;         // or plies of alpha-beta (0: by time)
};
// Grows the book in `database`; the summary to `out`, progress to `err`.
void runOpeningsGrow(const OpeningsGrowOptions& options, std::ostream& out, std::ostream& err);

struct OpeningsExportOptions {
  std::string database;
  int plies = 4;
  double maxValue = 0.1;
  std::string out;
};
// Writes the book's balanced positions as an opening suite (one CFEN a line) for arena --openings.
void runOpeningsExport(const OpeningsExportOptions& options, std::ostream& out);

struct OpeningsHtmlOptions {
  std::string database;
  std::string out;
  int plies = 12;    // how deep from the start the site reaches
  int minGames = 1;  // games a move needs to lead on (or a book search after it)
};
// Writes the explorer site (openings/explorer_site.hpp).
void runOpeningsHtml(const OpeningsHtmlOptions& options, std::ostream& out);

}  // namespace camelot::cli
