// `camelot play`: a person against the network (or any player of the registry) in the
// terminal, in either variant. The person types moves or a few commands, and a typo only earns
// an explanation, never the end of the session.
#include "cli/play_command.hpp"

#include <algorithm>
#include <istream>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "cli/command.hpp"
#include "cli/command_options.hpp"
#include "cli/game_setup.hpp"
#include "cli/input_error.hpp"
#include "cli/play_seats.hpp"
#include "cli/terminal_play.hpp"
#include "cli/variant.hpp"
#include "cli/variant_text.hpp"

namespace camelot::cli {
namespace {

// A person against programs in the terminal, in either variant: reads moves and commands from
// `in` until the game ends, the person quits, or `in` ends. Who sits where and what the table
// says is the variant's (cli/play_seats.hpp); a forced pass (Grand Camelot, G11) is played for
// the person.
template <class Rules>
class PlaySession {
 public:
  using Seats = PlaySeats<Rules>;

  PlaySession(const PlayOptions& options, std::istream& in, std::ostream& out)
      : game_(Rules::parsePosition(options.fen)),
        seats_(options),
        saveTo_(options.out),
        in_(in),
        out_(out) {
    if (game_.finished())
      throw InputError("the game is over at this position (" + statusText(game_.status()) + ")");
    out_ << seats_.greeting();
  }

  void run() {
    while (!game_.finished()) {
      if (!seats_.humanToMove(game_.position())) {
        out_ << seats_.programMoves(game_);
        continue;
      }
      if (game_.legalMoves().size() == 1 && Seats::isPass(game_.legalMoves()[0])) {
        out_ << "You have no move: you pass (G11).\n";
        game_.play(game_.legalMoves()[0]);
        continue;
      }
      out_ << seats_.board(game_) << "To move: " << seats_.humanName() << " (you)\n";
      if (!humanTurn()) {
        save();
        out_ << "Goodbye.\n";
        return;
      }
    }
    out_ << seats_.board(game_) << "Game over: " << statusText(game_.status()) << '\n';
    save();
  }

 private:
  // Adds the game, as far as it went, to the --out games file; the file's earlier games stay.
  void save() const {
    if (saveTo_.empty()) return;
    const int number = appendGame(saveTo_, [&](int game) { return seats_.record(game_, game); });
    out_ << "Game saved to " << saveTo_ << " (game " << number << ")\n";
  }

  // Reads lines until the person has moved or taken moves back (true) or leaves (false).
  bool humanTurn() {
    return cli::humanTurn(
        in_, out_, "Your move (" + seats_.humanName() + "), or 'help': ", Seats::help(),
        {[&] { listLegalMoves(); }, [&] { out_ << seats_.hint(game_); }, [&] { return undo(); },
         [&](const std::string& line) { return playHumanMove(line); }});
  }

  void listLegalMoves() const {
    std::vector<std::string> names;
    for (const auto& m : game_.legalMoves())
      names.push_back(VariantText<Rules>::move(m));
    std::ranges::sort(names);
    out_ << "Legal moves (" << names.size() << "):";
    for (std::size_t i = 0; i < names.size(); ++i)
      out_ << (i % 8 == 0 ? "\n  " : "  ") << names[i];
    out_ << '\n';
  }

  // Back to the person's turn before their last move (a forced pass of theirs does not count).
  bool undo() {
    const auto& moves = game_.moves();
    std::size_t back = 0;
    for (std::size_t ply = moves.size(); ply > 0; --ply)
      if (seats_.humanToMove(game_.positions()[ply - 1]) && !Seats::isPass(moves[ply - 1])) {
        back = moves.size() - (ply - 1);
        break;
      }
    if (back == 0) {
      out_ << "Nothing to undo: you have not moved yet.\n";
      return false;
    }
    for (std::size_t i = 0; i < back; ++i)
      game_.undo();
    out_ << Seats::undone(back);
    return true;
  }

  bool playHumanMove(const std::string& line) {
    std::string error;
    const auto move = seats_.readMove(game_.position(), line, error);
    if (!move) {
      out_ << error << "; type 'legal' for the legal moves or 'help'\n";
      return false;
    }
    out_ << "You play " << VariantText<Rules>::move(*move) << '\n';
    game_.play(*move);
    return true;
  }

  BasicGame<Rules> game_;
  Seats seats_;
  const std::string saveTo_;
  std::istream& in_;
  std::ostream& out_;
};

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
                   "; you play --seat, the network options (default: the shipped " +
                       shippedGrandNetwork().string() + ") or --player SPEC the other three seats");
  play->add_option("--seat", options->seat, "Grand Camelot: your seat")
      ->capture_default_str()
      ->check(CLI::IsMember(kSeatNames));
  play->add_option("--out", options->out,
                   "Add the game to this games file (JSON lines, as match --out writes) when "
                   "the session ends");
  commands.add(play, [options](const CommandStreams& io) {
    withRules(variantOf(options->variant, options->fen),
              [&]<class Rules>(Rules) { PlaySession<Rules>(*options, io.in, io.out).run(); });
  });
}

}  // namespace camelot::cli
