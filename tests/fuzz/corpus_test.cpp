// Every input the fuzzers kept (tests/fuzz/corpus/TARGET) and every crash they found
// (tests/fuzz/crashes/TARGET), replayed through its target as an ordinary test: the parsers
// stay as robust as the fuzzing left them, on every build, without clang.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <ostream>
#include <vector>

#include "tests/fuzz/fuzz_targets.hpp"

namespace camelot::fuzz {
namespace {

namespace fs = std::filesystem;

}  // namespace

// A target by its name in test output.
void PrintTo(const Target& target, std::ostream* out) {
  *out << target.name;
}

namespace {

std::vector<fs::path> inputsOf(std::string_view target) {
  std::vector<fs::path> inputs;
  for (const char* kind : {"corpus", "crashes"}) {
    const fs::path dir = fs::path(CAMELOT_FUZZ_DIR) / kind / target;
    if (!fs::exists(dir)) continue;
    for (const auto& entry : fs::directory_iterator(dir))
      if (entry.is_regular_file()) inputs.push_back(entry.path());
  }
  std::sort(inputs.begin(), inputs.end());
  return inputs;
}

class FuzzCorpus : public ::testing::TestWithParam<Target> {};

TEST_P(FuzzCorpus, EveryKeptInputIsHandled) {
  const std::vector<fs::path> inputs = inputsOf(GetParam().name);
  ASSERT_FALSE(inputs.empty()) << "no corpus for " << GetParam().name;
  for (const fs::path& path : inputs) {
    SCOPED_TRACE(path.string());
    std::ifstream in(path, std::ios::binary);
    const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), {});
    EXPECT_NO_THROW(GetParam().run(bytes));
  }
}

INSTANTIATE_TEST_SUITE_P(Parsers, FuzzCorpus,
                         ::testing::ValuesIn(targets().begin(), targets().end()),
                         [](const auto& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace camelot::fuzz
