#include "cli/engine_session.hpp"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ostream>

#include "cli/input_error.hpp"
#include "cli/variant_text.hpp"

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

// An error line stays one short line whatever the message: a message that quotes a huge input
// line is cut (a 10 MB line once came back whole).
std::string oneLine(std::string text) {
  constexpr std::size_t kLongest = 300;
  if (text.size() > kLongest)
    text = text.substr(0, kLongest) + "... (" + std::to_string(text.size() - kLongest) +
           " more characters)";
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

Game VariantText<StandardRules>::game(const std::string& fen, const std::string& moves) {
  if (grand::looksLikeGfen(fen))
    throw InputError(
        "a Grand Camelot position (GFEN): this session plays the standard game "
        "(camelot engine --variant grand plays Grand Camelot)");
  return gameFromMoves(fen, moves);
}

std::string VariantText<StandardRules>::endWords(const Game& game) {
  return statusWords(game.status());
}

grand::GrandMove VariantText<GrandRules>::parseMove(const grand::GrandPosition& p,
                                                    std::string_view text) {
  const std::string written = join(splitWords(text));
  if (const std::optional<grand::GrandMove> move = grand::findMove(p, written)) return *move;
  throw InputError("'" + written + "' is not a legal move of " + grand::playerName(p.toMove));
}

std::string VariantText<GrandRules>::endWords(const grand::GrandGame& game) {
  const grand::GrandOutcome& outcome = game.status();
  switch (outcome.kind) {
    case grand::GrandOutcome::Kind::None:
      return "in progress";
    case grand::GrandOutcome::Kind::Win:
      return std::string(grand::partnershipName(outcome.winner)) + " wins " + outcome.reason;
    case grand::GrandOutcome::Kind::Draw:
      break;
  }
  return "draw " + outcome.reason;
}

template <class Rules>
BasicEngineSession<Rules>::BasicEngineSession(std::unique_ptr<BasicPlayer<Rules>> player)
    : player_(std::move(player)) {}

template <class Rules>
bool BasicEngineSession<Rules>::handle(std::string_view line, std::ostream& out) {
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

template <class Rules>
void BasicEngineSession<Rules>::newGame(Words args) {
  expectNoArguments("newgame", args);
  game_ = typename Rules::Game();
  player_->newGame();
}

template <class Rules>
void BasicEngineSession<Rules>::position(Words args) {
  const auto movesWord = std::find(args.begin(), args.end(), "moves");
  const Words setup(args.begin(), movesWord);
  std::string fen;
  if (setup.size() == 1 && setup[0] == "startpos") {
    fen = "startpos";
  } else if (setup.size() > 1 && setup[0] == "fen") {
    fen = join(setup.subspan(1));
  } else {
    throw InputError("position needs 'startpos' or 'fen " + std::string(Rules::kPositionFormat) +
                     "', then optionally 'moves M1 M2 ...'");
  }
  const std::string moves = movesWord == args.end() ? "" : join(Words(movesWord + 1, args.end()));
  game_ = VariantText<Rules>::game(fen, moves);
}

template <class Rules>
std::string BasicEngineSession<Rules>::go(Words args) {
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
  const typename Rules::Move move = player_->chooseMove(game_, budget);
  std::string text;
  if (const std::optional<BasicMoveReport<Rules>> report = player_->lastReport()) {
    text = "info depth " + std::to_string(report->depth) + " visits " +
           std::to_string(report->visits) + " value " + valueText(report->value) + " pv";
    for (const typename Rules::Move& m : report->pv)
      text += ' ' + VariantText<Rules>::move(m);
    text += '\n';
  }
  return text + "bestmove " + VariantText<Rules>::move(move);
}

template <class Rules>
void BasicEngineSession<Rules>::move(std::string_view text) {
  if (splitWords(text).empty()) throw InputError("move needs a move, e.g. 'move F6-F8'");
  expectPlaying();
  game_.play(VariantText<Rules>::parseMove(game_.position(), text));
}

template <class Rules>
std::string BasicEngineSession<Rules>::legal(Words args) const {
  expectNoArguments("legal", args);
  std::vector<std::string> names;
  for (const typename Rules::Move& m : game_.legalMoves())
    names.push_back(VariantText<Rules>::move(m));
  std::sort(names.begin(), names.end());
  std::string text = "legal";
  for (const std::string& name : names)
    text += ' ' + name;
  return text;
}

template <class Rules>
std::string BasicEngineSession<Rules>::status(Words args) const {
  expectNoArguments("status", args);
  return "status " + VariantText<Rules>::endWords(game_);
}

template <class Rules>
void BasicEngineSession<Rules>::expectPlaying() const {
  if (game_.finished())
    throw InputError("the game is over (" + VariantText<Rules>::endWords(game_) + ")");
}

template class BasicEngineSession<StandardRules>;
template class BasicEngineSession<GrandRules>;

}  // namespace camelot::cli
