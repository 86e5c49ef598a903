#include "training/text/decimal_text.hpp"

#include <cmath>
#include <cstdio>

namespace camelot {

namespace {

std::string formatted(const char* format, double value, int decimals) {
  if (std::abs(value) < 0.5 * std::pow(10.0, -decimals)) value = 0.0;
  char text[48];
  std::snprintf(text, sizeof text, format, decimals, value);
  return text;
}

}  // namespace

std::string fixed(double value, int decimals) {
  return formatted("%.*f", value, decimals);
}

std::string signedFixed(double value, int decimals) {
  return formatted("%+.*f", value, decimals);
}

}  // namespace camelot
