#pragma once
// A player named on the command line: `kind[:key=value,key=value...]`, for example `random`,
// `alphabeta:depth=4` or `mcts:sims=800,eval=rollout`; `net:FILE[,key=value...]`, a network
// checkpoint (the file is everything up to the first ','); or `engine:CMD`, an outside program
// speaking the engine protocol (docs/engine_protocol.md), where CMD is taken verbatim.

#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace camelot {

class SpecError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

class PlayerSpec {
 public:
  // Throws SpecError naming the part of `text` that is wrong.
  static PlayerSpec parse(std::string_view text);

  const std::string& kind() const { return kind_; }
  const std::string& text() const { return text_; }
  // Kind "engine": the shell command after the first ':' (never empty); empty otherwise.
  const std::string& command() const { return command_; }
  // Kind "net": the checkpoint file between ':' and the first ',' (never empty);
  // empty otherwise.
  const std::string& file() const { return file_; }

  // Whether the option `key` was given.
  bool has(const std::string& key) const { return options_.contains(key); }
  // The value of `key` as a whole number in [min, max], or `fallback` when absent.
  int intOption(const std::string& key, int fallback, int min, int max) const;
  // The value of `key`, which must be one of `allowed` (listed in the error), or `fallback`.
  std::string choiceOption(const std::string& key, const std::string& fallback,
                           std::initializer_list<const char*> allowed) const;
  // The value of `key` split at `separator` (every item non-empty), or none when absent.
  std::vector<std::string> listOption(const std::string& key, char separator) const;
  // Throws SpecError if an option other than `known` was given.
  void expectOnly(std::initializer_list<const char*> known) const;

 private:
  // Reads "key=value,key=value..." into the options.
  void parseOptions(std::string_view text);

  std::string text_;
  std::string kind_;
  std::string command_;
  std::string file_;
  std::map<std::string, std::string> options_;
};

}  // namespace camelot
