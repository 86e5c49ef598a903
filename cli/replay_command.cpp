// `camelot replay FILE [--game N] [--moves letter|numeric]`: a recorded game, move by move in
// the terminal, or its move list for sharing.
#include <fstream>
#include <istream>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "cli/board_diagram.hpp"
#include "cli/command.hpp"
#include "cli/command_options.hpp"
#include "cli/game_setup.hpp"
#include "cli/input_error.hpp"
#include "engine/cfen.hpp"
#include "engine/game.hpp"
#include "engine/notation.hpp"
#include "players/game_record.hpp"

namespace camelot::cli {
namespace {

struct ReplayOptions {
  std::string file;   // a games file (games.jsonl)
  int game = 1;       // which game: its "game" number, else its line
  std::string moves;  // "letter" or "numeric": print the move list and stop
};

// Game `number` of the file: the record with that "game" number, else the record on that line.
WrittenGameRecord findGame(const std::string& file, int number) {
  std::ifstream in(file);
  if (!in) throw InputError(file + ": cannot read it (no such file?)");
  std::optional<WrittenGameRecord> onLine;
  int lines = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.empty()) continue;
    ++lines;
    WrittenGameRecord record;
    try {
      record = readGameRecordLine(line);
    } catch (const GameRecordError& e) {
      throw InputError(file + ":" + std::to_string(lines) + ": " + e.what());
    }
    if (record.game == number) return record;
    if (lines == number) onLine = record;
  }
  if (onLine) return *onLine;
  throw InputError(file + ": no game " + std::to_string(number) + " (it holds " +
                   std::to_string(lines) + (lines == 1 ? " game)" : " games)"));
}

// The record replayed by the rules: every position, and the moves as the engine reads them.
struct Replayed {
  std::vector<Position> positions;  // before each move, then the last
  std::vector<Move> moves;
  GameStatus status;
};

Replayed replay(const WrittenGameRecord& record, const std::string& file) {
  if (record.variant != "standard")
    throw InputError(file + ": a game of the variant '" + record.variant +
                     "'; replay shows the standard game only");
  Position start;
  try {
    start = parseCfen(record.start.value_or("startpos"));
  } catch (const CfenError& e) {
    throw InputError(file + ": the start: " + e.what());
  }
  Game game(start);
  Replayed replayed;
  for (std::size_t i = 0; i < record.moves.size(); ++i) {
    try {
      const Move move = parseMove(game.position(), record.moves[i]);
      replayed.positions.push_back(game.position());
      replayed.moves.push_back(move);
      game.play(move);
    } catch (const MoveError& e) {
      throw InputError(file + ": move " + std::to_string(i + 1) + ": " + e.what());
    }
  }
  replayed.positions.push_back(game.position());
  replayed.status = game.status();
  return replayed;
}

// "1. F6-F8 G11-G9 2. ..." with White's moves numbered, in letter or numeric notation.
std::string moveList(const Replayed& game, bool numeric) {
  std::string text;
  for (std::size_t i = 0; i < game.moves.size(); ++i) {
    const Position& before = game.positions[i];
    const bool white = before.sideToMove() == Color::White;
    if (i > 0) text += ' ';
    if (white || i == 0) {
      text += std::to_string(i / 2 + 1);
      text += white ? ". " : "... ";
    }
    text += numeric ? toNumericNotation(game.moves[i], before) : toNotation(game.moves[i]);
  }
  return text;
}

// Steps through a recorded game: Enter (or 'n') the next move, 'b' back, 'q' quit.
void runReplay(const ReplayOptions& options, std::istream& in, std::ostream& out) {
  const WrittenGameRecord record = findGame(options.file, options.game);
  const Replayed game = replay(record, options.file);
  const std::string result = record.result.empty() ? "none" : record.result;
  if (!options.moves.empty()) {
    out << moveList(game, options.moves == "numeric") << '\n';
    return;
  }
  out << "Game " << options.game << " of " << options.file << ": " << record.white << " (White) vs "
      << record.black << " (Black), " << game.moves.size() << " plies, result " << result
      << ". Enter or 'n': next move, 'b': back, 'q': quit.\n";
  std::size_t at = 0;  // moves played so far
  for (;;) {
    out << '\n' << boardDiagram(game.positions[at]) << boardLegend();
    if (at > 0)
      out << "Move " << at << ": " << toNotation(game.moves[at - 1]) << " ("
          << toNumericNotation(game.moves[at - 1], game.positions[at - 1]) << ")\n";
    if (at == game.moves.size())
      out << (game.status.finished() ? "End of the game: " + statusText(game.status)
                                     : "End of the record (result " + result + ")")
          << '\n';
    out << "[n]ext, [b]ack, [q]uit: " << std::flush;
    std::string line;
    if (!std::getline(in, line) || line == "q" || line == "quit") {
      out << '\n';
      return;
    }
    if (line == "b" || line == "back") {
      if (at > 0) --at;
    } else if (at < game.moves.size()) {
      ++at;
    }
  }
}

}  // namespace

void addReplayCommand(CLI::App& app, Commands& commands) {
  auto options = std::make_shared<ReplayOptions>();
  CLI::App* replay = app.add_subcommand(
      "replay",
      "Step through a recorded game in the terminal (Enter or 'n': next move, 'b': back, 'q': "
      "quit), or print its move list in either notation for sharing.");
  replay
      ->add_option("FILE", options->file,
                   "A games file: games.jsonl of a match, arena, "
                   "run or camelot play --out")
      ->required();
  replay->add_option("--game", options->game, "Which game: its number in the file")
      ->capture_default_str()
      ->check(CLI::Range(1, 1'000'000'000));
  replay
      ->add_option("--moves", options->moves,
                   "Print the move list in letter or numeric (1999 WCF) notation and stop")
      ->check(CLI::IsMember({"letter", "numeric"}));
  commands.add(replay, [options](const CommandStreams& io) { runReplay(*options, io.in, io.out); });
}

}  // namespace camelot::cli
