#pragma once
// results.csv: one line per finished game, the file arenas and training runs write and
// `camelot ratings` reads and merges. Columns:
//   white,black,result,reason,plies,start,note
// with result "1-0", "0-1" or "1/2-1/2", reason as in game records ("castle", "forfeit", ...),
// start the game's first position as CFEN and note the referee's remark (an outside engine's
// illegal move), usually empty. Fields are CSV-quoted where needed (specs hold commas).

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "training/game_record.hpp"
#include "training/ratings.hpp"

namespace camelot {

class ResultsError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

std::string resultsHeader();                 // the column line, with its line break
std::string resultsLine(const GameRecord&);  // one game, with its line break

struct ResultsRead {
  std::vector<RatedGame> games;
  std::vector<std::string> warnings;  // a torn last line (a run killed mid-write), skipped
};

// Throws ResultsError "FILE: ..." / "FILE:LINE: ..." for a missing file, a wrong header or a
// malformed line.
ResultsRead readResults(const std::filesystem::path& file);

}  // namespace camelot
