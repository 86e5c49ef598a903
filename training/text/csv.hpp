#pragma once
// CSV as RFC 4180 writes it: a field holding a comma, a quote or a line break is quoted, its
// quotes doubled. Player specs such as "net:FILE,sims=64" need it.

#include <string>
#include <string_view>
#include <vector>

namespace camelot {

// `text` as one CSV field, quoted only when it must be.
std::string csvField(std::string_view text);

// The fields of one CSV line (without its line break). Throws std::invalid_argument for an
// unterminated quote or a quote inside an unquoted field.
std::vector<std::string> splitCsvLine(std::string_view line);

}  // namespace camelot
