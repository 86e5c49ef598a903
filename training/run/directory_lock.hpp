#pragma once
// One writer per directory: a run directory (or a match's or arena's results) that two
// processes write at once ends with duplicate games and files overwritten under each other.

#include <filesystem>
#include <stdexcept>

namespace camelot {

// What a second writer gets: "DIR: in use by process PID (...)".
class DirectoryInUse : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Holds `directory`/lock (an flock, taken atomically; the kernel frees it when the holder
// exits, however it exits, so a lock left by a killed process is never in the way). The file
// keeps the holder's pid for the message another process gets. Move-only.
class DirectoryLock {
 public:
  // Takes the lock of an existing directory, or throws DirectoryInUse naming the holder's pid,
  // or std::runtime_error when the lock file cannot be made.
  explicit DirectoryLock(const std::filesystem::path& directory);
  ~DirectoryLock();
  DirectoryLock(DirectoryLock&& other) noexcept;
  DirectoryLock& operator=(DirectoryLock&&) = delete;
  DirectoryLock(const DirectoryLock&) = delete;
  DirectoryLock& operator=(const DirectoryLock&) = delete;

  static constexpr const char* kFileName = "lock";

 private:
  std::filesystem::path file_;
  int fd_ = -1;
};

}  // namespace camelot
