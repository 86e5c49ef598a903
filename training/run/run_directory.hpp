#pragma once
// A training run's directory, claimed by this process: made when missing, checked to be a run
// (its config.toml) or empty, and locked for as long as the claim lives.

#include <filesystem>

#include "training/run/directory_lock.hpp"

namespace camelot {

class RunDirectory {
 public:
  // Throws std::runtime_error for a path that is a file, a directory of other files, or one
  // that cannot be made; DirectoryInUse when another process holds it.
  explicit RunDirectory(std::filesystem::path dir);

  const std::filesystem::path& path() const { return dir_; }
  // No config.toml was there when it was claimed: a new run starts in it.
  bool isNew() const { return new_; }
  // Removes what a new run's failed start made, the lock's file included (the lock is held
  // until the claim goes; another process then takes a new one).
  void discardNewRun() const;

 private:
  // Makes the directory or checks it; returns whether it made it.
  static bool makeOrCheck(const std::filesystem::path& dir);

  std::filesystem::path dir_;
  bool made_;  // this claim made the directory
  bool new_;
  DirectoryLock lock_;
};

}  // namespace camelot
