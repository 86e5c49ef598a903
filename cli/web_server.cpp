#include "cli/web_server.hpp"

#include <httplib.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string_view>

#include "cli/analysis_engine.hpp"
#include "cli/game_setup.hpp"
#include "cli/input_error.hpp"
#include "cli/player_choice.hpp"
#include "cli/variant.hpp"
#include "cli/variant_text.hpp"
#include "engine/cfen.hpp"
#include "engine/notation.hpp"
#include "nn/model.hpp"
#include "openings/game_database.hpp"
#include "openings/opening_book.hpp"
#include "openings/position_lookup.hpp"
#include "players/game_record.hpp"
#include "players/player_factory.hpp"
#include "players/variant_record.hpp"

namespace camelot::cli {
namespace {

// The page's files, the only files the server sends: name in the URL, type.
const std::vector<std::pair<std::string, std::string>> kPageFiles = {
    {"index.html", "text/html; charset=utf-8"},
    {"style.css", "text/css; charset=utf-8"},
    {"api.js", "text/javascript; charset=utf-8"},
    {"format.js", "text/javascript; charset=utf-8"},
    {"board.js", "text/javascript; charset=utf-8"},
    {"analysis.js", "text/javascript; charset=utf-8"},
    {"play.html", "text/html; charset=utf-8"},
    {"play.js", "text/javascript; charset=utf-8"},
    {"runs.html", "text/html; charset=utf-8"},
    {"runs.js", "text/javascript; charset=utf-8"},
    {"chart.js", "text/javascript; charset=utf-8"},
    {"replay.html", "text/html; charset=utf-8"},
    {"replay.js", "text/javascript; charset=utf-8"},
    {"explorer.html", "text/html; charset=utf-8"},
    {"explorer.js", "text/javascript; charset=utf-8"},
};

// The levels the play page offers, weakest first: what plays and its rating (Bradley-Terry Elo,
// random = 0, 95% interval) in the round robin of docs/web_app.md ("Play levels"; results in
// docs/ratings/play-levels-*.csv), measured, not guessed.
struct Level {
  std::string name;
  std::string player;  // a spec; "net" stands for the shipped network
  std::string rating;
};
const std::vector<Level> kLevels = {
    {"beginner: random moves", "random", "0"},
    {"novice: takes what it can", "greedy", "+252 \u00b1 170"},
    {"club: alpha-beta, 2 plies", "alphabeta:depth=2", "+597 \u00b1 213"},
    {"strong: the network, 2 plies", "net,depth=2", "+738 \u00b1 225"},
    {"expert: the network, 4 plies", "net,depth=4", "+1018 \u00b1 256"},
    {"full strength: the network, 1 second a move", "net,time=1000",
     "+1319 (16-2-2 against expert)"},
};
// Grand Camelot's levels, weakest first, rated as the standard game's are (a round robin of
// the five; docs/ratings/grand-play-levels-*.csv): its alpha-beta wins where the tree search
// draws.
const std::vector<Level> kGrandLevels = {
    {"random moves", "random", "0"},
    {"takes what it can", "greedy", "+268 \u00b1 152"},
    {"tree search, 400 simulations", "mcts:sims=400", "+315 \u00b1 156"},
    {"alpha-beta, 1 ply", "alphabeta:depth=1", "+727 \u00b1 219"},
    {"alpha-beta, 2 plies", "alphabeta:depth=2", "+1075 \u00b1 284"},
};
// A level's player spec, the shipped network written out.
std::string levelSpec(const Level& level, Variant variant) {
  if (variant == Variant::Grand || !level.player.starts_with("net")) return level.player;
  return "net:" + shippedNetwork().string() + level.player.substr(3);
}

// Limits on what a request may ask.
constexpr std::size_t kMaxBody = 16 * 1024;      // a query is a few hundred bytes
constexpr std::size_t kMaxPositionText = 512;    // a CFEN is ~80 characters, a GFEN ~120
constexpr std::size_t kMaxMovesText = 8 * 1024;  // a long game's moves
constexpr int kMaxSearchMs = 30'000;             // the longest search a page may start
constexpr int kDefaultSearchMs = 2'000;          // a query without a limit
constexpr int kReportEveryMs = 200;              // partial answers the page polls for
constexpr std::size_t kMaxWaitingSearches = 16;  // more are refused (429)
constexpr std::size_t kKeptAnswers = 256;        // the last queries' answers

// A string field of a request's JSON body, size-limited.
std::string text(const nlohmann::json& body, const char* field, const std::string& fallback) {
  if (!body.contains(field)) return fallback;
  if (!body[field].is_string()) throw InputError(std::string(field) + ": not a string");
  std::string value = body[field].get<std::string>();
  if (value.size() > kMaxMovesText) throw InputError(std::string(field) + ": too long");
  return value;
}

// A request's body as a JSON object. Throws InputError (a 400) for anything else.
nlohmann::json bodyOf(const httplib::Request& request) {
  nlohmann::json body = nlohmann::json::parse(request.body, nullptr, false);
  if (!body.is_object()) throw InputError("the body is not a JSON object");
  return body;
}

// One of `limit` searches at once, held while it lives; taken() is false when all are busy.
class SearchSlot {
 public:
  SearchSlot(std::atomic<int>& busy, int limit) : busy_(busy) {
    taken_ = busy_.fetch_add(1) < limit;
  }
  ~SearchSlot() { busy_.fetch_sub(1); }
  SearchSlot(const SearchSlot&) = delete;
  SearchSlot& operator=(const SearchSlot&) = delete;
  bool taken() const { return taken_; }

