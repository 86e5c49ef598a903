#include <algorithm>
#include <memory>
#include <optional>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "cli/board_diagram.hpp"
#include "cli/command.hpp"
#include "cli/command_options.hpp"
#include "cli/game_setup.hpp"
#include "cli/input_error.hpp"
#include "cli/variant.hpp"
#include "engine/cfen.hpp"
#include "engine/game.hpp"
#include "engine/grand/grand_rules.hpp"
#include "engine/notation.hpp"

namespace camelot::cli {
namespace {

struct ShowOptions {
  std::string fen = "startpos";
  std::string moves;
  bool numeric = false;
  std::optional<Variant> variant;  // --variant; none: the position's
  std::string seat = "red";        // Grand Camelot: whose side of the board is at the bottom
};

std::string colorName(Color c) {
  return c == Color::White ? "White" : "Black";
}

// Runs of digits compare as numbers, so numeric notation reads in order: "9-10" before "10-11".
bool naturalLess(std::string_view a, std::string_view b) {
  const auto isDigit = [](char c) { return c >= '0' && c <= '9'; };
  std::size_t i = 0;
  std::size_t j = 0;
  while (i < a.size() && j < b.size()) {
    if (isDigit(a[i]) && isDigit(b[j])) {
      const std::size_t startA = i;
      const std::size_t startB = j;
      while (i < a.size() && isDigit(a[i]))
        ++i;
      while (j < b.size() && isDigit(b[j]))
        ++j;
      const std::string_view numberA = a.substr(startA, i - startA);
      const std::string_view numberB = b.substr(startB, j - startB);
      if (numberA.size() != numberB.size()) return numberA.size() < numberB.size();
      if (numberA != numberB) return numberA < numberB;
    } else {
      if (a[i] != b[j]) return a[i] < b[j];
      ++i;
      ++j;
    }
  }
  return a.size() - i < b.size() - j;
}

// What the variants show differently: the board (the standard game's from White's side, Grand
// Camelot's from --seat), who moves, a pending obligation, and the legal moves' names in the
// order listed (the standard game's in either notation, runs of digits read as numbers).
std::string board(const Position& position, const ShowOptions&) {
  return boardDiagram(position);
}
std::string board(const grand::GrandPosition& position, const ShowOptions& options) {
  return grandBoardDiagram(position, seatNamed(options.seat));
}

std::string toMoveText(const Position& position) {
  return colorName(position.sideToMove());
}
std::string toMoveText(const grand::GrandPosition& position) {
  return std::string(grand::playerName(position.toMove)) + " (partnership " +
         grand::partnershipName(grand::partnershipOf(position.toMove)) + ")";
}

// R7's obligation, while it stands: "Pending: ...\n".
std::string pendingText(const Game& game) {
  const Position& position = game.position();
  const Bitboard mustLeave =
      position.pieces(position.sideToMove()) & castleOf(position.sideToMove());
  if (mustLeave.none() || game.finished()) return "";
  std::string squares;
  forEachSquare(mustLeave, [&](Square s) { squares += ' ' + squareName(s); });
  return "Pending: a piece on its own castle must leave (R7):" + squares + '\n';
}
std::string pendingText(const grand::GrandGame&) {
  return "";
}

std::vector<std::string> moveNames(const Game& game, const ShowOptions& options) {
  std::vector<std::string> names;
  for (const Move& m : game.legalMoves())
    names.push_back(options.numeric ? toNumericNotation(m, game.position()) : toNotation(m));
  std::sort(names.begin(), names.end(), naturalLess);
  return names;
}
std::vector<std::string> moveNames(const grand::GrandGame& game, const ShowOptions&) {
  std::vector<std::string> names;
  for (const grand::GrandMove& m : game.legalMoves())
    names.push_back(grand::notation(m));
  return names;
}

// The board, the position's text, who moves, the status and the legal moves.
template <class Rules>
void runShow(const ShowOptions& options, std::ostream& out) {
  const BasicGame<Rules> game = gameFromMoves<Rules>(options.fen, options.moves);
  const typename Rules::Position& position = game.position();
  out << board(position, options) << '\n';
  out << Rules::kPositionFormat << ":    " << Rules::positionText(position) << '\n';
  out << "To move: " << toMoveText(position) << '\n';
  out << "Status:  " << statusText(game.status()) << '\n';
  out << pendingText(game);
  const std::vector<std::string> names = moveNames(game, options);
  out << "Legal moves (" << names.size() << "):";
  for (std::size_t i = 0; i < names.size(); ++i)
    out << (i % 8 == 0 ? "\n  " : "  ") << names[i];
  out << '\n';
}

}  // namespace

void addShowCommand(CLI::App& app, Commands& commands) {
  auto options = std::make_shared<ShowOptions>();
  CLI::App* show = app.add_subcommand(
      "show", "Play moves from a position and print the board, its CFEN, status and legal moves.");
  show->add_option("--fen", options->fen,
                   "Position as CFEN (GFEN for Grand Camelot), or 'startpos'")
      ->capture_default_str();
  show->add_option("--moves", options->moves,
                   "Moves to play first, separated by spaces, e.g. \"F6-F8 G11-G9\"");
  show->add_flag("--numeric", options->numeric, "List the legal moves in numeric notation");
  addVariantOption(show, options->variant, "");
  show->add_option("--seat", options->seat,
                   "Grand Camelot: the seat whose side is drawn at the bottom")
      ->check(CLI::IsMember(kSeatNames))
      ->capture_default_str();
  commands.add(show, [options](const CommandStreams& io) {
    withRules(variantOf(options->variant, options->fen),
              [&]<class Rules>(Rules) { runShow<Rules>(*options, io.out); });
  });
}

}  // namespace camelot::cli
