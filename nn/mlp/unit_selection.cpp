#include "nn/mlp/unit_selection.hpp"

namespace camelot {

std::vector<float> selectedRows(const std::vector<float>& m, std::size_t columns,
                                const std::vector<std::size_t>& rows) {
  std::vector<float> out;
  out.reserve(rows.size() * columns);
  for (const std::size_t r : rows)
    out.insert(out.end(), m.begin() + static_cast<std::ptrdiff_t>(r * columns),
               m.begin() + static_cast<std::ptrdiff_t>((r + 1) * columns));
  return out;
}

std::vector<float> selectedColumns(const std::vector<float>& m, std::size_t units,
                                   const std::vector<std::size_t>& columns) {
  const std::size_t rows = m.size() / units;
  std::vector<float> out;
  out.reserve(rows * columns.size());
  for (std::size_t r = 0; r < rows; ++r)
    for (const std::size_t c : columns)
      out.push_back(m[r * units + c]);
  return out;
}

}  // namespace camelot
