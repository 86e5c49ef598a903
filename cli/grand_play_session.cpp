// `camelot play --variant grand --seat S`: a person in one seat of Grand Camelot, programs in
// the other three (the partner included), the board drawn from the person's side. The same
// commands as the standard game's session; a forced pass is played for the person.
#include <array>
#include <cctype>
#include <istream>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "cli/board_diagram.hpp"
#include "cli/game_setup.hpp"
#include "cli/input_error.hpp"
#include "cli/play_command.hpp"
#include "cli/terminal_play.hpp"
#include "cli/variant.hpp"
#include "engine/splitmix64.hpp"
#include "players/grand_game_record.hpp"
#include "players/player_factory.hpp"
#include "players/player_spec.hpp"

namespace camelot::cli {
namespace {

using grand::GrandMove;
using grand::Player;

constexpr std::string_view kHelp =
    "Commands:\n"
    "  MOVE   play a move (C8-D9, H4xJ4xL6); FROM-TO or FROMxTO is enough where unambiguous\n"
    "  legal  list your legal moves\n"
    "  hint   let the program search a move for you\n"
    "  undo   take back your last move and the moves played after it\n"
    "  help   this list\n"
    "  quit   end the session\n";

std::string partnershipText(int partnership) {
  return partnership == 0 ? "Red and Blue" : "Green and Yellow";
}

class GrandPlaySession {
 public:
  GrandPlaySession(const PlayOptions& options, std::istream& in, std::ostream& out)
      : game_(grandPositionOf(options.fen)),
        human_(seatNamed(options.seat)),
        spec_(chosenGrandSpec(options.choice)),
        hinter_(makePlayer<GrandRules>(spec_, mixSeed(options.seed, grand::kPlayers))),
        saveTo_(options.out),
        in_(in),
        out_(out) {
    for (int seat = 0; seat < grand::kPlayers; ++seat)
      if (grand::playerAt(seat) != human_)
        programs_[static_cast<std::size_t>(seat)] =
            makePlayer<GrandRules>(spec_, mixSeed(options.seed, static_cast<std::uint64_t>(seat)));
    if (game_.finished())
      throw InputError("the game is over at this position (" + outcomeText(game_.status()) + ")");
    out_ << "You are " << grand::playerName(human_) << "; your partner "
         << grand::playerName(grand::partnerOf(human_)) << " is " << spec_.text() << ", "
         << partnershipText(1 - grand::partnershipOf(human_)) << " are " << spec_.text()
         << ". Type 'help' for the commands.\n";
  }

  void run() {
    while (!game_.finished()) {
      if (game_.position().toMove != human_) {
        programMoves();
        continue;
      }
      if (game_.legalMoves().size() == 1 && game_.legalMoves().front().pass()) {
        out_ << "You have no move: you pass (G11).\n";
        game_.play(game_.legalMoves().front());
        continue;
      }
      showBoard();
      out_ << "To move: " << grand::playerName(human_) << " (you)\n";
      if (!humanTurn()) {
        save();
        out_ << "Goodbye.\n";
        return;
      }
    }
    showBoard();
    out_ << "Game over: " << outcomeText(game_.status()) << '\n';
    save();
  }

 private:
  // Adds the game, as far as it went, to the --out games file (an unfinished one has result
  // "draw" with reason "unfinished"); the file's earlier games stay.
  void save() const {
    if (saveTo_.empty()) return;
    const auto sideText = [&](int partnership) {
      std::string text;
      for (const Player seat : {grand::playerAt(partnership), grand::playerAt(partnership + 2)})
        text += std::string(text.empty() ? "" : ", ") + (seat == human_ ? "human" : spec_.text()) +
                " (" + grand::playerName(seat) + ")";
      return text;
    };
    const int number = appendGame(saveTo_, [&](int game) {
      GrandGameRecord record{game,          sideText(0),   sideText(1), game_.positions().front(),
                             game_.moves(), game_.status()};
      if (!record.outcome.finished())
        record.outcome = {grand::GrandOutcome::Kind::Draw, -1, "unfinished"};
      return record.toJsonLine();
    });
    out_ << "Game saved to " << saveTo_ << " (game " << number << ")\n";
  }

