// CSV fields as RFC 4180 writes them: quoted only when they must be, and split back into
// exactly the fields that were written.

#include "training/text/csv.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace camelot {
namespace {

std::string joined(const std::vector<std::string>& fields) {
  std::string line;
  for (std::size_t i = 0; i < fields.size(); ++i) {
    if (i > 0) line += ',';
    line += csvField(fields[i]);
  }
  return line;
}

std::string splitError(std::string_view line) {
  try {
    splitCsvLine(line);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "no error";
}

TEST(Csv, PlainFieldsAreWrittenAsTheyAre) {
  EXPECT_EQ(csvField(""), "");
  EXPECT_EQ(csvField("random"), "random");
  EXPECT_EQ(csvField("alphabeta:depth=2"), "alphabeta:depth=2");
  EXPECT_EQ(csvField(" spaced out "), " spaced out ");
  EXPECT_EQ(csvField("1/2-1/2"), "1/2-1/2");
}

TEST(Csv, FieldsWithCommaQuoteOrLineBreakAreQuotedWithQuotesDoubled) {
  EXPECT_EQ(csvField("net:a.ckpt,sims=8"), "\"net:a.ckpt,sims=8\"");
  EXPECT_EQ(csvField("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(csvField("\""), "\"\"\"\"");
  EXPECT_EQ(csvField("two\nlines"), "\"two\nlines\"");
  EXPECT_EQ(csvField("carriage\rreturn"), "\"carriage\rreturn\"");
  EXPECT_EQ(csvField(","), "\",\"");
}

TEST(Csv, SplitsAPlainLine) {
  EXPECT_EQ(splitCsvLine("a,b,c"), (std::vector<std::string>{"a", "b", "c"}));
  EXPECT_EQ(splitCsvLine("single"), (std::vector<std::string>{"single"}));
  EXPECT_EQ(splitCsvLine(""), (std::vector<std::string>{""}));
  EXPECT_EQ(splitCsvLine(","), (std::vector<std::string>{"", ""}));
  EXPECT_EQ(splitCsvLine("a,,b,"), (std::vector<std::string>{"a", "", "b", ""}));
  EXPECT_EQ(splitCsvLine("\"\",x"), (std::vector<std::string>{"", "x"}));
}

TEST(Csv, SplitLineRoundTripsFieldsWrittenByCsvField) {
  const std::vector<std::vector<std::string>> cases = {
      {"white", "black", "result", "reason", "plies", "start", "note"},
      {"net:a.ckpt,sims=8", "random", "1-0", "castle", "42", "2/8/10 w 0 0 0", ""},
      {"", "", ""},
      {"a", ""},
      {"", "a"},
      {"\"", "\"\"", "a\"b", "\"quoted\""},
      {",", ",,", "a,b,c", " , "},
      {"engine:./x --flag \"v,w\"", "forfeit", "illegal move \"a1-a2\", said the referee"},
      {"line\nbreak", "cr\r", "\r\n"},
      {"only"},
  };
  for (const auto& fields : cases) {
    const std::string line = joined(fields);
    EXPECT_EQ(splitCsvLine(line), fields) << line;
  }
}

TEST(Csv, AnUnterminatedQuoteIsAnError) {
  EXPECT_EQ(splitError("\"open"), "a quoted field is not closed");
  EXPECT_EQ(splitError("a,\"open,b"), "a quoted field is not closed");
  EXPECT_EQ(splitError("\"ends with a doubled quote\"\""), "a quoted field is not closed");
}

TEST(Csv, AQuoteInsideAnUnquotedFieldIsAnError) {
  EXPECT_EQ(splitError("ab\"c"), "a quote inside an unquoted field");
  EXPECT_EQ(splitError("a,b\""), "a quote inside an unquoted field");
}

TEST(Csv, TextAfterAClosingQuoteIsAnError) {
  EXPECT_EQ(splitError("\"a\"b,c"), "text after a quoted field's closing quote");
  EXPECT_EQ(splitError("x,\"a\" "), "text after a quoted field's closing quote");
}

}  // namespace
}  // namespace camelot
