#include "players/grand_game_record.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "players/game_record.hpp"

namespace camelot {

std::string grandResultName(const grand::GrandOutcome& outcome) {
  if (outcome.kind == grand::GrandOutcome::Kind::Win) return grand::partnershipName(outcome.winner);
  return "draw";
}

std::string GrandGameRecord::toJsonLine() const {
  nlohmann::ordered_json json;
  json["game"] = game;
  json["variant"] = "grand";
  json["rb"] = rb;
  json["gy"] = gy;
  json["start"] = grand::toGfen(start);
  std::vector<std::string> written;
  written.reserve(moves.size());
  for (const grand::GrandMove& m : moves)
    written.push_back(grand::notation(m));
  json["moves"] = written;
  json["result"] = grandResultName(outcome);
  json["reason"] = outcome.reason;
  json["plies"] = moves.size();
  return json.dump();
}

namespace {

template <class Squares>
void writeSquares(ByteWriter& out, const Squares& squares) {
  out.put(static_cast<std::uint16_t>(squares.size()));
  for (const grand::Square s : squares)
    out.put(s);
}

template <class Squares>
Squares readSquares(ByteReader& in, const char* what) {
  Squares squares;
  squares.resize(in.get<std::uint16_t>(what));
  for (grand::Square& s : squares) {
    s = in.get<grand::Square>(what);
    if (!grand::isReal(grand::fileOf(s), grand::rankOf(s)))
      throw GameRecordError(std::string("bad game record: ") + what + ": not a square");
  }
  return squares;
}

}  // namespace

void writeOutcome(ByteWriter& out, const grand::GrandOutcome& outcome) {
  out.put(static_cast<std::uint8_t>(outcome.kind));
  out.put(static_cast<std::int8_t>(outcome.winner));
  out.putSized<std::uint32_t>(outcome.reason);
}

grand::GrandOutcome readGrandOutcome(ByteReader& in) {
  grand::GrandOutcome outcome;
  const auto kind = in.get<std::uint8_t>("the outcome");
  if (kind > static_cast<std::uint8_t>(grand::GrandOutcome::Kind::Draw))
    throw GameRecordError("bad game record: outcome " + std::to_string(kind));
  outcome.kind = static_cast<grand::GrandOutcome::Kind>(kind);
  outcome.winner = in.get<std::int8_t>("the winner");
  if (outcome.winner < -1 || outcome.winner > 1)
    throw GameRecordError("bad game record: winner " + std::to_string(outcome.winner));
  outcome.reason = std::string(in.sized<std::uint32_t>("the reason"));
  return outcome;
}

void writeGameRecord(ByteWriter& out, const GrandGameRecord& record) {
  out.put(static_cast<std::int32_t>(record.game));
  out.putSized<std::uint32_t>(record.rb);
  out.putSized<std::uint32_t>(record.gy);
  out.putSized<std::uint32_t>(grand::toGfen(record.start));
  out.put(static_cast<std::uint32_t>(record.moves.size()));
  for (const grand::GrandMove& move : record.moves) {
    writeSquares(out, move.path);
    out.put(static_cast<std::uint16_t>(move.quietSteps));
    writeSquares(out, move.captured);
  }
  writeOutcome(out, record.outcome);
}

GrandGameRecord readGrandGameRecord(ByteReader& in) {
  GrandGameRecord record;
  record.game = in.get<std::int32_t>("the game number");
  record.rb = std::string(in.sized<std::uint32_t>("Red and Blue's name"));
  record.gy = std::string(in.sized<std::uint32_t>("Green and Yellow's name"));
  try {
    record.start = grand::parseGfen(in.sized<std::uint32_t>("the start"));
  } catch (const grand::GfenError& e) {
    throw GameRecordError(std::string("bad game record: start: ") + e.what());
  }
  const auto moves = in.get<std::uint32_t>("the move count");
  for (std::uint32_t m = 0; m < moves; ++m) {
    grand::GrandMove move;
    move.path = readSquares<grand::MovePath>(in, "a move's path");
    move.quietSteps = in.get<std::uint16_t>("a move's quiet steps");
    move.captured = readSquares<grand::MoveCaptures>(in, "a move's captures");
    if (move.quietSteps > std::max(move.steps(), 0))
      throw GameRecordError("bad game record: move " + std::to_string(m + 1));
    record.moves.push_back(std::move(move));
  }
  record.outcome = readGrandOutcome(in);
  return record;
}

}  // namespace camelot
