// A game record's line round-trips through readGameRecordLine, and a line that is not a game
// record gets one error naming what is wrong.

#include "players/game_record.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

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

// Grand Camelot's byte form likewise (what ranks send in a Grand Camelot run under MPI): a
// seeded random game with its captures and passes, and its outcome.
TEST(GameRecordBytes, G13_AGrandRecordReadsBackWhole) {
  GrandGameRecord record;
  record.game = 5;
  record.rb = "net:gen-2";
  record.gy = "random";
  grand::GrandGame game;
  record.start = game.position();
  std::mt19937_64 rng(3);
  while (!game.finished()) {
    const auto& moves = game.legalMoves();
    record.moves.push_back(
        moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
    game.play(record.moves.back());
  }
  record.outcome = game.status();
  ByteWriter out;
  writeGameRecord(out, record);
  ByteReader in(out.bytes());
  const GrandGameRecord read = readGrandGameRecord(in);
  EXPECT_EQ(in.remaining(), 0u);
  EXPECT_EQ(read.toJsonLine(), record.toJsonLine());
  ASSERT_EQ(read.moves.size(), record.moves.size());
  for (std::size_t m = 0; m < read.moves.size(); ++m) {
    EXPECT_EQ(read.moves[m].path, record.moves[m].path);
    EXPECT_EQ(read.moves[m].quietSteps, record.moves[m].quietSteps);
    EXPECT_EQ(read.moves[m].captured, record.moves[m].captured);
  }
  EXPECT_TRUE(std::ranges::any_of(record.moves,
                                  [](const grand::GrandMove& m) { return !m.captured.empty(); }));
  EXPECT_EQ(read.outcome.reason, record.outcome.reason);
  for (std::size_t size = 0; size < out.size(); size += 7) {
    ByteReader cut(std::span(out.bytes()).first(size));
    EXPECT_THROW(readGrandGameRecord(cut), ByteReader::Short) << size;
  }
  // A square off the board is refused by name.
  ByteWriter offBoard;
  offBoard.put(std::int32_t{1});
  offBoard.putSized<std::uint32_t>(std::string("a"));
  offBoard.putSized<std::uint32_t>(std::string("b"));
  offBoard.putSized<std::uint32_t>(grand::toGfen(record.start));
  offBoard.put(std::uint32_t{1});
  offBoard.put(std::uint16_t{2});
  offBoard.put(grand::Square{0});  // A1: off Grand Camelot's board
  offBoard.put(grand::Square{1});
  ByteReader offBoardIn(offBoard.bytes());
  EXPECT_THROW(readGrandGameRecord(offBoardIn), GameRecordError);
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
