#include "training/metrics_file.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "engine/durable_file.hpp"

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
  std::istringstream header(line);
  for (std::string c; std::getline(header, c, ',');)
    columns_.push_back(c);
  while (std::getline(in, line)) {
    std::istringstream cells(line);
    Row row;
    std::size_t i = 0;
    for (std::string c; std::getline(cells, c, ',') && i < columns_.size(); ++i)
      row[columns_[i]] = c;
    remember(row);
    rows_.push_back(std::move(row));
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
  for (std::size_t i = 0; i < columns_.size(); ++i)
    text += (i > 0 ? "," : "") + columns_[i];
  text += '\n';
  for (const Row& r : rows_) {
    for (std::size_t i = 0; i < columns_.size(); ++i) {
      if (i > 0) text += ',';
      if (const auto cell = r.find(columns_[i]); cell != r.end()) text += cell->second;
    }
    text += '\n';
  }
  writeTextFileAtomically(path_, text);
}

}  // namespace camelot
