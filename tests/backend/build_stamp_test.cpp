// The LibTorch backend's loader (nn/backend/torch_backend.hpp) against a library of another
// build: one error naming both builds and what to do, instead of a crash in code whose layouts
// do not match the program's.
#include "nn/backend/build_stamp.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <regex>
#include <stdexcept>
#include <string>

#include "nn/backend/torch_backend.hpp"

namespace camelot {
namespace {

TEST(BuildStamp, NamesTheVersionAndCommit) {
  EXPECT_TRUE(
      std::regex_match(std::string(buildStamp()),
                       std::regex(R"(camelot [0-9.]+ \(commit ([0-9a-f]{7}(-dirty)?|unknown)\))")))
      << buildStamp();
}

TEST(BuildStamp, ALibraryOfAnotherBuildIsRefused) {
  ::setenv("CAMELOT_TORCH_LIBRARY", CAMELOT_OTHER_BUILD_BACKEND, 1);
  try {
    torchBackend();
    ADD_FAILURE() << "the library of another build was loaded";
  } catch (const std::runtime_error& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("comes from another build (camelot 0.0.0 (commit 0000000))"),
              std::string::npos)
        << message;
    EXPECT_NE(message.find(std::string("than this program (") + buildStamp() + ")"),
              std::string::npos)
        << message;
    EXPECT_NE(message.find("copy the library built with the program beside it"), std::string::npos)
        << message;
  }
  ::unsetenv("CAMELOT_TORCH_LIBRARY");
}

}  // namespace
}  // namespace camelot
