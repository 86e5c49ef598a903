#include "cli/terminal_play.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <istream>
#include <ostream>

#include "cli/input_error.hpp"

namespace camelot::cli {
namespace {

std::string trimmedLowerCase(std::string_view text) {
  const auto space = [](unsigned char c) { return std::isspace(c) != 0; };
  while (!text.empty() && space(text.front()))
    text.remove_prefix(1);
  while (!text.empty() && space(text.back()))
    text.remove_suffix(1);
  std::string lower(text);
  std::ranges::transform(lower, lower.begin(),
                         [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return lower;
}

}  // namespace

bool humanTurn(std::istream& in, std::ostream& out, const std::string& prompt,
               std::string_view help, const TurnCommands& commands) {
  std::string line;
  while (out << prompt << std::flush && std::getline(in, line)) {
    const std::string command = trimmedLowerCase(line);
    if (command.empty()) continue;
    if (command == "quit") return false;
    if (command == "help") {
      out << help;
    } else if (command == "legal") {
      commands.legal();
    } else if (command == "hint") {
      commands.hint();
    } else if (command == "undo") {
      if (commands.undo()) return true;
    } else if (commands.move(line)) {
      return true;
    }
  }
  out << '\n';  // end the prompt's line
  return false;
}

std::string signedValue(float v) {
  // Adding +0 turns a -0 from rounding into +0, so a tiny loss reads "+0.00", not "-0.00".
  const float rounded = std::round(v * 100.0f) / 100.0f + 0.0f;
  char text[16];
  std::snprintf(text, sizeof text, "%+.2f", rounded);
  return text;
}

int appendGame(const std::string& file, const std::function<std::string(int)>& recordOf) {
  int games = 0;
  {
    std::ifstream in(file);
    for (std::string line; std::getline(in, line);)
      games += line.empty() ? 0 : 1;
  }
  std::ofstream out(file, std::ios::app);
  out << recordOf(games + 1) << '\n' << std::flush;
  if (!out) throw InputError("--out " + file + ": cannot write the game");
  return games + 1;
}

}  // namespace camelot::cli
