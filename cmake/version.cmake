# Writes OUTPUT, a C++ source defining camelot::cli::kVersion and kCommit (KIND "version") or
# camelot::buildStamp() (KIND "stamp", nn/backend/build_stamp.hpp), from the project's version
# and the source tree's git commit ("unknown" outside a git checkout; "-dirty" with uncommitted
# changes). Run at every build; the file is rewritten only when its text changes, so nothing
# recompiles when the commit is the same.
execute_process(
  COMMAND git -C "${SOURCE_DIR}" rev-parse --short=7 HEAD
  OUTPUT_VARIABLE commit OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE failed)
if(failed OR commit STREQUAL "")
  set(commit "unknown")
else()
  execute_process(
    COMMAND git -C "${SOURCE_DIR}" status --porcelain --untracked-files=no
    OUTPUT_VARIABLE changes OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(NOT changes STREQUAL "")
    string(APPEND commit "-dirty")
  endif()
endif()
if(KIND STREQUAL "stamp")
  set(text "// Written by cmake/version.cmake at build time.\n#include \"nn/backend/build_stamp.hpp\"\n\nnamespace camelot {\nconst char* buildStamp() {\n  return \"camelot ${VERSION} (commit ${commit})\";\n}\n}  // namespace camelot\n")
else()
  set(text "// Written by cmake/version.cmake at build time.\n#include \"cli/version.hpp\"\n\nnamespace camelot::cli {\nconst char* const kVersion = \"${VERSION}\";\nconst char* const kCommit = \"${commit}\";\n}  // namespace camelot::cli\n")
endif()
if(EXISTS "${OUTPUT}")
  file(READ "${OUTPUT}" old)
endif()
if(NOT old STREQUAL text)
  file(WRITE "${OUTPUT}" "${text}")
endif()