 private:
  std::atomic<int>& busy_;
  bool taken_ = false;
};

void reply(httplib::Response& response, int status, const nlohmann::json& body) {
  response.status = status;
  response.set_content(body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace),
                       "application/json");
}

// A request's position: `fen` (default the start) and `moves`, size-limited. A struct rather
// than a pair for structured bindings, which clang 14 (scripts/fuzz.sh) cannot capture in a lambda.
struct PositionText {
  std::string fen;
  std::string moves;
};

PositionText positionOf(const httplib::Request& request) {
  const std::string fen =
      request.has_param("fen") ? request.get_param_value("fen") : std::string("startpos");
  const std::string moves = request.has_param("moves") ? request.get_param_value("moves") : "";
  if (fen.size() > kMaxPositionText) throw InputError("fen: longer than 512 characters");
  if (moves.size() > kMaxMovesText) throw InputError("moves: longer than 8192 characters");
  return {fen, moves};
}

// The variant a request names ("variant": "standard" or "grand"), or else its position's.
Variant variantNamed(const std::string& name, const std::string& fen) {
  if (name.empty()) return variantOf(std::nullopt, fen);
  const std::optional<Variant> variant = parseVariant(name);
  if (!variant) throw InputError("variant: '" + name + "' is not one (standard, grand)");
  return *variant;
}

// {"fen", "variant", "status", "finished", "moves": [{"move", "fen"}, ...]}: the position after
// `moves` and its legal moves, each with the position it leads to.
template <class Rules>
nlohmann::json legalJson(const std::string& fen, const std::string& moves) {
  const typename Rules::Game game = gameFromMoves<Rules>(fen, moves);
  nlohmann::json list = nlohmann::json::array();
  for (const typename Rules::Move& m : game.legalMoves())
    list.push_back({{"move", VariantText<Rules>::move(m)},
                    {"fen", Rules::positionText(Rules::after(game.position(), m))}});
  return {{"fen", Rules::positionText(game.position())},
          {"variant", variantName(Rules::kVariant)},
          {"status", statusText(game.status())},
          {"finished", game.finished()},
          {"moves", list}};
}

// The cells of a CSV line without quotes (metrics.csv has none), an empty last one included.
std::vector<std::string> cellsOf(const std::string& line) {
  std::vector<std::string> cells(1);
  for (const char c : line)
    if (c == ',')
      cells.emplace_back();
    else
      cells.back() += c;
  return cells;
}

// A run's metrics.csv as columns: {"columns": {name: [number or null, ...]}, "generations": N}.
// A row cut short (the run is writing it) ends the table.
nlohmann::json metricsJson(const std::filesystem::path& file) {
  std::ifstream in(file);
  std::string line;
  if (!in || !std::getline(in, line)) throw InputError(file.string() + ": no metrics yet");
  const std::vector<std::string> names = cellsOf(line);
  std::vector<nlohmann::json> columns(names.size(), nlohmann::json::array());
  std::size_t rows = 0;
  while (std::getline(in, line)) {
    const std::vector<std::string> cells = cellsOf(line);
    if (cells.size() != names.size()) break;
    for (std::size_t c = 0; c < cells.size(); ++c) {
      char* end = nullptr;
      const double value = std::strtod(cells[c].c_str(), &end);
      const bool number =
          !cells[c].empty() && end == cells[c].c_str() + cells[c].size() && std::isfinite(value);
      columns[c].push_back(number ? nlohmann::json(value) : nlohmann::json());
    }
    ++rows;
  }
  nlohmann::json table = nlohmann::json::object();
  for (std::size_t c = 0; c < names.size(); ++c)
    table[names[c]] = std::move(columns[c]);
  return {{"columns", table}, {"generations", rows}};
}

// Every position of a game as CFEN and the network's expected score there, White's view; the
// last position of a finished game scores its result.
nlohmann::json gameEvaluations(const Model& model, const Game& game) {
  const std::vector<Position>& positions = game.positions();
  const std::size_t scored = positions.size() - (game.finished() ? 1 : 0);
  std::vector<MoveList> moves(scored);
  std::vector<EvaluationRequest> requests;
  for (std::size_t i = 0; i < scored; ++i) {
    legalMoves(positions[i], moves[i]);
    const std::size_t keep = std::min(i, static_cast<std::size_t>(model.historyPlies()));
    requests.push_back(
        {&positions[i], &moves[i], std::span(positions).subspan(i - keep, keep), 0, false});
  }
  std::vector<Evaluation> evaluations(requests.size());
  model.evaluator(1)->evaluate(requests, evaluations);
  nlohmann::json fens = nlohmann::json::array();
  nlohmann::json values = nlohmann::json::array();
  for (std::size_t i = 0; i < positions.size(); ++i) {
    fens.push_back(toCfen(positions[i]));
    if (i < scored) {
      const float expected = evaluations[i].value.expected();
      values.push_back(positions[i].sideToMove() == Color::White ? expected : -expected);
    } else {
      const Outcome outcome = game.status().outcome;
      values.push_back(outcome == Outcome::WhiteWins ? 1 : outcome == Outcome::BlackWins ? -1 : 0);
    }
  }
  return {{"fens", fens}, {"values", values}, {"status", statusText(game.status())}};
}

// A run directory's name as the page shows it: its last component.
std::string runName(const std::string& directory) {
  std::filesystem::path path = std::filesystem::path(directory).lexically_normal();
  if (path.filename().empty()) path = path.parent_path();
  return path.filename().string();
}

}  // namespace