  void showBoard() const {
    out_ << '\n' << grandBoardDiagram(game_.position(), human_) << grandBoardLegend();
  }

  // The program in the seat to move plays, and says so with its value.
  void programMoves() {
    const Player seat = game_.position().toMove;
    GrandPlayer& program = *programs_[static_cast<std::size_t>(grand::index(seat))];
    const GrandMove move = program.chooseMove(game_);
    out_ << grand::playerName(seat) << (seat == grand::partnerOf(human_) ? " (your partner)" : "")
         << " plays " << grand::notation(move) << valueText(program, grand::partnershipOf(seat))
         << '\n';
    game_.play(move);
  }

  // " (value +0.12 for Red and Blue)", or nothing from a player that does not search.
  static std::string valueText(const GrandPlayer& player, int partnership) {
    const std::optional<GrandMoveReport> report = player.lastReport();
    if (!report) return "";
    return " (value " + signedValue(report->value) + " for " + partnershipText(partnership) + ")";
  }

  // Reads lines until the human has moved or taken moves back (true) or leaves (false).
  bool humanTurn() {
    return cli::humanTurn(
        in_, out_, "Your move (" + std::string(grand::playerName(human_)) + "), or 'help': ", kHelp,
        {[&] { listLegalMoves(); },
         [&] {
           const GrandMove hint = hinter_->chooseMove(game_);
           out_ << "Hint: " << grand::notation(hint)
                << valueText(*hinter_, grand::partnershipOf(human_)) << '\n';
         },
         [&] { return undo(); }, [&](const std::string& line) { return playHumanMove(line); }});
  }

  void listLegalMoves() const {
    const std::vector<GrandMove>& moves = game_.legalMoves();
    out_ << "Legal moves (" << moves.size() << "):";
    for (std::size_t i = 0; i < moves.size(); ++i)
      out_ << (i % 8 == 0 ? "\n  " : "  ") << grand::notation(moves[i]);
    out_ << '\n';
  }

  // Back to the person's turn before their last move (a forced pass of theirs included).
  bool undo() {
    const std::vector<GrandMove>& moves = game_.moves();
    std::size_t back = 0;
    for (std::size_t ply = moves.size(); ply > 0; --ply)
      if (game_.positions()[ply - 1].toMove == human_ && !moves[ply - 1].pass()) {
        back = moves.size() - (ply - 1);
        break;
      }
    if (back == 0) {
      out_ << "Nothing to undo: you have not moved yet.\n";
      return false;
    }
    for (std::size_t i = 0; i < back; ++i)
      game_.undo();
    out_ << "Took back your last move and the " << back - 1 << " played after it.\n";
    return true;
  }

  // Squares are read in either case ("f3-e2").
  bool playHumanMove(const std::string& line) {
    std::string text;
    for (const char c : line)
      if (std::isspace(static_cast<unsigned char>(c)) == 0)
        text += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    const std::optional<GrandMove> move = grand::findMove(game_.position(), text);
    if (!move) {
      out_ << "'" << text << "' is not a legal move of " << grand::playerName(human_)
           << "; type 'legal' for the legal moves or 'help'\n";
      return false;
    }
    out_ << "You play " << grand::notation(*move) << '\n';
    game_.play(*move);
    return true;
  }

  grand::GrandGame game_;
  const Player human_;
  const PlayerSpec spec_;
  std::array<std::unique_ptr<GrandPlayer>, grand::kPlayers> programs_;  // none in the human's
  std::unique_ptr<GrandPlayer> hinter_;
  const std::string saveTo_;
  std::istream& in_;
  std::ostream& out_;
};

}  // namespace

void runGrandPlay(const PlayOptions& options, std::istream& in, std::ostream& out) {
  GrandPlaySession(options, in, out).run();
}

}  // namespace camelot::cli
