#include <algorithm>
#include <istream>
#include <nlohmann/json.hpp>
#include <ostream>

#include "cli/commands.hpp"
#include "engine/cfen.hpp"
#include "engine/notation.hpp"
#include "engine/rules_status.hpp"

namespace camelot::cli {
namespace {

std::string quoted(const std::string& text) {
  return nlohmann::json(text).dump();
}

// {"fen": F, "outcome": O, "moves": [[notation, result_cfen], ...]}, moves in byte order of
// their notation. R9 a-d and f apply; repetition needs a history and does not.
void writeLegal(const Position& position, std::ostream& out) {
  const MoveList generated = legalMoves(position);
  const GameStatus status = statusWithMoves(position, generated, ClockRule::Apply);
  std::vector<std::pair<std::string, std::string>> moves;
  if (!status.finished()) {
    for (const Move& m : generated)
      moves.emplace_back(toNotation(m), toCfen(position.after(m)));
    std::sort(moves.begin(), moves.end());
  }
  out << "{\"fen\": " << quoted(toCfen(position))
      << ", \"outcome\": " << quoted(std::string(outcomeName(status.outcome))) << ", \"moves\": [";
  for (std::size_t i = 0; i < moves.size(); ++i)
    out << (i > 0 ? ", " : "") << '[' << quoted(moves[i].first) << ", " << quoted(moves[i].second)
        << ']';
  out << "]}\n";
}

}  // namespace

void runLegal(const std::optional<std::string>& fen, std::istream& in, std::ostream& out) {
  if (fen) {
    writeLegal(parseCfen(*fen), out);
    return;
  }
  std::string line;
  for (int lineNumber = 1; std::getline(in, line); ++lineNumber) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    if (line.back() == '\r') line.pop_back();
    try {
      writeLegal(parseCfen(line), out);
    } catch (const CfenError& e) {
      throw InputError("standard input line " + std::to_string(lineNumber) + ": " + e.what());
    }
    out.flush();
  }
}

}  // namespace camelot::cli
