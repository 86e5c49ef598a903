#include "cli/play_seats.hpp"

#include <cctype>

#include "cli/board_diagram.hpp"
#include "cli/game_setup.hpp"
#include "cli/input_error.hpp"
#include "cli/terminal_play.hpp"
#include "cli/variant.hpp"
#include "engine/notation.hpp"
#include "engine/random/splitmix64.hpp"
#include "players/game_record.hpp"
#include "players/grand_game_record.hpp"
#include "players/player_factory.hpp"

namespace camelot::cli {
namespace {

constexpr std::string_view kAiName = "CamelotZero";

std::string sideName(Color c) {
  return c == Color::White ? "White" : "Black";
}

Color parseColor(const std::string& name) {
  if (name == "white") return Color::White;
  if (name == "black") return Color::Black;
  throw UsageError("--color must be white or black, not '" + name + "'");
}

// " (value +0.12 for WHOM)", or nothing from a player that does not search.
std::string valueFor(const Player& player, std::string_view whom) {
  const std::optional<MoveReport> report = player.lastReport();
  if (!report) return "";
  return " (value " + signedValue(report->value) + " for " + std::string(whom) + ")";
}

std::string partnershipText(int partnership) {
  return partnership == 0 ? "Red and Blue" : "Green and Yellow";
}

}  // namespace

PlaySeats<StandardRules>::PlaySeats(const PlayOptions& options)
    : human_(parseColor(options.color)),
      ai_(chosenPlayer<StandardRules>(options.choice, options.seed)) {}

std::string PlaySeats<StandardRules>::greeting() const {
  return "You are " + sideName(human_) + "; " + std::string(kAiName) + " (" + ai_->name() +
         ") is " + sideName(opposite(human_)) + ". Type 'help' for the commands.\n";
}

const char* PlaySeats<StandardRules>::help() {
  return "Commands:\n"
         "  MOVE   play a move in letter notation (F6-F8, F7-H5-J7, H4xJ4xL6) or numeric notation\n"
         "         (26-27, 26C28C30, 26J28J30); FROM-TO or FROMxTO is enough where unambiguous\n"
         "  legal  list your legal moves\n"
         "  hint   let CamelotZero search a move for you\n"
         "  undo   take back your last move and CamelotZero's reply\n"
         "  help   this list\n"
         "  quit   end the session\n";
}

bool PlaySeats<StandardRules>::humanToMove(const Position& position) const {
  return position.sideToMove() == human_;
}

std::string PlaySeats<StandardRules>::humanName() const {
  return sideName(human_);
}

std::string PlaySeats<StandardRules>::programMoves(Game& game) {
  const Move move = ai_->chooseMove(game);
  game.play(move);
  return std::string(kAiName) + " plays " + toNotation(move) + valueFor(*ai_, kAiName) + '\n';
}

std::string PlaySeats<StandardRules>::hint(const Game& game) {
  const Move move = ai_->chooseMove(game);
  return "Hint: " + toNotation(move) + valueFor(*ai_, "you") + '\n';
}

std::string PlaySeats<StandardRules>::board(const Game& game) const {
  std::string text = '\n' + boardDiagram(game.position(), human_) + boardLegend();
  if (game.moves().empty()) return text;
  const Color mover = game.positions()[game.positions().size() - 2].sideToMove();
  return text + "Last move: " + toNotation(game.moves().back()) + " by " + sideName(mover) +
         (mover == human_ ? " (you)" : " (" + std::string(kAiName) + ")") + '\n';
}

std::string PlaySeats<StandardRules>::undone(std::size_t) {
  return "Took back your last move and " + std::string(kAiName) + "'s reply.\n";
}

std::optional<Move> PlaySeats<StandardRules>::readMove(const Position& position,
                                                       const std::string& line,
                                                       std::string& error) {
  try {
    return parseMove(position, line);
  } catch (const MoveError& e) {
    error = e.what();
    return std::nullopt;
  }
}

std::string PlaySeats<StandardRules>::record(const Game& game, int number) const {
  const std::string you = "human";
  return GameRecord{number,
                    human_ == Color::White ? you : ai_->name(),
                    human_ == Color::White ? ai_->name() : you,
                    game.startPosition(),
                    game.moves(),
                    game.finished() ? game.status() : GameStatus{},
                    ""}
      .toJsonLine();
}

PlaySeats<GrandRules>::PlaySeats(const PlayOptions& options)
    : human_(seatNamed(options.seat)),
      spec_(chosenSpec<GrandRules>(options.choice)),
      hinter_(makePlayer<GrandRules>(spec_, mixSeed(options.seed, grand::kPlayers))) {
  for (int seat = 0; seat < grand::kPlayers; ++seat)
    if (grand::playerAt(seat) != human_)
      programs_[static_cast<std::size_t>(seat)] =
          makePlayer<GrandRules>(spec_, mixSeed(options.seed, static_cast<std::uint64_t>(seat)));
}

std::string PlaySeats<GrandRules>::greeting() const {
  return "You are " + std::string(grand::playerName(human_)) + "; your partner " +
         std::string(grand::playerName(grand::partnerOf(human_))) + " is " + spec_.text() + ", " +
         partnershipText(1 - grand::partnershipOf(human_)) + " are " + spec_.text() +
         ". Type 'help' for the commands.\n";
}

const char* PlaySeats<GrandRules>::help() {
  return "Commands:\n"
         "  MOVE   play a move (C8-D9, H4xJ4xL6); FROM-TO or FROMxTO is enough where unambiguous\n"
         "  legal  list your legal moves\n"
         "  hint   let the program search a move for you\n"
         "  undo   take back your last move and the moves played after it\n"
         "  help   this list\n"
         "  quit   end the session\n";
}

bool PlaySeats<GrandRules>::humanToMove(const grand::GrandPosition& position) const {
  return position.toMove == human_;
}

std::string PlaySeats<GrandRules>::humanName() const {
  return std::string(grand::playerName(human_));
}

std::string PlaySeats<GrandRules>::valueText(const GrandPlayer& player, int partnership) {
  const std::optional<GrandMoveReport> report = player.lastReport();
  if (!report) return "";
  return " (value " + signedValue(report->value) + " for " + partnershipText(partnership) + ")";
}

std::string PlaySeats<GrandRules>::programMoves(grand::GrandGame& game) {
  const grand::Player seat = game.position().toMove;
  GrandPlayer& program = *programs_[static_cast<std::size_t>(grand::index(seat))];
  const grand::GrandMove move = program.chooseMove(game);
  game.play(move);
  return std::string(grand::playerName(seat)) +
         (seat == grand::partnerOf(human_) ? " (your partner)" : "") + " plays " +
         grand::notation(move) + valueText(program, grand::partnershipOf(seat)) + '\n';
}

std::string PlaySeats<GrandRules>::hint(const grand::GrandGame& game) {
  const grand::GrandMove move = hinter_->chooseMove(game);
  return "Hint: " + grand::notation(move) + valueText(*hinter_, grand::partnershipOf(human_)) +
         '\n';
}

std::string PlaySeats<GrandRules>::board(const grand::GrandGame& game) const {
  return '\n' + grandBoardDiagram(game.position(), human_) + grandBoardLegend();
}

std::string PlaySeats<GrandRules>::undone(std::size_t plies) {
  return "Took back your last move and the " + std::to_string(plies - 1) + " played after it.\n";
}

// Squares are read in either case ("f3-e2").
std::optional<grand::GrandMove> PlaySeats<GrandRules>::readMove(
    const grand::GrandPosition& position, const std::string& line, std::string& error) const {
  std::string text;
  for (const char c : line)
    if (std::isspace(static_cast<unsigned char>(c)) == 0)
      text += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  const std::optional<grand::GrandMove> move = grand::findMove(position, text);
  if (!move) error = "'" + text + "' is not a legal move of " + humanName();
  return move;
}

std::string PlaySeats<GrandRules>::record(const grand::GrandGame& game, int number) const {
  const auto sideText = [&](int partnership) {
    std::string text;
    for (const grand::Player seat :
         {grand::playerAt(partnership), grand::playerAt(partnership + 2)})
      text += std::string(text.empty() ? "" : ", ") + (seat == human_ ? "human" : spec_.text()) +
              " (" + grand::playerName(seat) + ")";
    return text;
  };
  GrandGameRecord record{number,       sideText(0),  sideText(1), game.startPosition(),
                         game.moves(), game.status()};
  if (!record.outcome.finished())
    record.outcome = {grand::GrandOutcome::Kind::Draw, -1, "unfinished"};
  return record.toJsonLine();
}

}  // namespace camelot::cli
