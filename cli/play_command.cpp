// `camelot play`: a person against the network (or any player of the registry) in the
// terminal. The network's move is a PUCT search like `camelot analyze`; the person types moves in
// either notation or a few commands, and a typo only earns an explanation, never the end of the
// session.
#include "cli/play_command.hpp"

#include <algorithm>
#include <istream>
#include <memory>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "cli/board_diagram.hpp"
#include "cli/command.hpp"
#include "cli/command_options.hpp"
#include "cli/game_setup.hpp"
#include "cli/input_error.hpp"
#include "cli/terminal_play.hpp"
#include "cli/variant.hpp"
#include "engine/cfen.hpp"
#include "engine/game.hpp"
#include "engine/notation.hpp"
#include "players/game_record.hpp"
#include "players/player.hpp"

namespace camelot::cli {
namespace {

constexpr std::string_view kAiName = "CamelotZero";

constexpr std::string_view kHelp =
    "Commands:\n"
    "  MOVE   play a move in letter notation (F6-F8, F7-H5-J7, H4xJ4xL6) or numeric notation\n"
    "         (26-27, 26C28C30, 26J28J30); FROM-TO or FROMxTO is enough where unambiguous\n"
    "  legal  list your legal moves\n"
    "  hint   let CamelotZero search a move for you\n"
    "  undo   take back your last move and CamelotZero's reply\n"
    "  help   this list\n"
    "  quit   end the session\n";

std::string sideName(Color c) {
  return c == Color::White ? "White" : "Black";
}

Color parseColor(const std::string& name) {
  if (name == "white") return Color::White;
  if (name == "black") return Color::Black;
  throw UsageError("--color must be white or black, not '" + name + "'");
}

// The opponent's move and, from a searching player, its value of the position.
struct Choice {
  Move move;
  std::optional<float> value;  // expected score for the side to move, in [-1, 1]
};

Choice choose(Player& player, const Game& game) {
  const Move move = player.chooseMove(game);
  const std::optional<MoveReport> report = player.lastReport();
  return {move, report ? std::optional<float>(report->value) : std::nullopt};
}

// " (value +0.12 for you)", or nothing without a value.
std::string valueFor(const Choice& choice, std::string_view whom) {
  if (!choice.value) return "";
  return " (value " + signedValue(*choice.value) + " for " + std::string(whom) + ")";
}

class PlaySession {
 public:
  PlaySession(const PlayOptions& options, std::istream& in, std::ostream& out)
      : game_(parseCfen(options.fen)),
        start_(game_.position()),
        human_(parseColor(options.color)),
        ai_(chosenPlayer<StandardRules>(options.choice, options.seed)),
        saveTo_(options.out),
        in_(in),
        out_(out) {
    if (game_.finished())
      throw InputError("the game is over at this position (" + statusText(game_.status()) + ")");
    out_ << "You are " << sideName(human_) << "; " << kAiName << " (" << ai_->name() << ") is "
         << sideName(opposite(human_)) << ". Type 'help' for the commands.\n";
  }

  void run() {
    while (!game_.finished()) {
      if (game_.position().sideToMove() != human_) {
        aiMoves();
        continue;
      }
      showBoard();
      out_ << "To move: " << sideName(human_) << " (you)\n";
      if (!humanTurn()) {
        save();
        out_ << "Goodbye.\n";
        return;
      }
    }
    showBoard();
    out_ << "Game over: " << statusText(game_.status()) << '\n';
    save();
  }

 private:
  // Adds the game, as far as it went, to the --out games file (an unfinished one has result
  // "none"); the file's earlier games stay.
  void save() const {
    if (saveTo_.empty()) return;
    const std::string you = "human";
    const int number = appendGame(saveTo_, [&](int game) {
      return GameRecord{game,
                        human_ == Color::White ? you : ai_->name(),
                        human_ == Color::White ? ai_->name() : you,
                        start_,
                        game_.moves(),
                        game_.finished() ? game_.status() : GameStatus{},
                        ""}
          .toJsonLine();
    });
    out_ << "Game saved to " << saveTo_ << " (game " << number << ")\n";
  }

