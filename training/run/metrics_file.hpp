#pragma once
// metrics.csv of a training run (docs/training.md): one row per generation, cells by column
// name. The header grows when a row brings a new column; the file is rewritten whole, through
// a temporary file, after every row. Torch-free.

#include <cstdint>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace camelot {

class MetricsFile {
 public:
  using Row = std::map<std::string, std::string>;

  // Reads `path` if it exists (a run resumed); an absent file is an empty table. A damaged
  // row throws std::runtime_error naming the file and the line.
  explicit MetricsFile(std::filesystem::path path);

  // Adds `row` and rewrites the file. The standard columns lead, in their documented order.
  void append(const Row& row);

  // The rows, in order.
  const std::vector<Row>& rows() const { return rows_; }
  // Whether a row for `generation` is already there.
  bool has(std::int64_t generation) const { return generations_.contains(generation); }
  // The last row's elapsed_seconds: run time over all earlier sessions (0 for a new run).
  double elapsedSeconds() const { return elapsedSeconds_; }

 private:
  // Notes the row's generation and elapsed seconds.
  void remember(const Row& row);

  std::filesystem::path path_;
  std::vector<std::string> columns_;
  std::vector<Row> rows_;
  std::set<std::int64_t> generations_;
  double elapsedSeconds_ = 0.0;
};

}  // namespace camelot
