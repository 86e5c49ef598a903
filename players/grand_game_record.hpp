#pragma once
// A finished Grand Camelot game as it is saved: one JSON object a line, as GameRecord is for
// the standard game, with the partnerships' players in place of White's and Black's.

#include <string>
#include <vector>

#include "engine/game.hpp"
#include "io/byte_reader.hpp"
#include "io/byte_writer.hpp"

namespace camelot {

struct GrandGameRecord {
  int game = 0;    // its number within its match, from 1
  std::string rb;  // the player specs of the partnerships: Red and Blue, Green and Yellow
  std::string gy;
  grand::GrandPosition start;
  std::vector<grand::GrandMove> moves;
  grand::GrandOutcome outcome;  // reason "adjudicated" for a game stopped by a length cap

  // {"game": N, "variant": "grand", "rb": ..., "gy": ..., "start": GFEN, "moves": [...],
  //  "result": "rb"|"gy"|"draw", "reason": "castle"|..., "plies": N} on one line.
  std::string toJsonLine() const;
};

// "rb", "gy" or "draw".
std::string grandResultName(const grand::GrandOutcome& outcome);

// A record as bytes, whole (what ranks send each other under MPI), and back; the outcome alone
// likewise (the outcome a game's training samples are scored by). The readers throw
// GameRecordError (players/game_record.hpp) for a malformed record and ByteReader::Short for one
// cut short.
void writeGameRecord(ByteWriter& out, const GrandGameRecord& record);
GrandGameRecord readGrandGameRecord(ByteReader& in);
void writeOutcome(ByteWriter& out, const grand::GrandOutcome& outcome);
grand::GrandOutcome readGrandOutcome(ByteReader& in);

}  // namespace camelot
