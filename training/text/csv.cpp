#include "training/text/csv.hpp"

#include <stdexcept>

namespace camelot {

std::string csvField(std::string_view text) {
  if (text.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(text);
  std::string quoted = "\"";
  for (const char c : text) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  return quoted + '"';
}

std::vector<std::string> splitCsvLine(std::string_view line) {
  std::vector<std::string> fields(1);
  std::size_t i = 0;
  while (i <= line.size()) {
    std::string& field = fields.back();
    if (i < line.size() && line[i] == '"') {
      for (++i;; ++i) {
        if (i >= line.size()) throw std::invalid_argument("a quoted field is not closed");
        if (line[i] != '"') {
          field += line[i];
        } else if (i + 1 < line.size() && line[i + 1] == '"') {
          field += '"';
          ++i;
        } else {
          ++i;
          break;
        }
      }
      if (i < line.size() && line[i] != ',')
        throw std::invalid_argument("text after a quoted field's closing quote");
    } else {
      for (; i < line.size() && line[i] != ','; ++i) {
        if (line[i] == '"') throw std::invalid_argument("a quote inside an unquoted field");
        field += line[i];
      }
    }
    if (i >= line.size()) break;
    ++i;  // the comma
    fields.emplace_back();
  }
  return fields;
}

}  // namespace camelot