class WebServer::Impl {
 public:
  explicit Impl(const WebServerOptions& options)
      : options_(options),
        engine_([this](const nlohmann::json& answer) { keep(answer); }, options.searches) {
    const std::filesystem::path root = CAMELOT_WEB_ROOT;
    for (const auto& [name, type] : kPageFiles) {
      std::ifstream file(root / name, std::ios::binary);
      if (!file) throw InputError("the page's file " + (root / name).string() + " is missing");
      std::ostringstream text;
      text << file.rdbuf();
      files_[name] = {text.str(), type};
    }
    if (!options.database.empty()) {
      if (!std::filesystem::exists(options.database))
        throw InputError(options.database + ": no such database");
      database_.emplace(options.database);
    }
    routes();
  }

  int bind() {
    server_.set_payload_max_length(kMaxBody);
    server_.set_read_timeout(5, 0);
    server_.set_write_timeout(5, 0);
    const int port = options_.port == 0 ? server_.bind_to_any_port(options_.host)
                     : server_.bind_to_port(options_.host, options_.port) ? options_.port
                                                                          : -1;
    if (port < 0)
      throw InputError("cannot listen on " + options_.host + ":" + std::to_string(options_.port) +
                       " (in use, or not an address of this machine)");
    return port;
  }

  void run() { server_.listen_after_bind(); }
  void stop() { server_.stop(); }

