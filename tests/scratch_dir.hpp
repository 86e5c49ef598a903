#pragma once
// A fresh, empty directory for the running test, removed with everything in it when it goes out
// of scope (and readText, to look at what a test wrote there). Its name holds the test's name and
// the process id, so tests run side by side (ctest -j) never share one, and a crashed run's
// leftovers are cleared by the next run.

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <system_error>

namespace camelot::testing_support {

class ScratchDir {
 public:
  ScratchDir() : path_(std::filesystem::temp_directory_path() / uniqueName()) {
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~ScratchDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;

  const std::filesystem::path& path() const { return path_; }
  operator const std::filesystem::path&() const { return path_; }  // NOLINT: reads as a path
  std::filesystem::path operator/(const std::filesystem::path& name) const { return path_ / name; }

 private:
  // "camelot-test-Suite.Name-1234"; parameterised tests' slashes become dashes.
  static std::string uniqueName() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    std::string name = info == nullptr ? std::string("outside-a-test")
                                       : std::string(info->test_suite_name()) + "." + info->name();
    std::replace(name.begin(), name.end(), '/', '-');
    return "camelot-test-" + name + "-" + std::to_string(::getpid());
  }

  std::filesystem::path path_;
};

// A file's whole text, as written ("" when it cannot be read).
inline std::string readText(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace camelot::testing_support
