#pragma once
// A finished game as it is saved: the start position, the moves in letter notation, the
// result and its reason, and who played. One JSON object per line of a games file.

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game.hpp"

namespace camelot {

struct GameRecord {
  int game = 0;       // its number within its match or run, from 1
  std::string white;  // player specs
  std::string black;
  Position start;
  std::vector<Move> moves;
  GameStatus status;
  std::string note;  // why the referee ended it (a forfeit's reason); usually empty

  // {"game": N, "white": ..., "black": ..., "start": CFEN, "moves": [...], "result":
  // "white"|"black"|"draw",
  //  "reason": "castle"|..., "plies": N[, "note": ...]} on one line ("note" only when set).
  std::string toJsonLine() const;
};

class ByteWriter;
class ByteReader;

// A record as bytes, whole (what ranks send each other under MPI), and back. readGameRecord
// throws ByteReader::Short when the bytes end early, GameRecordError for a bad move path.
void writeGameRecord(ByteWriter& out, const GameRecord& record);
GameRecord readGameRecord(ByteReader& in);

// A line of a games file as written, before any move is checked: what a reader of games needs.
struct WrittenGameRecord {
  std::int64_t game = 0;  // its number; 0 when absent
  // The players, empty when absent; of a Grand Camelot record, the partnerships' ("rb", the
  // first to move, and "gy").
  std::string white, black;
  std::optional<std::string> start;  // the CFEN; absent: the start position
  std::vector<std::string> moves;
  std::string result;                // "white", "black", "draw", or empty when absent
  std::string variant = "standard";  // "grand" for a Grand Camelot record (grand_game_record)
};

// A line that is not a game record. what() starts "not a JSON object" or "bad game record: ".
class GameRecordError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// Reads one line of a games file. Fields other than these are skipped; "moves" is required.
// Throws GameRecordError.
WrittenGameRecord readGameRecordLine(std::string_view line);

}  // namespace camelot
