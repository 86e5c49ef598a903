// Numbers as the reports show them: fixed decimals, never a negative zero, and a signed form.

#include "training/text/decimal_text.hpp"

#include <gtest/gtest.h>

#include <string>

namespace camelot {
namespace {

struct Written {
  double value;
  int decimals;
  std::string plain;     // fixed
  std::string withSign;  // signedFixed
};

TEST(DecimalText, FixedAndSignedFixedWithoutANegativeZero) {
  for (const Written& w : {Written{0.5, 3, "0.500", "+0.500"}, Written{-1.25, 1, "-1.2", "-1.2"},
                           Written{147.19, 0, "147", "+147"}, Written{0.031, 3, "0.031", "+0.031"},
                           Written{-0.2, 3, "-0.200", "-0.200"}, Written{0.0, 3, "0.000", "+0.000"},
                           Written{-0.0004, 3, "0.000", "+0.000"}, Written{-0.04, 1, "0.0", "+0.0"},
                           Written{-0.0006, 3, "-0.001", "-0.001"}}) {
    EXPECT_EQ(fixed(w.value, w.decimals), w.plain) << w.value;
    EXPECT_EQ(signedFixed(w.value, w.decimals), w.withSign) << w.value;
  }
}

}  // namespace
}  // namespace camelot
