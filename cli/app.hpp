#pragma once
// The `camelot` program as a function of its arguments and streams, so tests can run it
// exactly as a user would without spawning a process.

#include <iosfwd>
#include <span>
#include <string>

namespace camelot::cli {

// Runs `camelot args...` (args excludes the program name). Returns the exit status: 0 on
// success, 1 on bad input (one line on `err` saying what is wrong and where), 2 on a bad
// command line.
int run(std::span<const std::string> args, std::istream& in, std::ostream& out, std::ostream& err);

}  // namespace camelot::cli
