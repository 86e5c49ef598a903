#include "nn/backend/torch_backend.hpp"

#include <dlfcn.h>
#include <unistd.h>

#include <cstdlib>
#include <mutex>
#include <stdexcept>
#include <string>
#include <system_error>
#include <vector>

#include "nn/backend/build_stamp.hpp"

namespace camelot {
namespace {

constexpr const char* kLibraryName = "libcamelot_torch.so";

// Where the library is looked for, in order.
std::vector<std::filesystem::path> candidates() {
  if (const char* forced = std::getenv("CAMELOT_TORCH_LIBRARY"); forced && *forced) return {forced};
  std::vector<std::filesystem::path> paths;
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  if (!error) paths.push_back(self.parent_path() / kLibraryName);
  paths.emplace_back(CAMELOT_TORCH_BUILD_PATH);
  return paths;
}

const TorchBackend* load() {
  std::string reasons;
  for (const std::filesystem::path& path : candidates()) {
    std::error_code error;
    if (!std::filesystem::exists(path, error)) {
      reasons += "; " + path.string() + ": no such file";
      continue;
    }
    void* handle = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
      reasons += "; " + std::string(::dlerror());
      continue;
    }
    using Stamp = const char* (*)();
    const auto stamp = reinterpret_cast<Stamp>(::dlsym(handle, "camelotTorchBackendStamp"));
    const std::string libraryBuild = stamp ? stamp() : "an older build, without a stamp";
    if (libraryBuild != buildStamp()) {
      ::dlclose(handle);
      reasons += "; " + path.string() + " comes from another build (" + libraryBuild +
                 ") than this program (" + buildStamp() +
                 "): copy the library built with the program beside it";
      continue;
    }
    using Entry = const TorchBackend* (*)();
    const auto entry = reinterpret_cast<Entry>(::dlsym(handle, "camelotTorchBackend"));
    if (!entry) {
      reasons += "; " + path.string() + ": no camelotTorchBackend symbol";
      continue;
    }
    return entry();  // the handle stays open for the life of the process
  }
  throw std::runtime_error("cannot load the LibTorch backend " + std::string(kLibraryName) +
                           reasons + " (build it with scripts/build.sh)");
}

}  // namespace

const TorchBackend& torchBackend() {
  static const TorchBackend* const backend = load();
  return *backend;
}

}  // namespace camelot
