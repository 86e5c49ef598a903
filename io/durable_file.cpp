#include "io/durable_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <system_error>
#include <utility>

namespace camelot {
namespace {

// Writes all of `bytes` to `fd`, retrying short writes; false with errno set on failure.
bool writeAll(int fd, std::span<const std::byte> bytes) {
  const std::byte* data = bytes.data();
  std::size_t size = bytes.size();
  while (size > 0) {
    const ssize_t written = ::write(fd, data, size);
    if (written < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    data += written;
    size -= static_cast<std::size_t>(written);
  }
  return true;
}

}  // namespace

std::uint64_t fnv1a64(std::span<const std::byte> bytes) {
  std::uint64_t hash = 0xcbf29ce484222325ULL;
  for (const std::byte b : bytes) {
    hash ^= std::to_integer<std::uint64_t>(b);
    hash *= 0x100000001b3ULL;
  }
  return hash;
}

StagedFile::StagedFile(std::filesystem::path path, std::string_view what)
    : path_(std::move(path)), temporary_(path_), what_(what) {
  temporary_ += ".tmp-" + std::to_string(::getpid());
}

StagedFile::~StagedFile() {
  std::error_code ignored;
  if (staged_) std::filesystem::remove(temporary_, ignored);
}

std::string StagedFile::write(std::initializer_list<std::span<const std::byte>> parts) {
  const int fd = ::open(temporary_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return "cannot write " + what_ + " (" + std::strerror(errno) + ")";
  staged_ = true;
  bool written = true;
  for (const auto& part : parts)
    written = written && writeAll(fd, part);
  written = written && ::fsync(fd) == 0;
  const int writeErrno = errno;
  const bool closed = ::close(fd) == 0;
  const int closeErrno = errno;
  if (!written || !closed)
    return "cannot write " + what_ + " (" + std::strerror(written ? closeErrno : writeErrno) + ")";
  return {};
}

std::string StagedFile::commit() {
  std::error_code error;
  std::filesystem::rename(temporary_, path_, error);
  if (error) return "cannot replace " + what_ + " (" + error.message() + ")";
  staged_ = false;
  return {};
}

std::string writeFileAtomically(const std::filesystem::path& path,
                                std::initializer_list<std::span<const std::byte>> parts,
                                std::string_view what) {
  StagedFile file(path, what);
  std::string problem = file.write(parts);
  return problem.empty() ? file.commit() : problem;
}

void writeTextFileAtomically(const std::filesystem::path& path, std::string_view text) {
  const std::string problem = writeFileAtomically(path, {std::as_bytes(std::span(text))}, "file");
  if (!problem.empty()) throw std::runtime_error(path.string() + ": " + problem);
}

std::string readTextFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  if (!in || !(text << in.rdbuf()))
    if (!in.eof() && std::filesystem::file_size(path) > 0)
      throw std::runtime_error(path.string() + ": cannot read");
  return std::move(text).str();
}

}  // namespace camelot
