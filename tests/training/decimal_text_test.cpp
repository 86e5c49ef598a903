// Numbers as the reports show them: fixed decimals, never a negative zero, and a signed form.

#include "training/text/decimal_text.hpp"

#include <gtest/gtest.h>

namespace camelot {
namespace {

TEST(DecimalText, FixedDecimalsWithoutANegativeZero) {
  EXPECT_EQ(fixed(0.5, 3), "0.500");
  EXPECT_EQ(fixed(-1.25, 1), "-1.2");
  EXPECT_EQ(fixed(147.19, 0), "147");
  EXPECT_EQ(fixed(-0.0004, 3), "0.000");
  EXPECT_EQ(fixed(-0.04, 1), "0.0");
}

TEST(DecimalText, SignedFixedAlwaysWritesTheSign) {
  EXPECT_EQ(signedFixed(0.031, 3), "+0.031");
  EXPECT_EQ(signedFixed(-0.2, 3), "-0.200");
  EXPECT_EQ(signedFixed(0.0, 3), "+0.000");
  EXPECT_EQ(signedFixed(-0.0004, 3), "+0.000");
  EXPECT_EQ(signedFixed(-0.0006, 3), "-0.001");
}

}  // namespace
}  // namespace camelot