  void showBoard() const {
    out_ << '\n' << boardDiagram(game_.position(), human_) << boardLegend();
    if (game_.moves().empty()) return;
    const Color mover = game_.positions()[game_.positions().size() - 2].sideToMove();
    out_ << "Last move: " << toNotation(game_.moves().back()) << " by " << sideName(mover)
         << (mover == human_ ? " (you)" : " (" + std::string(kAiName) + ")") << '\n';
  }

  void aiMoves() {
    const Choice choice = choose(*ai_, game_);
    out_ << kAiName << " plays " << toNotation(choice.move) << valueFor(choice, kAiName) << '\n';
    game_.play(choice.move);
  }

  // Reads lines until the human has moved or taken moves back (true) or leaves (false).
  bool humanTurn() {
    return cli::humanTurn(
        in_, out_, "Your move (" + sideName(human_) + "), or 'help': ", kHelp,
        {[&] { listLegalMoves(); },
         [&] {
           const Choice hint = choose(*ai_, game_);
           out_ << "Hint: " << toNotation(hint.move) << valueFor(hint, "you") << '\n';
         },
         [&] { return undo(); }, [&](const std::string& line) { return playHumanMove(line); }});
  }

  void listLegalMoves() const {
    std::vector<std::string> names;
    for (const Move& m : game_.legalMoves())
      names.push_back(toNotation(m));
    std::ranges::sort(names);
    out_ << "Legal moves (" << names.size() << "):";
    for (std::size_t i = 0; i < names.size(); ++i)
      out_ << (i % 8 == 0 ? "\n  " : "  ") << names[i];
    out_ << '\n';
  }

  // At the human's turn the last move is the AI's reply and the one before it the human's.
  bool undo() {
    if (game_.moves().size() < 2) {
      out_ << "Nothing to undo: you have not moved yet.\n";
      return false;
    }
    game_.undo();
    game_.undo();
    out_ << "Took back your last move and " << kAiName << "'s reply.\n";
    return true;
  }

  bool playHumanMove(const std::string& text) {
    try {
      const Move move = parseMove(game_.position(), text);
      out_ << "You play " << toNotation(move) << '\n';
      game_.play(move);
      return true;
    } catch (const MoveError& e) {
      out_ << e.what() << "; type 'legal' for the legal moves or 'help'\n";
      return false;
    }
  }

  Game game_;
  const Position start_;
  const Color human_;
  std::unique_ptr<Player> ai_;
  const std::string saveTo_;
  std::istream& in_;
  std::ostream& out_;
};

// A person against the network: reads moves and commands from `in` until the game ends, the
// person quits, or `in` ends.
void runPlay(const PlayOptions& options, std::istream& in, std::ostream& out) {
  if (variantOf(options.variant, options.fen) == Variant::Grand) {
    runGrandPlay(options, in, out);
    return;
  }
  PlaySession(options, in, out).run();
}

}  // namespace

void addPlayCommand(CLI::App& app, Commands& commands) {
  auto options = std::make_shared<PlayOptions>();
  CLI::App* play = app.add_subcommand(
      "play",
      "Play a game in the terminal against a network (or any player): type moves in either "
      "notation, or 'help', "
      "'legal', 'hint', 'undo', 'quit'.");
  addPlayerChoice(play, options->choice);
  play->add_option("--color", options->color, "Your side; Black lets the network move first")
      ->capture_default_str()
      ->check(CLI::IsMember({"white", "black"}));
  play->add_option("--fen", options->fen,
                   "Start position as CFEN (GFEN for Grand Camelot), or 'startpos'")
      ->capture_default_str();
  addVariantOption(play, options->variant,
                   "; you play --seat, --player SPEC (default " + std::string(kDefaultGrandPlayer) +
                       ") the other three seats");
  play->add_option("--seat", options->seat, "Grand Camelot: your seat")
      ->capture_default_str()
      ->check(CLI::IsMember(kSeatNames));
  play->add_option("--out", options->out,
                   "Add the game to this games file (JSON lines, as match --out writes) when "
                   "the session ends");
  commands.add(play, [options](const CommandStreams& io) { runPlay(*options, io.in, io.out); });
}

}  // namespace camelot::cli
