#pragma once
// Rows or columns of a layer's row-major weights picked by unit, the pieces that reshaping a
// trained mlp is made of: narrowing keeps some units (nn/mlp/narrow.hpp), widening repeats them
// (nn/mlp/widen.hpp).

#include <cstddef>
#include <vector>

namespace camelot {

// The rows `rows` of the matrix `m` ([rows][columns]; a bias is one column), in that order, a
// row listed twice copied twice.
std::vector<float> selectedRows(const std::vector<float>& m, std::size_t columns,
                                const std::vector<std::size_t>& rows);

// The columns `columns` of the matrix `m` ([rows][units]), in that order, a column listed twice
// copied twice.
std::vector<float> selectedColumns(const std::vector<float>& m, std::size_t units,
                                   const std::vector<std::size_t>& columns);

}  // namespace camelot