 private:
  struct KeptAnswer {
    nlohmann::json answer;
    bool done = false;
  };

  // An answer of the engine, kept for the page to fetch (the latest of each query).
  void keep(const nlohmann::json& answer) {
    if (!answer["id"].is_number_integer()) return;
    const std::lock_guard lock(answersMutex_);
    const int id = answer["id"].get<int>();
    answers_[id] = {answer, !answer.contains("partial")};
    while (answers_.size() > kKeptAnswers)
      answers_.erase(answers_.begin());
  }

  // The shipped network, loaded on first use. Throws CheckpointError when it is missing.
  const Model& shippedModel() {
    const std::lock_guard lock(modelMutex_);
    if (!model_) model_ = loadModel(shippedNetwork());
    return *model_;
  }

  void routes() {
    pageRoutes();
    positionRoutes();
    runRoutes();
    playRoutes();
    analysisRoutes();
    errorHandlers();
  }

  // The page's files.
  void pageRoutes() {
    const auto page = [this](const std::string& name) {
      return [this, name](const httplib::Request&, httplib::Response& response) {
        const auto& [content, type] = files_.at(name);
        response.set_content(content, type);
      };
    };
    server_.Get("/", page("index.html"));
    for (const auto& [name, type] : kPageFiles)
      server_.Get("/" + name, page(name));
  }

  // The position and opening routes: legal moves, the explorer, a game's values.
  void positionRoutes() {
    server_.Get("/api/legal", [](const httplib::Request& request, httplib::Response& response) {
      const PositionText position = positionOf(request);
      const Variant variant = variantNamed(request.get_param_value("variant"), position.fen);
      reply(response, 200, withRules(variant, [&]<class Rules>(Rules) {
              return legalJson<Rules>(position.fen, position.moves);
            }));
    });

    // {"fen", "moves"} of a game -> every position and the shipped network's value there.
    server_.Post(
        "/api/evaluations", [this](const httplib::Request& request, httplib::Response& response) {
          const nlohmann::json body = bodyOf(request);
          const Game game = gameFromMoves(text(body, "fen", "startpos"), text(body, "moves", ""));
          const SearchSlot slot(busyMoves_, options_.searches);
          if (!slot.taken())
            return reply(response, 429, {{"error", "the engine is busy; try again soon"}});
          reply(response, 200, gameEvaluations(shippedModel(), game));
        });

    // The opening database's moves at a position: openings show --json's object.
    server_.Get(
        "/api/explorer", [this](const httplib::Request& request, httplib::Response& response) {
          if (!database_)
            return reply(response, 404,
                         {{"error", "no opening database: start the server with --db FILE"}});
          const PositionText position = positionOf(request);
          const Game game = gameFromMoves(position.fen, position.moves);
          const std::lock_guard lock(databaseMutex_);  // one SQLite connection
          const OpeningPosition report =
              lookUpPosition(*database_, OpeningBook(*database_), game.position());
          response.set_content(openingPositionJson(game.position(), report), "application/json");
        });
  }

  // The runs page's routes: the runs of --runs and one run's metrics.
  void runRoutes() {
    server_.Get("/api/runs", [this](const httplib::Request&, httplib::Response& response) {
      nlohmann::json runs = nlohmann::json::array();
      for (const std::string& run : options_.runs)
        runs.push_back(runName(run));
      reply(response, 200, runs);
    });

    // A run of --runs by its index: its metrics, read afresh (the run may be going on).
    server_.Get("/api/run", [this](const httplib::Request& request, httplib::Response& response) {
      std::size_t index = 0;
      try {
        index = std::stoul(request.get_param_value("index"));
      } catch (const std::exception&) {
        return reply(response, 400, {{"error", "index: not a number"}});
      }
      if (index >= options_.runs.size()) return reply(response, 404, {{"error", "no such run"}});
      reply(response, 200,
            metricsJson(std::filesystem::path(options_.runs[index]) / "metrics.csv"));
    });
  }

