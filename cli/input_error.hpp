#pragma once
// The errors a command throws on bad input: one line each, which the program prints with the
// command's name (cli/app.cpp).

#include <stdexcept>

namespace camelot::cli {

// Bad input a command finds (a file, a position, a move): exit status 1.
class InputError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// A bad command line that only the command can see (option values against each other, a
// player spec): exit status 2, as for the parser's own errors, where InputError is 1.
class UsageError : public InputError {
 public:
  using InputError::InputError;
};

}  // namespace camelot::cli
