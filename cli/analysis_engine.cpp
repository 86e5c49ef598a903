#include "cli/analysis_engine.hpp"

#include <algorithm>
#include <chrono>
#include <optional>
#include <stdexcept>

#include "cli/game_setup.hpp"
#include "cli/player_choice.hpp"
#include "cli/position_analysis.hpp"
#include "cli/variant.hpp"
#include "cli/version.hpp"
#include "engine/cfen.hpp"
#include "engine/grand/grand_position.hpp"

namespace camelot::cli {
namespace {

// A query's field that cannot be used: its name and what is wrong.
class FieldError : public std::invalid_argument {
 public:
  FieldError(const std::string& field, const std::string& what)
      : std::invalid_argument("field '" + field + "': " + what) {}
};

// The fields a query may have; any other is an error.
const std::vector<std::string> kQueryFields = {
    "id",      "action", "fen",  "moves", "variant",        "player",
    "time_ms", "depth",  "sims", "top",   "report_every_ms"};

// The positive whole number in `field`, at most `most`, if the query has it.
std::optional<int> positive(const nlohmann::json& query, const std::string& field, int most) {
  if (!query.contains(field)) return std::nullopt;
  const nlohmann::json& value = query[field];
  if (!value.is_number_integer() || value.get<std::int64_t>() < 1 ||
      value.get<std::int64_t>() > most)
    throw FieldError(field, "must be a whole number from 1 to " + std::to_string(most) + ", not " +
                                value.dump());
  return value.get<int>();
}

std::string text(const nlohmann::json& query, const std::string& field,
                 const std::string& fallback) {
  if (!query.contains(field)) return fallback;
  if (!query[field].is_string()) throw FieldError(field, "must be a string");
  return query[field].get<std::string>();
}

// "moves": an array of moves, or one string of them separated by spaces.
std::string movesText(const nlohmann::json& query) {
  if (!query.contains("moves")) return "";
  const nlohmann::json& moves = query["moves"];
  if (moves.is_string()) return moves.get<std::string>();
  if (!moves.is_array()) throw FieldError("moves", "must be an array of moves or a string");
  std::string joined;
  for (const nlohmann::json& m : moves) {
    if (!m.is_string()) throw FieldError("moves", "every move must be a string, not " + m.dump());
    if (!joined.empty()) joined += ' ';
    joined += m.get<std::string>();
  }
  return joined;
}

}  // namespace

// A query being answered: what it asks, read and checked as it arrives, and its stop flag.
struct AnalysisEngine::Query {
  nlohmann::json id;
  std::string fen;
  std::string moves;
  std::optional<Variant> variant;
  std::string player;  // a spec; empty: the variant's default
  ThinkingBudget budget;
  int top = 10;
  std::optional<int> reportEveryMs;
  std::atomic<bool> stop{false};
};

// The game the query names, not over. Throws FieldError.
template <class Rules>
typename Rules::Game AnalysisEngine::gameOf(const Query& query) {
  try {
    typename Rules::Game game = gameFromMoves<Rules>(query.fen, query.moves);
    if (game.finished())
      throw FieldError(query.moves.empty() ? "fen" : "moves",
                       "the game is over at this position (" + statusText(game.status()) + ")");
    return game;
  } catch (const FieldError&) {
    throw;
  } catch (const CfenError& e) {
    throw FieldError("fen", e.what());
  } catch (const grand::GfenError& e) {
    throw FieldError("fen", e.what());
  } catch (const std::invalid_argument& e) {
    throw FieldError("moves", e.what());
  }
}

AnalysisEngine::AnalysisEngine(std::function<void(const nlohmann::json&)> onAnswer, int threads)
    : onAnswer_(std::move(onAnswer)) {
  for (int i = 0; i < std::max(1, threads); ++i)
    workers_.emplace_back([this] { work(); });
}

AnalysisEngine::~AnalysisEngine() {
  {
    const std::lock_guard lock(queueMutex_);
    closing_ = true;
  }
  wake_.notify_all();
  for (std::thread& worker : workers_)
    worker.join();
}

void AnalysisEngine::write(const nlohmann::json& answer) {
  const std::lock_guard lock(answerMutex_);
  onAnswer_(answer);
}

std::size_t AnalysisEngine::waiting() const {
  const std::lock_guard lock(queueMutex_);
  return waiting_.size();
}

void AnalysisEngine::handle(const std::string& line) {
  if (line.find_first_not_of(" \t\r") == std::string::npos) return;
  nlohmann::json query;
  try {
    query = nlohmann::json::parse(line);
  } catch (const nlohmann::json::parse_error& e) {
    write({{"id", nullptr}, {"error", std::string("not a JSON object: ") + e.what()}});
    return;
  }
  handle(query);
}

void AnalysisEngine::handle(const nlohmann::json& query) {
  if (!query.is_object()) {
    write({{"id", nullptr}, {"error", "not a JSON object: " + query.dump()}});
    return;
  }
  const nlohmann::json given = query.value("id", nlohmann::json());
  // An id that is not one is answered as none.
  const nlohmann::json id =
      given.is_string() || given.is_number_integer() ? given : nlohmann::json();
  try {
    if (id.is_null())
      throw FieldError("id", query.contains("id") ? "must be a string or a whole number"
                                                  : "missing (every query has one)");
    const std::string action = text(query, "action", "");
    if (action == "query_version") {
      write({{"id", id}, {"version", kVersion}, {"commit", kCommit}});
      return;
    }
    if (action == "cancel") {
      const std::lock_guard lock(queueMutex_);
      bool found = false;
      const auto cancel = [&](const std::shared_ptr<Query>& q) {
        if (q->id != id) return;
        q->stop = true;
        found = true;
      };
      std::for_each(running_.begin(), running_.end(), cancel);
      std::for_each(waiting_.begin(), waiting_.end(), cancel);
      if (!found) throw FieldError("id", "no query " + id.dump() + " is waiting or running");
      return;
    }
    if (!action.empty())
      throw FieldError("action", "'" + action + "' is not one (cancel, query_version, or none)");
    for (const auto& [field, value] : query.items())
      if (std::find(kQueryFields.begin(), kQueryFields.end(), field) == kQueryFields.end())
        throw FieldError(field,
                         "unknown (fields: id, fen, moves, variant, player, time_ms, "
                         "depth, sims, top, report_every_ms)");
    auto q = std::make_shared<Query>();
    q->id = id;
    q->fen = text(query, "fen", "startpos");
    q->moves = movesText(query);
    if (query.contains("variant")) {
      const std::string name = text(query, "variant", "");
      if (name != "standard" && name != "grand")
        throw FieldError("variant", "'" + name + "' is not one (standard, grand)");
      q->variant = name == "grand" ? Variant::Grand : Variant::Standard;
    }
    q->player = text(query, "player", "");
    if (const std::optional<int> ms = positive(query, "time_ms", 3'600'000))
      q->budget.time = std::chrono::milliseconds(*ms);
    q->budget.depth = positive(query, "depth", 64);
    q->budget.simulations = positive(query, "sims", 100'000'000);
    q->top = positive(query, "top", 1000).value_or(10);
    q->reportEveryMs = positive(query, "report_every_ms", 3'600'000);
    // The position's errors at once, as the fields' are.
    withRules(variantOf(q->variant, q->fen), [&]<class Rules>(Rules) { gameOf<Rules>(*q); });
    {
      const std::lock_guard lock(queueMutex_);
      waiting_.push_back(std::move(q));
    }
    wake_.notify_one();
  } catch (const std::exception& e) {
    write({{"id", id}, {"error", e.what()}});
  }
}

void AnalysisEngine::work() {
  for (;;) {
    std::shared_ptr<Query> query;
    {
      std::unique_lock lock(queueMutex_);
      wake_.wait(lock, [&] { return closing_ || !waiting_.empty(); });
      if (waiting_.empty()) return;
      query = waiting_.front();
      waiting_.pop_front();
      running_.push_back(query);
    }
    try {
      answer(*query);
    } catch (const std::exception& e) {
      write({{"id", query->id}, {"error", e.what()}});
    }
    const std::lock_guard lock(queueMutex_);
    running_.erase(std::find(running_.begin(), running_.end(), query));
  }
}

void AnalysisEngine::answer(Query& query) {
  withRules(variantOf(query.variant, query.fen), [&]<class Rules>(Rules) {
    const typename Rules::Game game = gameOf<Rules>(query);
    std::optional<PositionAnalyzer<Rules>> analyzer;
    try {
      PlayerChoice choice;
      choice.player = query.player;
      analyzer.emplace(chosenSpec<Rules>(choice));
    } catch (const std::exception& e) {
      throw FieldError("player", e.what());
    }
    const auto answerOf = [&](const PositionAnalysis<Rules>& analysis) {
      nlohmann::json a = analysisJson(game, analyzer->searchName(), analysis);
      a["id"] = query.id;
      return a;
    };
    SearchWatch watch;
    watch.stop = &query.stop;
    if (query.reportEveryMs) {
      watch.progressEvery = std::chrono::milliseconds(*query.reportEveryMs);
      watch.progress = [&] {
        nlohmann::json partial = answerOf(analyzer->progress(game, query.top));
        partial["partial"] = true;
        write(partial);
      };
    }
    ThinkingBudget budget = query.budget;
    budget.watch = &watch;
    nlohmann::json final = answerOf(analyzer->analyze(game, budget, query.top));
    if (query.stop) final["cancelled"] = true;
    write(final);
  });
}

}  // namespace camelot::cli
