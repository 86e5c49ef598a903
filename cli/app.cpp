#include "cli/app.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <charconv>
#include <cmath>
#include <iostream>
#include <vector>

#include "cli/command_line_hints.hpp"
#include "cli/commands.hpp"
#include "cli/interrupt.hpp"
#include "cli/player_choice.hpp"
#include "cli/variant.hpp"
#include "engine/cfen.hpp"
#include "engine/notation.hpp"
#include "mcts/player_spec.hpp"
#include "openings/game_database.hpp"
#include "training/run/train_loop.hpp"

namespace camelot::cli {
namespace {

// CLI::Range for a real number, NaN refused too (it compares false with both bounds, so
// CLI::Range lets it through).
CLI::Validator realRange(double low, double high) {
  return CLI::Validator(
             [](std::string& text) -> std::string {
               double value = 0.0;
               const auto [end, error] =
                   std::from_chars(text.data(), text.data() + text.size(), value);
               return error == std::errc() && std::isnan(value) ? "not a number: " + text : "";
             },
             "", "not NaN") &
         CLI::Range(low, high);
}

// --variant standard|grand (cli/variant.hpp), `what` saying what it changes besides.
void addVariantOption(CLI::App* command, std::string& variant, const std::string& what,
                      const std::string& fallback = "the position's") {
  command
      ->add_option(
          "--variant", variant,
          "standard or grand (Grand Camelot, positions as GFEN" + what + "); default: " + fallback)
      ->check(CLI::IsMember(kVariantNames));
}

// --net FILE [--search S] [--depth D] [--sims N] [--time MS], or --player SPEC
// (cli/player_choice.hpp).
void addPlayerChoice(CLI::App* command, PlayerChoice& choice) {
  std::vector<CLI::Option*> network{
      command->add_option(
          "--net", choice.net,
          "Network checkpoint (default: the shipped network, " + shippedNetwork().string() + ")"),
      command
          ->add_option("--search", choice.search,
                       "The network's search: alphabeta (on its value and policy; the default), "
                       "puct (the default with --sims) or gumbel")
          ->check(CLI::IsMember({"alphabeta", "puct", "gumbel"})),
      command->add_option("--depth", choice.depth, "Alpha-beta: plies to search")
          ->check(CLI::Range(1, 64)),
      command->add_option("--sims", choice.simulations, "PUCT or Gumbel: simulations a move")
          ->check(CLI::Range(1, 10000000)),
      command
          ->add_option("--time", choice.milliseconds,
                       "Milliseconds a move (alpha-beta: 1000 unless --depth is given; a tree "
                       "search: 800 simulations unless --time is given)")
          ->check(CLI::Range(1, 3600000))};
  CLI::Option* player = command->add_option(
      "--player", choice.player,
      "Or any player spec: net:FILE[,search=alphabeta|puct|gumbel][,depth=D][,sims=N][,time=MS], "
      "alphabeta:depth=3, mcts:sims=800, ...");
  for (CLI::Option* option : network)
    player->excludes(option);
}

}  // namespace

int run(std::span<const std::string> args, std::istream& in, std::ostream& out, std::ostream& err) {
  CLI::App app{"CamelotZero: a self-play framework for the board game Camelot.", "camelot"};
  app.require_subcommand(1);
  app.fallthrough(false);
  app.set_version_flag("--version", versionText(),
                       "Print the version and the commit it was built from");

  PerftOptions perftOptions;
  CLI::App* perft = app.add_subcommand(
      "perft", "Count the leaves of the tree of distinct moves to DEPTH plies (R10).");
  perft->add_option("DEPTH", perftOptions.depth, "Plies to search (0-20)")
      ->required()
      ->check(CLI::Range(0, 20));
  perft
      ->add_option("--fen", perftOptions.fen,
                   "Position as CFEN (GFEN for Grand Camelot), or 'startpos'")
      ->capture_default_str();
  perft->add_flag("--divide", perftOptions.divide,
                  "Print each root move with its count; the last line is the total");
  addVariantOption(perft, perftOptions.variant, "");

  std::optional<std::string> legalFen;
  CLI::App* legal =
      app.add_subcommand("legal",
                         "Print the legal moves of positions as JSON lines: "
                         "{\"fen\": F, \"outcome\": O, \"moves\": [[notation, result_cfen], ...]}. "
                         "Without --fen, reads one CFEN per line from standard input.");
  legal->add_option("--fen", legalFen, "Position as CFEN (GFEN for Grand Camelot), or 'startpos'");
  std::string legalVariant;
  addVariantOption(legal, legalVariant,
                   "; outcome none, rb, gy or draw; a forced pass is the move 'pass'");

  ShowOptions showOptions;
  CLI::App* show = app.add_subcommand(
      "show", "Play moves from a position and print the board, its CFEN, status and legal moves.");
  show->add_option("--fen", showOptions.fen,
                   "Position as CFEN (GFEN for Grand Camelot), or 'startpos'")
      ->capture_default_str();
  show->add_option("--moves", showOptions.moves,
                   "Moves to play first, separated by spaces, e.g. \"F6-F8 G11-G9\"");
  show->add_flag("--numeric", showOptions.numeric, "List the legal moves in numeric notation");
  addVariantOption(show, showOptions.variant, "");
  show->add_option("--seat", showOptions.seat,
                   "Grand Camelot: the seat whose side is drawn at the bottom")
      ->check(CLI::IsMember(kSeatNames))
      ->capture_default_str();

  MatchOptions matchOptions;
  CLI::App* match = app.add_subcommand(
      "match",
      "Play games between two players, in pairs from the same opening with colours swapped, and "
      "report wins, draws, losses, score and Elo difference with a 95% interval.");
  match
      ->add_option("--white", matchOptions.white,
                   "First player, White in odd games: random, greedy, alphabeta:depth=4, ...")
      ->required();
  match->add_option("--black", matchOptions.black, "Second player")->required();
  match->add_option("--games", matchOptions.games, "Number of games")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000000));
  match
      ->add_option("--opening-plies", matchOptions.openingPlies,
                   "Random plies from the start before each pair of games")
      ->capture_default_str()
      ->check(CLI::Range(0, 200));
  // The old name, which arena uses for a count of openings: kept for one release, with a
  // warning.
  CLI::Option* matchOpeningsOld =
      match
          ->add_option("--openings", matchOptions.openingPlies,
                       "Old name of --opening-plies (arena's --openings counts openings); goes "
                       "in the next release")
          ->check(CLI::Range(0, 200));
  match->add_option("--seed", matchOptions.seed, "Seed of openings and players")
      ->capture_default_str();
  match
      ->add_option("--max-plies", matchOptions.maxPlies,
                   "Adjudicate a game as a draw after this many plies (a setting, not a rule)")
      ->capture_default_str()
      ->check(CLI::Range(1, 100000));
  match->add_option("--threads", matchOptions.threads, "Games played at once")
      ->capture_default_str()
      ->check(CLI::Range(1, 256));
  match->add_option("--out", matchOptions.outDirectory,
                    "Directory for the game records (games.jsonl)");
  addVariantOption(match, matchOptions.variant,
                   "; --white moves for Red and Blue in odd games, Green and Yellow in even ones",
                   "standard");
  match->add_flag(
      "--json", matchOptions.json,
      "Print one JSON object: games, wins, draws, losses, score, elo, elo_low, elo_high");

  NetInitOptions netInitOptions;
  std::string netInfoFile;
  bool netInfoJson = false;
  CLI::App* net = app.add_subcommand("net", "Create and inspect network checkpoints.");
  net->require_subcommand(1);
  CLI::App* netInit =
      net->add_subcommand("init", "Write a freshly initialised network (seeded) as a checkpoint.");
  NetworkConfig& config = netInitOptions.config;
  netInit
      ->add_option("--architecture", netInitOptions.architecture,
                   "Network family: mlp (sparse features, plain C++ on the CPU) or resnet "
                   "(residual tower, LibTorch, the GPU path)")
      ->check(CLI::IsMember({"mlp", "resnet"}))
      ->capture_default_str();
  const std::vector<CLI::Option*> mlpOptions = {
      netInit->add_option("--accumulator", config.accumulator, "mlp: units of the feature layer")
          ->capture_default_str(),
      netInit->add_option("--hidden", config.hidden, "mlp: units of each dense layer")
          ->capture_default_str(),
      netInit
          ->add_option("--move-embedding", config.moveEmbedding,
                       "mlp: width of the move embeddings")
          ->capture_default_str()};
  const std::vector<CLI::Option*> resnetOptions = {
      netInit->add_option("--blocks", config.blocks, "resnet: residual blocks")
          ->capture_default_str(),
      netInit->add_option("--channels", config.channels, "resnet: channels per block (even)")
          ->capture_default_str(),
      netInit
          ->add_option("--pooling-every", config.globalPoolingEvery,
                       "resnet: every Nth block pools the whole board (0: none)")
          ->capture_default_str(),
      netInit
          ->add_option("--policy-channels", config.policyChannels, "resnet: query/key width (even)")
          ->capture_default_str(),
      netInit->add_option("--history", netInitOptions.history,
                          "resnet: earlier positions in the input (default 2)"),
      netInit
          ->add_option("--tactical-planes", config.tacticalPlanes,
                       "resnet: input planes of the pieces each side could capture or bring to a "
                       "goal next")
          ->capture_default_str()};
  // An option of the other family is refused by runNetInit, not silently ignored.
  netInit->callback([&netInitOptions, mlpOptions, resnetOptions] {
    for (const CLI::Option* option :
         netInitOptions.architecture == "mlp" ? resnetOptions : mlpOptions)
      if (option->count() > 0 && netInitOptions.otherFamilyOption.empty())
        netInitOptions.otherFamilyOption = option->get_name();
  });
  netInit->add_option("--seed", netInitOptions.seed, "Seed of the initial weights")
      ->capture_default_str();
  netInit->add_option("--out", netInitOptions.out, "Checkpoint file to write")->required();
  addVariantOption(netInit, netInitOptions.variant,
                   "; its network is an mlp over nn/grand_features.hpp's inputs", "standard");
  netInit->add_flag("--force", netInitOptions.force, "Replace an existing file");
  CLI::App* netInfo = net->add_subcommand("info", "Print a checkpoint's header.");
  netInfo->add_option("FILE", netInfoFile, "Checkpoint file")->required();
  netInfo->add_flag("--json", netInfoJson, "Print one JSON object");

  AnalyzeOptions analyzeOptions;
  CLI::App* analyze = app.add_subcommand(
      "analyze",
      "Search a position with a network (alpha-beta unless --sims or --search says otherwise) "
      "and print its value, principal variation and top moves: alpha-beta's move first, then by "
      "the network's prior; a tree search's most visited first, with visits and Q; the "
      "network's W/D/L after each.");
  analyze
      ->add_option("--fen", analyzeOptions.fen,
                   "Position as CFEN (GFEN for Grand Camelot), or 'startpos'")
      ->capture_default_str();
  analyze->add_option("--moves", analyzeOptions.moves, "Moves to play first");
  addPlayerChoice(analyze, analyzeOptions.choice);
  analyze->add_option("--top", analyzeOptions.top, "Moves to list")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000));
  analyze->add_flag("--json", analyzeOptions.json, "Print one JSON object");
  addVariantOption(analyze, analyzeOptions.variant,
                   "; the search is --player mcts:... or gumbel:..., default " +
                       std::string(kDefaultGrandPlayer));

  EngineOptions engineOptions;
  CLI::App* engine = app.add_subcommand(
      "engine",
      "Speak the engine line protocol (docs/engine_protocol.md) on standard input and output, "
      "so that other programs can drive CamelotZero: newgame, position, go, move, legal, "
      "status, quit.");
  addPlayerChoice(engine, engineOptions.choice);
  addVariantOption(engine, engineOptions.variant,
                   "; the player, --player SPEC (default " + std::string(kDefaultGrandPlayer) +
                       "), moves for whichever seat is to move",
                   "standard");

  PlayOptions playOptions;
  CLI::App* play = app.add_subcommand(
      "play",
      "Play a game in the terminal against a network (or any player): type moves in either "
      "notation, or 'help', "
      "'legal', 'hint', 'undo', 'quit'.");
  addPlayerChoice(play, playOptions.choice);
  play->add_option("--color", playOptions.color, "Your side; Black lets the network move first")
      ->capture_default_str()
      ->check(CLI::IsMember({"white", "black"}));
  play->add_option("--fen", playOptions.fen,
                   "Start position as CFEN (GFEN for Grand Camelot), or 'startpos'")
      ->capture_default_str();
  addVariantOption(play, playOptions.variant,
                   "; you play --seat, --player SPEC (default " + std::string(kDefaultGrandPlayer) +
                       ") the other three seats");
  play->add_option("--seat", playOptions.seat, "Grand Camelot: your seat")
      ->capture_default_str()
      ->check(CLI::IsMember(kSeatNames));
  play->add_option("--out", playOptions.out,
                   "Add the game to this games file (JSON lines, as match --out writes) when "
                   "the session ends");

  ReplayOptions replayOptions;
  CLI::App* replay = app.add_subcommand(
      "replay",
      "Step through a recorded game in the terminal (Enter or 'n': next move, 'b': back, 'q': "
      "quit), or print its move list in either notation for sharing.");
  replay
      ->add_option("FILE", replayOptions.file,
                   "A games file: games.jsonl of a match, arena, "
                   "run or camelot play --out")
      ->required();
  replay->add_option("--game", replayOptions.game, "Which game: its number in the file")
      ->capture_default_str()
      ->check(CLI::Range(1, 1'000'000'000));
  replay
      ->add_option("--moves", replayOptions.moves,
                   "Print the move list in letter or numeric (1999 WCF) notation and stop")
      ->check(CLI::IsMember({"letter", "numeric"}));

  TrainOptions trainOptions;
  CLI::App* train = app.add_subcommand(
      "train",
      "Train a network by self-play: generations of self-play, training and evaluation against "
      "the previous network and fixed baselines, recorded in a run directory. Interrupt it at any "
      "time; the same command resumes. Under mpirun every rank plays self-play and rank 0 "
      "trains and owns the run directory.");
  train->add_option("--config", trainOptions.config,
                    std::string("Run configuration (TOML); default: the run directory's own "
                                "config.toml, or ") +
                        kDefaultTrainConfig + " for a new run");
  train->add_option("--run-dir", trainOptions.runDirectory, "Run directory")->capture_default_str();
  train
      ->add_option("--hours", trainOptions.hours,
                   "The run's whole length in hours, over all its sessions: a finished run given "
                   "more goes on (0: the config's)")
      ->check(realRange(0.0, 100000.0));
  train
      ->add_option("--set", trainOptions.overrides,
                   "Set a config key over the config file's, SECTION.KEY=VALUE (repeatable; "
                   "for example --set learning.completion=false --set selfplay.workers=1)")
      ->allow_extra_args(false);
  train->add_option("--init", trainOptions.init,
                    "A new run starts from this checkpoint's weights (the config's network) "
                    "instead of fresh ones");
  train->add_flag("--keys", trainOptions.keys,
                  "Print every config key with its default and meaning, as a config file, and "
                  "exit");

  ArenaOptions arenaOptions;
  std::vector<std::string> arenaLists;
  CLI::App* arena = app.add_subcommand(
      "arena",
      "Play a round robin (or a gauntlet) among networks, classical players and outside "
      "engines in paired openings, and rate them (Bradley-Terry, 95% intervals); optionally an "
      "SPRT between two players. Results go to a directory that 'camelot ratings' reads. Under "
      "mpirun the games are spread over the ranks and rank 0 writes the same files.");
  arena->add_option("--players", arenaLists,
                    "Players, comma-separated: net:FILE[,sims=N], random, greedy, "
                    "alphabeta:depth=N, mcts:..., engine:CMD (repeatable)");
  arena->add_option("--player", arenaOptions.players,
                    "One player spec taken verbatim, e.g. an engine:CMD holding commas "
                    "(repeatable)");
  arena->add_option("--gauntlet", arenaOptions.gauntlet,
                    "Play only this player against each of the others");
  arena->add_option("--games", arenaOptions.games, "Games a pairing (even: colours swapped)")
      ->capture_default_str();
  arena
      ->add_option("--openings", arenaOptions.openings,
                   "Opening suite file (one CFEN a line), or a count of random openings")
      ->capture_default_str();
  arena->add_option("--opening-plies", arenaOptions.openingPlies, "Plies of a random opening")
      ->capture_default_str()
      ->check(CLI::Range(0, 200));
  arena->add_option("--seed", arenaOptions.seed, "Seed of the random openings and players")
      ->capture_default_str();
  arena->add_option("--sprt", arenaOptions.sprt,
                    "ELO0,ELO1: stop when the SPRT (alpha = beta = 0.05) decides between the two "
                    "players; --games is then the most a pairing plays");
  arena->add_option("--out", arenaOptions.out,
                    "Directory for results.csv, games.jsonl, ratings.csv, openings.txt "
                    "(default arenas/arena-DATE-TIME)");
  arena->add_option("--anchor", arenaOptions.anchor,
                    "Player rated 0 (default: random if it plays, else the first)");
  arena
      ->add_option("--sims", arenaOptions.simulations,
                   "Simulations of tree-searching networks without sims=")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000000));
  arena
      ->add_option("--search", arenaOptions.search,
                   "Search of networks without search=: alphabeta (on the network's value and "
                   "policy), gumbel (Gumbel root search, as self-play) or puct")
      ->capture_default_str()
      ->check(CLI::IsMember({"alphabeta", "gumbel", "puct"}));
  arena
      ->add_option("--considered", arenaOptions.considered,
                   "Gumbel only: root moves sequential halving considers")
      ->capture_default_str()
      ->check(CLI::Range(1, 1024));
  arena
      ->add_option("--max-plies", arenaOptions.maxPlies,
                   "Adjudicate a game as a draw after this many plies (a setting, not a rule)")
      ->capture_default_str()
      ->check(CLI::Range(1, 100000));
  arena->add_option("--workers", arenaOptions.workers, "Worker threads (0: one per core)")
      ->capture_default_str()
      ->check(CLI::Range(0, 256));
  arena
      ->add_option("--games-per-worker", arenaOptions.gamesPerWorker,
                   "Games a worker steps at once")
      ->capture_default_str()
      ->check(CLI::Range(1, 4096));
  arena->add_option("--device", arenaOptions.device, "Where networks run: cpu, cuda, cuda:N")
      ->capture_default_str();
  addVariantOption(arena, arenaOptions.variant,
                   "; each player moves for a partnership, swapped every game; --openings is a "
                   "count",
                   "standard");

  RatingsOptions ratingsOptions;
  CLI::App* ratings = app.add_subcommand(
      "ratings",
      "Merge the results of arenas, matches and training runs and print Bradley-Terry ratings "
      "(player, "
      "games, score, Elo, 95% interval); with --csv, also as CSV.");
  ratings
      ->add_option("SOURCE", ratingsOptions.sources,
                   "Arena or run directories (their results.csv), match directories (their "
                   "games.jsonl), results.csv or games.jsonl files")
      ->required();
  ratings->add_option("--anchor", ratingsOptions.anchor,
                      "Player rated 0 (default: random if it played, else the first)");
  ratings->add_option("--csv", ratingsOptions.csv,
                      "Also write the ratings to this CSV file (default: print only)");

  CLI::App* openings =
      app.add_subcommand("openings", "Opening theory: a database of games (docs/openings.md).");
  openings->require_subcommand(1);
  OpeningsImportOptions importOptions;
  CLI::App* openingsImport = openings->add_subcommand(
      "import",
      "Add games to an opening database (created if new): each game is replayed by the engine, "
      "a bad line is reported with its file and line and skipped, and a game already in the "
      "database is not added twice.");
  openingsImport->add_option("DB", importOptions.database, "The database file (SQLite)")
      ->required();
  openingsImport
      ->add_option("SOURCE", importOptions.sources,
                   "games.jsonl files, match, arena or training run directories, or text files "
                   "of one game a line (moves in either notation, then 1-0, 0-1, 1/2-1/2 or *)")
      ->required();
  openingsImport
      ->add_option("--plies", importOptions.plies,
                   "A new database: plies of each game its position tree counts (default " +
                       std::to_string(kDefaultTreePlies) + "; fixed once the file exists)")
      ->check(CLI::Range(1, kMaxTreePlies));
  OpeningsShowOptions showOpeningsOptions;
  CLI::App* openingsShow = openings->add_subcommand(
      "show",
      "Print a position's moves from an opening database: games, White/draw/Black shares, the "
      "side to move's score and the line most often played after each.");
  openingsShow->add_option("DB", showOpeningsOptions.database, "The database file")->required();
  openingsShow->add_option("--fen", showOpeningsOptions.fen, "Position (CFEN) or startpos")
      ->capture_default_str();
  openingsShow->add_option("--moves", showOpeningsOptions.moves,
                           "Moves played from --fen, space-separated, either notation");
  openingsShow
      ->add_option("--continuation", showOpeningsOptions.continuation,
                   "Plies of the most played line shown after each move")
      ->capture_default_str()
      ->check(CLI::Range(0, 40));
  openingsShow->add_flag("--json", showOpeningsOptions.json, "Print one JSON object");
  OpeningsTrendOptions trendOptions;
  CLI::App* openingsTrend = openings->add_subcommand(
      "trend",
      "How a training run's self-play opens over its generations: the share of each first and "
      "second move among its games from the start position.");
  openingsTrend->add_option("RUN_DIR", trendOptions.runDirectory, "A training run directory")
      ->required();
  openingsTrend->add_option("--every", trendOptions.every, "Generations a row (0: about 20 rows)")
      ->capture_default_str()
      ->check(CLI::Range(0, 1000000));
  openingsTrend->add_option("--top", trendOptions.top, "Moves shown as columns")
      ->capture_default_str()
      ->check(CLI::Range(1, 30));
  OpeningsGrowOptions growOptions;
  CLI::App* openingsGrow = openings->add_subcommand(
      "grow",
      "Grow the database's opening book with a network: best first from the start (the moves "
      "closest in value to the best, few plies deep), each new position searched by alpha-beta "
      "on the network and its moves estimated by the network's value; values backed up by "
      "minimax. Ctrl-C stops after the position in flight; the same command goes on.");
  openingsGrow->add_option("DB", growOptions.database, "The database file")->required();
  openingsGrow->add_option(
      "--net", growOptions.net,
      "Network checkpoint (default: the shipped network, " + shippedNetwork().string() + ")");
  openingsGrow->add_option("--nodes", growOptions.nodes, "Positions to add")
      ->capture_default_str()
      ->check(CLI::Range(1, 10'000'000));
  openingsGrow
      ->add_option("--time", growOptions.milliseconds,
                   "Milliseconds of search a position (default: a second)")
      ->check(CLI::Range(1, 3'600'000));
  openingsGrow->add_option("--depth", growOptions.depth, "Or plies of alpha-beta a position")
      ->check(CLI::Range(1, 64));
  OpeningsExportOptions exportOptions;
  CLI::App* openingsExport = openings->add_subcommand(
      "export",
      "Write the book's balanced positions (book value within --max-value of even) --plies "
      "moves from the start as an opening suite, one CFEN a line, for 'camelot arena "
      "--openings FILE'.");
  openingsExport->add_option("DB", exportOptions.database, "The database file")->required();
  openingsExport->add_option("--plies", exportOptions.plies, "Plies from the start")
      ->capture_default_str()
      ->check(CLI::Range(0, 200));
  openingsExport
      ->add_option("--max-value", exportOptions.maxValue,
                   "Largest distance of the book value from even (values in [-1, 1])")
      ->capture_default_str()
      ->check(realRange(0.0, 2.0));
  openingsExport->add_option("--out", exportOptions.out, "The suite to write")->required();
  OpeningsHtmlOptions htmlOptions;
  CLI::App* openingsHtml = openings->add_subcommand(
      "html",
      "Write the opening explorer as a static site (index.html, data.js) that opens from the "
      "file system: the board, the moves with games, W/D/L bars, score and book value; a click "
      "walks into a move and the line stays in the URL fragment (#F6-F8,G11-G9).");
  openingsHtml->add_option("DB", htmlOptions.database, "The database file")->required();
  openingsHtml->add_option("--out", htmlOptions.out, "Directory to write")->required();
  openingsHtml->add_option("--plies", htmlOptions.plies, "How deep from the start the site reaches")
      ->capture_default_str()
      ->check(CLI::Range(0, 200));
  openingsHtml
      ->add_option("--min-games", htmlOptions.minGames,
                   "Games a move needs to lead on into the site (a book search after it also does)")
      ->capture_default_str()
      ->check(CLI::Range(1, 1'000'000'000));
  openingsTrend->add_option("--csv", trendOptions.csv,
                            "Also write every move's share per row here, for "
                            "scripts/plot_openings.py");

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
    if (*perft) runPerft(perftOptions, out);
    if (*legal) runLegal(legalFen, legalVariant, in, out);
    if (*show) runShow(showOptions, out);
    if (*match) {
      if (matchOpeningsOld->count() > 0)
        err << "camelot match: warning: --openings is now --opening-plies (plies of each "
               "opening; arena's --openings counts openings); the old name goes in the next "
               "release\n";
      runMatch(matchOptions, out, err);
    }
    if (*netInit) runNetInit(netInitOptions, out);
    if (*netInfo) runNetInfo(netInfoFile, netInfoJson, out);
    if (*analyze) runAnalyze(analyzeOptions, out);
    if (*engine) runEngine(engineOptions, in, out);
    if (*play) runPlay(playOptions, in, out);
    if (*replay) runReplay(replayOptions, in, out);
    if (*train) runTrain(trainOptions, out, err);
    if (*arena) {
      for (const std::string& list : arenaLists)
        for (const std::string& spec : splitPlayerList(list))
          arenaOptions.players.push_back(spec);
      runArena(arenaOptions, out, err);
    }
    if (*ratings) runRatings(ratingsOptions, out, err);
    if (*openingsImport) runOpeningsImport(importOptions, out, err);
    if (*openingsShow) runOpeningsShow(showOpeningsOptions, out);
    if (*openingsTrend) runOpeningsTrend(trendOptions, out, err);
    if (*openingsGrow) runOpeningsGrow(growOptions, out, err);
    if (*openingsExport) runOpeningsExport(exportOptions, out);
    if (*openingsHtml) runOpeningsHtml(htmlOptions, out);
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
