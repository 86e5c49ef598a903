#include "training/run/directory_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

namespace camelot {
namespace {

std::string readHolder(int fd) {
  char text[32] = {};
  const ssize_t n = ::pread(fd, text, sizeof text - 1, 0);
  std::string pid(text, n > 0 ? static_cast<std::size_t>(n) : 0);
  while (!pid.empty() && (pid.back() == '\n' || pid.back() == ' '))
    pid.pop_back();
  return pid.empty() ? "unknown" : pid;
}

}  // namespace

DirectoryLock::DirectoryLock(const std::filesystem::path& directory)
    : file_(directory / kFileName) {
  // A holder removes the file as it lets go, so a lock won on a file that has just been
  // removed is no lock: take it again on the file that is there now.
  for (;;) {
    fd_ = ::open(file_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd_ < 0)
      throw std::runtime_error(file_.string() + ": cannot make the lock file (" +
                               std::strerror(errno) + ")");
    if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
      const int error = errno;
      const std::string holder = readHolder(fd_);
      ::close(fd_);
      fd_ = -1;
      if (error == EWOULDBLOCK)
        throw DirectoryInUse(directory.string() + ": in use by process " + holder +
                             " (another camelot writes it; wait for it to end or stop it)");
      throw std::runtime_error(file_.string() + ": cannot lock (" + std::strerror(error) + ")");
    }
    struct stat held {};
    struct stat named {};
    if (::fstat(fd_, &held) == 0 && ::stat(file_.c_str(), &named) == 0 &&
        held.st_ino == named.st_ino && held.st_dev == named.st_dev)
      break;
    ::close(fd_);
  }
  // Without its pid the lock still holds; another process then names the holder "unknown".
  const std::string pid = std::to_string(::getpid()) + "\n";
  [[maybe_unused]] const bool recorded =
      ::ftruncate(fd_, 0) == 0 &&
      ::pwrite(fd_, pid.data(), pid.size(), 0) == static_cast<ssize_t>(pid.size());
}

DirectoryLock::DirectoryLock(DirectoryLock&& other) noexcept
    : file_(std::move(other.file_)), fd_(other.fd_) {
  other.fd_ = -1;
}

DirectoryLock::~DirectoryLock() {
  if (fd_ < 0) return;
  ::unlink(file_.c_str());  // before letting go: see the constructor
  ::close(fd_);
}

}  // namespace camelot
