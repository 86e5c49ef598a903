#pragma once
// What the terminal games of both variants share (`camelot play`): the person's turn as a loop
// of typed commands, the text of a value, and adding the game to a games file.

#include <functional>
#include <iosfwd>
#include <string>
#include <string_view>

namespace camelot::cli {

// What the person may do at their turn besides 'help' and 'quit'.
struct TurnCommands {
  std::function<void()> legal;                   // 'legal': list the moves
  std::function<void()> hint;                    // 'hint': a searched suggestion
  std::function<bool()> undo;                    // 'undo': true when moves were taken back
  std::function<bool(const std::string&)> move;  // anything else: true when it was played
};

// Reads lines from `in` until the person has moved or taken moves back (true) or quits or the
// input ends (false); `help` is printed for 'help'. Blank lines are skipped; commands are read
// without case.
bool humanTurn(std::istream& in, std::ostream& out, const std::string& prompt,
               std::string_view help, const TurnCommands& commands);

// A value in [-1, 1] as "+0.12".
std::string signedValue(float v);

// Appends the record that recordOf(number) writes for the next game number of the games file
// `file` (its lines so far, plus one) and returns that number; the file's earlier games stay.
// Throws InputError when the file cannot be written.
int appendGame(const std::string& file, const std::function<std::string(int)>& recordOf);

}  // namespace camelot::cli
