#include "cli/engine_session.hpp"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ostream>

#include "cli/commands.hpp"
#include "cli/game_setup.hpp"
#include "engine/notation.hpp"

namespace camelot::cli {
namespace {

constexpr int kMaxSimulations = 10'000'000;
constexpr double kMaxSeconds = 3600.0;

std::vector<std::string_view> splitWords(std::string_view line) {
  std::vector<std::string_view> words;
  constexpr std::string_view kSpace = " \t\r";  // a CR of a CRLF line end is space too
  for (std::size_t begin = line.find_first_not_of(kSpace); begin != std::string_view::npos;) {
    const std::size_t end = std::min(line.find_first_of(kSpace, begin), line.size());
    words.push_back(line.substr(begin, end - begin));
    begin = line.find_first_not_of(kSpace, end);
  }
  return words;
}

std::string join(std::span<const std::string_view> words) {
  std::string text;
  for (const std::string_view w : words)
    text.append(text.empty() ? "" : " ").append(w);
  return text;
}

void expectNoArguments(std::string_view command, std::span<const std::string_view> args) {
  if (!args.empty())
    throw InputError(std::string(command) + " takes no arguments, got '" + join(args) + "'");
}

int readSimulations(std::string_view text) {
  int number = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
  if (error != std::errc() || end != text.data() + text.size() || number < 1 ||
      number > kMaxSimulations)
    throw InputError("go: sims must be a whole number 1.." + std::to_string(kMaxSimulations) +
                     ", not '" + std::string(text) + "'");
  return number;
}

std::chrono::milliseconds readSeconds(std::string_view text) {
  double seconds = 0.0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), seconds);
  if (error != std::errc() || end != text.data() + text.size() || !(seconds > 0.0) ||
      seconds > kMaxSeconds)
    throw InputError("go: time must be a number of seconds above 0 and at most 3600, not '" +
                     std::string(text) + "'");
  return std::chrono::milliseconds(std::max(1LL, std::llround(seconds * 1000.0)));
}

// "0.250", "-1.000"; never "-0.000".
std::string valueText(float value) {
  double rounded = std::round(static_cast<double>(value) * 1000.0) / 1000.0;
  if (rounded == 0.0) rounded = 0.0;
  char text[16];
  std::snprintf(text, sizeof text, "%.3f", rounded);
  return text;
}

// An error line stays one line whatever the message.
std::string oneLine(std::string text) {
  std::replace(text.begin(), text.end(), '\n', ' ');
  return text;
}

}  // namespace

std::string statusWords(const GameStatus& status) {
  const std::string reason(endReasonName(status.reason));
  switch (status.outcome) {
    case Outcome::None:
      return "in progress";
    case Outcome::WhiteWins:
      return "white wins " + reason;
    case Outcome::BlackWins:
      return "black wins " + reason;
    case Outcome::Draw:
      break;
  }
  return "draw " + reason;
}

EngineSession::EngineSession(std::unique_ptr<Player> player) : player_(std::move(player)) {}

bool EngineSession::handle(std::string_view line, std::ostream& out) {
  const std::vector<std::string_view> words = splitWords(line);
  if (words.empty()) return true;
  const std::string_view command = words.front();
  const Words args = Words(words).subspan(1);
  std::string answer;
  try {
    if (command == "quit") {
      expectNoArguments(command, args);
      return false;
    }
    if (command == "newgame") {
      newGame(args);
    } else if (command == "position") {
      position(args);
    } else if (command == "go") {
      answer = go(args);
    } else if (command == "move") {
      // The rest of the line: a numeric move may carry a capture count, "KC26C28J30 (1M)".
      move(line.substr(static_cast<std::size_t>(command.data() + command.size() - line.data())));
    } else if (command == "legal") {
      answer = legal(args);
    } else if (command == "status") {
      answer = status(args);
    } else {
      throw InputError("unknown command '" + std::string(command) +
                       "' (commands: newgame, position, go, move, legal, status, quit)");
    }
  } catch (const std::exception& e) {
    answer = "error " + oneLine(e.what());
  }
  if (!answer.empty()) out << answer << '\n';
  out.flush();
  return true;
}

void EngineSession::newGame(Words args) {
  expectNoArguments("newgame", args);
  game_ = Game();
  player_->newGame();
}

void EngineSession::position(Words args) {
  const auto movesWord = std::find(args.begin(), args.end(), "moves");
  const Words setup(args.begin(), movesWord);
  std::string fen;
  if (setup.size() == 1 && setup[0] == "startpos") {
    fen = "startpos";
  } else if (setup.size() > 1 && setup[0] == "fen") {
    fen = join(setup.subspan(1));
  } else {
    throw InputError("position needs 'startpos' or 'fen CFEN', then optionally 'moves M1 M2 ...'");
  }
  const std::string moves = movesWord == args.end() ? "" : join(Words(movesWord + 1, args.end()));
  game_ = gameFromMoves(fen, moves);
}

std::string EngineSession::go(Words args) {
  ThinkingBudget budget;
  for (std::size_t i = 0; i < args.size(); i += 2) {
    const std::string option(args[i]);
    if (option != "sims" && option != "time")
      throw InputError("go: unknown option '" + option + "' (options: sims N, time S)");
    if (i + 1 == args.size()) throw InputError("go: " + option + " needs a value");
    if (option == "sims") {
      if (budget.simulations) throw InputError("go: sims is given twice");
      budget.simulations = readSimulations(args[i + 1]);
    } else {
      if (budget.time) throw InputError("go: time is given twice");
      budget.time = readSeconds(args[i + 1]);
    }
  }
  expectPlaying();
  const Move move = player_->chooseMove(game_, budget);
  std::string text;
  if (const std::optional<MoveReport> report = player_->lastReport()) {
    text = "info depth " + std::to_string(report->depth) + " visits " +
           std::to_string(report->visits) + " value " + valueText(report->value) + " pv";
    for (const Move& m : report->pv)
      text += ' ' + toNotation(m);
    text += '\n';
  }
  return text + "bestmove " + toNotation(move);
}

void EngineSession::move(std::string_view text) {
  if (splitWords(text).empty()) throw InputError("move needs a move, e.g. 'move F6-F8'");
  expectPlaying();
  game_.play(parseMove(game_.position(), text));
}

std::string EngineSession::legal(Words args) const {
  expectNoArguments("legal", args);
  std::vector<std::string> names;
  for (const Move& m : game_.legalMoves())
    names.push_back(toNotation(m));
  std::sort(names.begin(), names.end());
  std::string text = "legal";
  for (const std::string& name : names)
    text += ' ' + name;
  return text;
}

std::string EngineSession::status(Words args) const {
  expectNoArguments("status", args);
  return "status " + statusWords(game_.status());
}

void EngineSession::expectPlaying() const {
  if (game_.finished()) throw InputError("the game is over (" + statusWords(game_.status()) + ")");
}

}  // namespace camelot::cli
