#pragma once
// What `camelot --version` prints: the project's version (CMakeLists.txt) and the commit the
// program was built from (cmake/version.cmake writes both at build time).

namespace camelot::cli {

extern const char* const kVersion;  // "0.20.0"
extern const char* const kCommit;   // "17753fc", "17753fc-dirty", or "unknown"

}  // namespace camelot::cli
