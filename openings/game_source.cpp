#include "openings/game_source.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "engine/cfen.hpp"
#include "engine/game.hpp"
#include "engine/notation.hpp"
#include "players/game_record.hpp"

namespace camelot {
namespace fs = std::filesystem;
namespace {

// Replays `moves` from `game.start` into `game.moves`; the reason if one does not fit.
std::string replay(const std::vector<std::string>& moves, SourceGame& game) {
  Game play(game.start);
  game.moves.reserve(moves.size());
  game.keys.reserve(moves.size() + 1);
  game.keys.push_back(game.start.hash());
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const auto where = [&] { return "move " + std::to_string(i + 1) + " '" + moves[i] + "': "; };
    if (play.finished())
      return where() + "the game was over (" + std::string(endReasonName(play.status().reason)) +
             ")";
    try {
      const Move move = parseMove(play.position(), moves[i]);
      play.play(move);
      game.moves.push_back(move);
      game.keys.push_back(play.position().hash());
    } catch (const MoveError& e) {
      return where() + e.what();
    }
  }
  // A game the rules ended cannot have another result.
  if (play.finished() && game.result != Outcome::None && play.status().outcome != game.result)
    return "the result is " + std::string(outcomeName(game.result)) + " but the rules give " +
           std::string(outcomeName(play.status().outcome)) + " (" +
           std::string(endReasonName(play.status().reason)) + ")";
  return "";
}

// A record of a variant the database does not hold: said once for its file, which is skipped.
struct OtherVariant {
  std::string variant;
};

// One JSON game record (players/game_record.hpp).
std::string fromJson(const std::string& line, SourceGame& game) {
  try {
    WrittenGameRecord record = readGameRecordLine(line);
    if (record.variant != "standard") throw OtherVariant{record.variant};
    game.white = std::move(record.white);
    game.black = std::move(record.black);
    game.start = record.start ? parseCfen(*record.start) : Position::start();
    game.result = record.result == "white"   ? Outcome::WhiteWins
                  : record.result == "black" ? Outcome::BlackWins
                  : record.result == "draw"  ? Outcome::Draw
                                             : Outcome::None;
    return replay(record.moves, game);
  } catch (const GameRecordError& e) {
    return e.what();
  } catch (const CfenError& e) {
    return std::string("bad start: ") + e.what();
  }
}

// One line of moves then a result.
std::string fromText(const std::string& line, SourceGame& game) {
  std::istringstream in(line);
  std::vector<std::string> words;
  for (std::string word; in >> word;)
    words.push_back(word);
  if (words.empty()) return "no moves and no result";
  const std::string last = words.back();
  if (last == "1-0")
    game.result = Outcome::WhiteWins;
  else if (last == "0-1")
    game.result = Outcome::BlackWins;
  else if (last == "1/2-1/2")
    game.result = Outcome::Draw;
  else if (last == "*")
    game.result = Outcome::None;
  else
    return "no result at the end of the line (1-0, 0-1, 1/2-1/2 or *; got '" + last + "')";
  words.pop_back();
  game.start = Position::start();
  return replay(words, game);
}

}  // namespace

std::vector<fs::path> gameFiles(const fs::path& source) {
  std::error_code error;
  if (!fs::exists(source, error)) throw GameSourceError(source.string() + ": no such file");
  if (!fs::is_directory(source)) return {source};
  if (fs::is_regular_file(source / "games.jsonl")) return {source / "games.jsonl"};
  std::vector<fs::path> files;
  if (fs::is_directory(source / "games"))
    for (const auto& entry : fs::directory_iterator(source / "games"))
      if (entry.path().extension() == ".jsonl") files.push_back(entry.path());
  if (files.empty())
    throw GameSourceError(source.string() +
                          ": a directory without games.jsonl or games/*.jsonl (a match, arena "
                          "or training run directory is expected)");
  std::sort(files.begin(), files.end());
  return files;
}

void readGames(const fs::path& source, const std::function<void(SourceGame&&)>& take,
               const std::function<void(const std::string&)>& bad) {
  for (const fs::path& file : gameFiles(source)) {
    std::ifstream in(file);
    if (!in) throw GameSourceError(file.string() + ": cannot be read");
    const bool json = file.extension() == ".jsonl";
    int number = 0;
    for (std::string line; std::getline(in, line);) {
      ++number;
      // Blank by the reader's own definition (what >> skips), form feeds and vertical tabs too.
      const auto first = line.find_first_not_of(" \t\r\n\f\v");
      if (first == std::string::npos || line[first] == '#') continue;
      SourceGame game;
      game.origin = file.string() + ":" + std::to_string(number);
      std::string problem;
      try {
        problem = json ? fromJson(line, game) : fromText(line, game);
      } catch (const OtherVariant& other) {
        bad(game.origin + ": a game of the variant '" + other.variant +
            "'; the opening database holds the standard game only, so the rest of this file "
            "is skipped");
        break;
      }
      if (problem.empty())
        take(std::move(game));
      else
        bad(game.origin + ": " + problem);
    }
  }
}

}  // namespace camelot