  // The play page's routes: its levels, a level's move, a game as a record.
  void playRoutes() {
    server_.Get("/api/levels", [](const httplib::Request& request, httplib::Response& response) {
      const bool grand = request.get_param_value("variant") == "grand";
      nlohmann::json levels = nlohmann::json::array();
      for (const Level& level : grand ? kGrandLevels : kLevels)
        levels.push_back({{"name", level.name}, {"rating", level.rating}});
      reply(response, 200, levels);
    });

    // The program's move at a level: {"fen", "moves", "level"} -> {"move", "value"}.
    server_.Post("/api/move", [this](const httplib::Request& request, httplib::Response& response) {
      const nlohmann::json body = bodyOf(request);
      const std::string fen = text(body, "fen", "startpos");
      const std::string moves = text(body, "moves", "");
      const int level = body.value("level", -1);
      const Variant variant = variantNamed(text(body, "variant", ""), fen);
      const std::vector<Level>& levels = variant == Variant::Grand ? kGrandLevels : kLevels;
      if (level < 0 || level >= static_cast<int>(levels.size()))
        return reply(response, 400,
                     {{"error", "level: 0 to " + std::to_string(levels.size() - 1)}});
      const SearchSlot slot(busyMoves_, options_.searches);
      if (!slot.taken())
        return reply(response, 429, {{"error", "the engine is busy; try again soon"}});
      reply(response, 200, withRules(variant, [&]<class Rules>(Rules) {
              const typename Rules::Game game = gameFromMoves<Rules>(fen, moves);
              if (game.finished())
                throw InputError("the game is over (" + statusText(game.status()) + ")");
              const std::unique_ptr<BasicPlayer<Rules>> player = makePlayer<Rules>(
                  PlayerSpec::parse(levelSpec(levels[static_cast<std::size_t>(level)], variant)),
                  static_cast<std::uint64_t>(nextId_++));
              nlohmann::json answer{{"move", VariantText<Rules>::move(player->chooseMove(game))}};
              if (const auto report = player->lastReport()) answer["value"] = report->value;
              return answer;
            }));
    });

    // A game as a line of a games file (what `replay` and `openings import` read):
    // {"fen", "moves", "white", "black"} -> {"line"}.
    server_.Post("/api/record", [](const httplib::Request& request, httplib::Response& response) {
      const nlohmann::json body = bodyOf(request);
      const std::string fen = text(body, "fen", "startpos");
      const std::string moves = text(body, "moves", "");
      // The first side's player and the second's: White and Black, or the partnerships rb and gy.
      const std::array<std::string, 2> sides{text(body, "white", ""), text(body, "black", "")};
      reply(response, 200,
            withRules(variantNamed(text(body, "variant", ""), fen), [&]<class Rules>(Rules) {
              const typename Rules::Game game = gameFromMoves<Rules>(fen, moves);
              auto record = VariantRecord<Rules>::record(sides, game.startPosition(), game.moves(),
                                                         game.status(), "");
              record.game = 1;
              return nlohmann::json{{"line", record.toJsonLine()}};
            }));
    });
  }

