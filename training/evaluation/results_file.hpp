#pragma once
// results.csv: one line per finished game, the file arenas and training runs write and
// `camelot ratings` reads and merges. Columns:
//   white,black,result,reason,plies,start,note
// with result "1-0", "0-1" or "1/2-1/2", reason as in game records ("castle", "forfeit", ...),
// start the game's first position as CFEN and note the referee's remark (an outside engine's
// illegal move), usually empty. Fields are CSV-quoted where needed (specs hold commas). A Grand
// Camelot game's line has Red and Blue's player as "white" (they move first), Green and
// Yellow's as "black", and its start as GFEN.

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "players/game_record.hpp"
#include "players/grand_game_record.hpp"
#include "training/evaluation/ratings.hpp"

namespace camelot {

class ResultsError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

std::string resultsHeader();                 // the column line, with its line break
std::string resultsLine(const GameRecord&);  // one game, with its line break
std::string resultsLine(const GrandGameRecord&);

struct ResultsRead {
  std::vector<RatedGame> games;
  std::vector<std::string> warnings;  // a torn last line (a run killed mid-write), skipped
};

// Throws ResultsError "FILE: ..." / "FILE:LINE: ..." for a missing file, a wrong header or a
// malformed line.
ResultsRead readResults(const std::filesystem::path& file);

// The results of a games file (games.jsonl, as `match --out` writes it): each line's players
// and result. Throws ResultsError "FILE:LINE: ..." for a line that is not a game record with
// both players and a result; a torn last line is a warning.
ResultsRead readGameResults(const std::filesystem::path& file);

// What `camelot ratings` reads from one source: a directory's results.csv (an arena or a run)
// or, failing that, its games.jsonl (a match); a file by its kind (.jsonl: games, else
// results.csv).
ResultsRead readRatedGames(const std::filesystem::path& source);

}  // namespace camelot
