#include "training/run/metrics_file.hpp"

#include <algorithm>
#include <fstream>
#include <stdexcept>

#include "io/durable_file.hpp"
#include "training/text/csv.hpp"

namespace camelot {
namespace {

void addColumn(std::vector<std::string>& columns, const std::string& name) {
  if (std::find(columns.begin(), columns.end(), name) == columns.end()) columns.push_back(name);
}

}  // namespace

MetricsFile::MetricsFile(std::filesystem::path path) : path_(std::move(path)) {
  std::ifstream in(path_);
  std::string line;
  if (!in || !std::getline(in, line)) return;
  columns_ = splitCsvLine(line);
  for (int number = 2; std::getline(in, line); ++number) {
    try {
      const std::vector<std::string> cells = splitCsvLine(line);
      Row row;
      for (std::size_t i = 0; i < cells.size() && i < columns_.size(); ++i)
        row[columns_[i]] = cells[i];
      remember(row);
      rows_.push_back(std::move(row));
    } catch (const std::exception& e) {
      throw std::runtime_error(path_.string() + ": line " + std::to_string(number) +
                               " is not a metrics row (" + e.what() + ")");
    }
  }
}

void MetricsFile::remember(const Row& row) {
  if (const auto g = row.find("generation"); g != row.end() && !g->second.empty())
    generations_.insert(std::stoll(g->second));
  if (const auto e = row.find("elapsed_seconds"); e != row.end() && !e->second.empty())
    elapsedSeconds_ = std::stod(e->second);
}

void MetricsFile::append(const Row& row) {
  static const std::vector<std::string> kFirst = {
      "generation",           "elapsed_seconds",   "games",           "positions",
      "positions_per_second", "selfplay_seconds",  "training_steps",  "training_seconds",
      "policy_loss",          "value_loss",        "moves_left_loss", "policy_entropy",
      "learning_rate",        "evaluation_seconds"};
  for (const std::string& c : kFirst)
    addColumn(columns_, c);
  for (const auto& [key, value] : row)
    addColumn(columns_, key);
  remember(row);
  rows_.push_back(row);

  std::string text;
  for (std::size_t i = 0; i < columns_.size(); ++i) {
    if (i > 0) text += ',';
    text += csvField(columns_[i]);
  }
  text += '\n';
  for (const Row& r : rows_) {
    for (std::size_t i = 0; i < columns_.size(); ++i) {
      if (i > 0) text += ',';
      if (const auto cell = r.find(columns_[i]); cell != r.end()) text += csvField(cell->second);
    }
    text += '\n';
  }
  writeTextFileAtomically(path_, text);
}

}  // namespace camelot
