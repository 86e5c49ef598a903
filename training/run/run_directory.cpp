#include "training/run/run_directory.hpp"

#include <stdexcept>
#include <system_error>

namespace camelot {

namespace fs = std::filesystem;

RunDirectory::RunDirectory(fs::path dir)
    : dir_(std::move(dir)),
      made_(makeOrCheck(dir_)),
      new_(!fs::exists(dir_ / "config.toml")),
      lock_(dir_) {}

bool RunDirectory::makeOrCheck(const fs::path& dir) {
  std::error_code error;
  const fs::file_status status = fs::status(dir, error);
  if (fs::exists(status) && !fs::is_directory(status))
    throw std::runtime_error(dir.string() +
                             ": is a file, not a run directory; choose another --run-dir");
  if (!fs::exists(status)) {
    fs::create_directories(dir, error);
    if (error)
      throw std::runtime_error(dir.string() + ": cannot make the run directory (" +
                               error.message() + ")");
    return true;
  }
  if (!fs::exists(dir / "config.toml"))
    for (const auto& entry : fs::directory_iterator(dir))
      if (entry.path().filename() != DirectoryLock::kFileName)
        throw std::runtime_error(dir.string() + ": not a run directory (it holds " +
                                 entry.path().filename().string() +
                                 " and no config.toml); choose a new or empty --run-dir");
  return false;
}

void RunDirectory::discardNewRun() const {
  std::error_code ignored;
  if (made_) {
    fs::remove_all(dir_, ignored);
    return;
  }
  for (const auto& entry : fs::directory_iterator(dir_, ignored))
    fs::remove_all(entry.path(), ignored);
}

}  // namespace camelot
