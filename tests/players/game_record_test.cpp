// A game record's line round-trips through readGameRecordLine, and a line that is not a game
// record gets one error naming what is wrong.

#include "players/game_record.hpp"

#include <gtest/gtest.h>

#include "engine/cfen.hpp"
#include "engine/notation.hpp"
#include "io/byte_reader.hpp"
#include "io/byte_writer.hpp"
#include "players/grand_game_record.hpp"

namespace camelot {
namespace {

TEST(GameRecordLine, ReadsWhatToJsonLineWrites) {
  GameRecord record;
  record.game = 7;
  record.white = "net:a.ckpt,time=100";
  record.black = "alphabeta:depth=2";
  record.start = Position::start();
  Position p = record.start;
  for (const char* text : {"F7-F8", "G10-G9", "F6-F7"}) {
    record.moves.push_back(parseMove(p, text));
    p.play(record.moves.back());
  }
  record.status = {Outcome::Draw, EndReason::Clock};
  record.note = "a \"quoted\" note";

  const WrittenGameRecord read = readGameRecordLine(record.toJsonLine());
  EXPECT_EQ(read.white, record.white);
  EXPECT_EQ(read.black, record.black);
  EXPECT_EQ(read.start, toCfen(record.start));
  EXPECT_EQ(read.moves, (std::vector<std::string>{"F7-F8", "G10-G9", "F6-F7"}));
  EXPECT_EQ(read.result, "draw");
  EXPECT_EQ(read.variant, "standard");
}

// A Grand Camelot record says its variant, so that readers of the standard game can tell, and
// its partnerships stand as its two players.
TEST(GameRecordLine, ReadsTheVariantOfAGrandRecord) {
  GrandGameRecord record;
  record.rb = "random";
  record.gy = "greedy";
  const WrittenGameRecord read = readGameRecordLine(record.toJsonLine());
  EXPECT_EQ(read.variant, "grand");
  EXPECT_EQ(read.white, "random");  // the partnerships, rb first
  EXPECT_EQ(read.black, "greedy");
}

// The byte form ranks send under MPI keeps everything, the moves' paths included.
TEST(GameRecordBytes, ReadWhatWriteWrote) {
  GameRecord record;
  record.game = 12;
  record.white = "gen-3";
  record.black = "engine:./other --fast";
  record.start = Position::start();
  Position p = record.start;
  for (const char* text : {"F7-F8", "G10-G9", "F6-F7"}) {
    record.moves.push_back(parseMove(p, text));
    p.play(record.moves.back());
  }
  record.status = {Outcome::BlackWins, EndReason::Forfeit};
  record.note = "no answer in time";
  ByteWriter out;
  writeGameRecord(out, record);
  out.put(std::uint8_t{0xAB});  // what follows is left for the caller
  ByteReader in(out.bytes());
  const GameRecord read = readGameRecord(in);
  EXPECT_EQ(read.toJsonLine(), record.toJsonLine());
  EXPECT_EQ(read.moves, record.moves);
  EXPECT_EQ(in.remaining(), 1u);
  // Cut anywhere, it is refused as short, never read past its end.
  for (std::size_t size = 0; size + 1 < out.size(); ++size) {
    ByteReader cut(std::span(out.bytes()).first(size));
    EXPECT_THROW(readGameRecord(cut), ByteReader::Short) << size;
  }
}

TEST(GameRecordLine, SkipsOtherFieldsAndNeedsOnlyMoves) {
  const WrittenGameRecord read = readGameRecordLine(
      R"({"extra":{"white":1,"moves":[2]},"list":[[1],{"a":null}],"moves":["F6-F8"],"x":true})");
  EXPECT_EQ(read.white, "");
  EXPECT_EQ(read.start, std::nullopt);
  EXPECT_EQ(read.moves, std::vector<std::string>{"F6-F8"});
  EXPECT_EQ(read.result, "");
}

TEST(GameRecordLine, NamesWhatIsWrong) {
  const auto error = [](const std::string& line) -> std::string {
    try {
      readGameRecordLine(line);
    } catch (const GameRecordError& e) {
      return e.what();
    }
    return "(read)";
  };
  EXPECT_EQ(error("[1, 2]"), "not a JSON object");
  EXPECT_EQ(error("3"), "not a JSON object");
  EXPECT_TRUE(error("{broken").starts_with("not a JSON object ([json.exception.parse_error"))
      << error("{broken");
  EXPECT_TRUE(error(R"({"moves":["F6-F8"]} trailing)").starts_with("not a JSON object ("));
  EXPECT_EQ(error(R"({"white":"a"})"), "bad game record: no \"moves\"");
  EXPECT_EQ(error(R"({"moves":3})"),
            "bad game record: \"moves\" is a number, not an array of moves");
  EXPECT_EQ(error(R"({"moves":"F6-F8"})"),
            "bad game record: \"moves\" is a string, not an array of moves");
  EXPECT_EQ(error(R"({"moves":["F6-F8",null]})"),
            "bad game record: \"moves\" holds null instead of a move");
  EXPECT_EQ(error(R"({"moves":[["F6-F8"]]})"),
            "bad game record: \"moves\" holds an array instead of a move");
  EXPECT_EQ(error(R"({"moves":[],"start":{}})"),
            "bad game record: \"start\" is an object, not a string");
  EXPECT_EQ(error(R"({"result":1,"moves":[]})"),
            "bad game record: \"result\" is a number, not a string");
}

}  // namespace
}  // namespace camelot