  // The analysis routes over the JSON analysis engine: start, poll, cancel.
  void analysisRoutes() {
    server_.Post(
        "/api/analysis", [this](const httplib::Request& request, httplib::Response& response) {
          nlohmann::json query = bodyOf(request);
          for (const char* field : {"fen", "moves"})
            if (query.contains(field) && query[field].dump().size() > kMaxMovesText)
              return reply(response, 400, {{"error", std::string(field) + ": too long"}});
          if (query.contains("time_ms") && query["time_ms"].is_number_integer() &&
              query["time_ms"].get<std::int64_t>() > kMaxSearchMs)
            return reply(response, 400, {{"error", "time_ms: at most 30000 here"}});
          // A request names no file and starts no program: no `net:` or `engine:` player.
          if (query.contains("player")) {
            const std::string player =
                query["player"].is_string() ? query["player"].get<std::string>() : "";
            if (!player.starts_with("mcts:") && !player.starts_with("gumbel:") &&
                player != "mcts" && player != "gumbel")
              return reply(response, 400,
                           {{"error",
                             "player: only mcts:... or gumbel:... here (the shipped network "
                             "without one)"}});
          }
          for (const char* field : {"depth", "sims", "id", "action", "report_every_ms"})
            if (query.contains(field))
              return reply(response, 400, {{"error", std::string(field) + ": not taken here"}});
          query["time_ms"] = query.value("time_ms", kDefaultSearchMs);
          query["report_every_ms"] = kReportEveryMs;
          if (engine_.waiting() >= kMaxWaitingSearches)
            return reply(response, 429, {{"error", "too many searches waiting; try again soon"}});
          const int id = nextId_++;
          query["id"] = id;
          engine_.handle(query);
          const std::lock_guard lock(answersMutex_);
          const auto found = answers_.find(id);
          if (found != answers_.end() && found->second.answer.contains("error"))
            return reply(response, 400, found->second.answer);
          reply(response, 202, {{"id", id}});
        });

    server_.Get(
        "/api/analysis", [this](const httplib::Request& request, httplib::Response& response) {
          const std::string text = request.get_param_value("id");
          int id = -1;
          try {
            id = std::stoi(text);
          } catch (const std::exception&) {
            return reply(response, 400, {{"error", "id: not a number"}});
          }
          const std::lock_guard lock(answersMutex_);
          const auto found = answers_.find(id);
          if (found == answers_.end())
            return reply(response, id < nextId_ && id >= 0 ? 200 : 404,
                         id < nextId_ && id >= 0 ? nlohmann::json{{"id", id}, {"done", false}}
                                                 : nlohmann::json{{"error", "no such query"}});
          nlohmann::json answer = found->second.answer;
          answer["done"] = found->second.done;
          reply(response, 200, answer);
        });

    server_.Post("/api/analysis/cancel",
                 [this](const httplib::Request& request, httplib::Response& response) {
                   const std::string text = request.get_param_value("id");
                   try {
                     engine_.handle(nlohmann::json{{"id", std::stoi(text)}, {"action", "cancel"}});
                   } catch (const std::exception&) {
                     return reply(response, 400, {{"error", "id: not a number"}});
                   }
                   reply(response, 200, {{"cancelled", true}});
                 });
  }

  // Every refusal as a 4xx with {"error": reason}.
  void errorHandlers() {
    server_.set_exception_handler(
        [](const httplib::Request&, httplib::Response& response, std::exception_ptr error) {
          std::string reason = "bad request";
          try {
            std::rethrow_exception(error);
          } catch (const std::exception& e) {
            reason = e.what();
          }
          reply(response, 400, {{"error", reason}});
        });
    server_.set_error_handler([](const httplib::Request&, httplib::Response& response) {
      if (response.body.empty())
        reply(response, response.status,
              {{"error", response.status == 404 ? "no such page" : "bad request"}});
    });
  }

  WebServerOptions options_;
  httplib::Server server_;
  std::map<std::string, std::pair<std::string, std::string>> files_;
  std::mutex answersMutex_;
  std::map<int, KeptAnswer> answers_;
  std::atomic<int> nextId_{0};
  std::atomic<int> busyMoves_{0};  // /api/move and /api/evaluations in progress
  std::mutex databaseMutex_;
  std::optional<GameDatabase> database_;
  std::mutex modelMutex_;
  std::shared_ptr<const Model> model_;
  AnalysisEngine engine_;  // last: its workers stop before what they answer into goes
};

WebServer::WebServer(const WebServerOptions& options) : impl_(std::make_unique<Impl>(options)) {}
WebServer::~WebServer() = default;
int WebServer::bind() {
  return impl_->bind();
}
void WebServer::run() {
  impl_->run();
}
void WebServer::stop() {
  impl_->stop();
}

}  // namespace camelot::cli
