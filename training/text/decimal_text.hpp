#pragma once
// Numbers as the reports and CSV files show them.

#include <string>

namespace camelot {

// `value` with `decimals` decimals ("%.*f"), never "-0.0".
std::string fixed(double value, int decimals);
// The same with its sign always written: "+0.031", "-0.200", "+0.000".
std::string signedFixed(double value, int decimals);

}  // namespace camelot
