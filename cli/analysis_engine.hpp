#pragma once
// The JSON analysis engine behind `camelot analysis` (docs/analysis_engine.md): one JSON object
// a line in, one or more JSON lines out, each carrying the id of its query. Queries run at once
// on a pool of threads; a query may ask for partial answers while it searches, and a `cancel`
// ends one early. A bad line is answered with an error naming the field, and the engine goes on.

#include <atomic>
#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

namespace camelot::cli {

class AnalysisEngine {
 public:
  // Gives every answer to `onAnswer` (one call at a time, from the reader's or a worker's
  // thread); runs up to `threads` queries at once.
  AnalysisEngine(std::function<void(const nlohmann::json&)> onAnswer, int threads);
  // Waits for every query to be answered.
  ~AnalysisEngine();
  AnalysisEngine(const AnalysisEngine&) = delete;
  AnalysisEngine& operator=(const AnalysisEngine&) = delete;

  // One line of input: a query, `{"action": "cancel", "id": ...}` or
  // `{"action": "query_version", "id": ...}`. Never throws for bad input: it answers an error.
  void handle(const std::string& line);
  // The same for a line already read as JSON.
  void handle(const nlohmann::json& line);
  // Queries not yet started.
  std::size_t waiting() const;

 private:
  struct Query;

  template <class Rules>
  static typename Rules::Game gameOf(const Query& query);
  void write(const nlohmann::json& answer);
  void work();
  void answer(Query& query);

  std::function<void(const nlohmann::json&)> onAnswer_;
  std::mutex answerMutex_;
  mutable std::mutex queueMutex_;
  std::condition_variable wake_;
  std::deque<std::shared_ptr<Query>> waiting_;
  std::vector<std::shared_ptr<Query>> running_;
  bool closing_ = false;
  std::vector<std::thread> workers_;
};

}  // namespace camelot::cli
