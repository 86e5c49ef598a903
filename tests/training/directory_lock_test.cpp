// One writer per directory: a second holder is refused with the first's pid, the lock goes when
// its holder does (however it ends), and a killed holder's lock is never in the way.
#include "training/run/directory_lock.hpp"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <thread>

#include "tests/scratch_dir.hpp"

namespace camelot {
namespace {

namespace fs = std::filesystem;

std::string refusal(const fs::path& directory) {
  try {
    const DirectoryLock second(directory);
  } catch (const DirectoryInUse& e) {
    return e.what();
  }
  return "";
}

TEST(DirectoryLock, ASecondHolderIsRefusedNamingTheDirectoryAndTheFirstsPid) {
  const testing_support::ScratchDir dir;
  {
    const DirectoryLock first(dir);
    EXPECT_EQ(refusal(dir), dir.path().string() + ": in use by process " +
                                std::to_string(::getpid()) +
                                " (another camelot writes it; wait for it to end or stop it)");
  }
  EXPECT_FALSE(fs::exists(dir.path() / DirectoryLock::kFileName));  // let go on leaving
  EXPECT_EQ(refusal(dir), "");
}

TEST(DirectoryLock, AKilledHoldersLockIsStale) {
  const testing_support::ScratchDir dir;
  int ready[2];
  ASSERT_EQ(::pipe(ready), 0);
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    const DirectoryLock held(dir);
    const char byte = 1;
    [[maybe_unused]] const auto sent = ::write(ready[1], &byte, 1);
    for (;;)
      std::this_thread::sleep_for(std::chrono::seconds(1));
  }
  char byte = 0;
  ASSERT_EQ(::read(ready[0], &byte, 1), 1);
  EXPECT_EQ(refusal(dir).find(dir.path().string() + ": in use by process " + std::to_string(child)),
            0u);
  kill(child, SIGKILL);
  int status = 0;
  waitpid(child, &status, 0);
  ::close(ready[0]);
  ::close(ready[1]);
  // Its file is still there, with its pid, but nobody holds it.
  EXPECT_TRUE(fs::exists(dir.path() / DirectoryLock::kFileName));
  EXPECT_EQ(refusal(dir), "");
}

TEST(DirectoryLock, AMissingDirectoryIsAnError) {
  const testing_support::ScratchDir dir;
  try {
    const DirectoryLock lock(dir.path() / "nosuch");
    FAIL() << "locked a directory that does not exist";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()).find((dir.path() / "nosuch" / "lock").string() +
                                         ": cannot make the lock file ("),
              0u)
        << e.what();
  }
}

}  // namespace
}  // namespace camelot
