#pragma once
// Files that are never seen half written, and the checksum that guards them: what checkpoints
// (nn/), replay chunks and run files (training/) share. Standard C++ and POSIX only.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>

namespace camelot {

// FNV-1a 64: a single changed byte always changes it.
std::uint64_t fnv1a64(std::span<const std::byte> bytes);

// A file written in two steps, for files that must change together: write() puts the bytes,
// flushed to disk, under a temporary name beside `path`; commit() renames it over `path`.
// Destroyed uncommitted, it removes the temporary file and `path` stays as it was.
class StagedFile {
 public:
  StagedFile(std::filesystem::path path, std::string_view what);
  ~StagedFile();
  StagedFile(const StagedFile&) = delete;
  StagedFile& operator=(const StagedFile&) = delete;

  // "" on success, else "cannot write WHAT (reason)".
  std::string write(std::initializer_list<std::span<const std::byte>> parts);
  // "" on success, else "cannot replace WHAT (reason)".
  std::string commit();

 private:
  std::filesystem::path path_;
  std::filesystem::path temporary_;
  std::string what_;
  bool staged_ = false;
};

// Writes `parts`, in order, to `path` + ".tmp-<pid>", flushes it to disk, closes it and renames
// it over `path`. Returns "" on success; otherwise removes the temporary file, leaves any old
// `path` as it was and returns the problem: "cannot write WHAT (reason)" or
// "cannot replace WHAT (reason)".
std::string writeFileAtomically(const std::filesystem::path& path,
                                std::initializer_list<std::span<const std::byte>> parts,
                                std::string_view what);

// writeFileAtomically of one text; throws std::runtime_error "PATH: problem".
void writeTextFileAtomically(const std::filesystem::path& path, std::string_view text);

// The whole of a file, as such writes leave it; throws std::runtime_error "PATH: cannot read".
std::string readTextFile(const std::filesystem::path& path);

}  // namespace camelot
