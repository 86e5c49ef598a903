#include "players/game_record.hpp"

#include <nlohmann/json.hpp>

#include "engine/cfen.hpp"
#include "engine/notation.hpp"
#include "io/byte_reader.hpp"
#include "io/byte_writer.hpp"

namespace camelot {

std::string GameRecord::toJsonLine() const {
  nlohmann::ordered_json json;
  json["game"] = game;
  json["white"] = white;
  json["black"] = black;
  json["start"] = toCfen(start);
  std::vector<std::string> written;
  written.reserve(moves.size());
  for (const Move& m : moves)
    written.push_back(toNotation(m));
  json["moves"] = written;
  json["result"] = outcomeName(status.outcome);
  json["reason"] = endReasonName(status.reason);
  json["plies"] = moves.size();
  if (!note.empty()) json["note"] = note;
  return json.dump();
}

namespace {

// Takes the fields of a record straight from the parser's events: no document tree, whose
// hundred move strings a game would each be built twice.
class RecordFields final : public nlohmann::json_sax<nlohmann::json> {
 public:
  explicit RecordFields(WrittenGameRecord& record) : record_(record) {}

  bool null() override { return other("null"); }
  bool boolean(bool) override { return other("a boolean"); }
  bool number_integer(number_integer_t value) override { return number(value); }
  bool number_unsigned(number_unsigned_t value) override {
    return number(static_cast<std::int64_t>(value));
  }
  bool number_float(number_float_t, const string_t&) override { return other("a number"); }
  bool binary(binary_t&) override { return other("binary"); }
  bool string(string_t& value) override {
    if (inMoves_ && depth_ == 2) {
      record_.moves.push_back(std::move(value));
    } else if (depth_ == 1) {
      if (key_ == "moves") return other("a string");
      if (key_ == "white" || key_ == "rb") record_.white = std::move(value);
      if (key_ == "black" || key_ == "gy") record_.black = std::move(value);
      if (key_ == "start") record_.start = std::move(value);
      if (key_ == "result") record_.result = std::move(value);
      if (key_ == "variant") record_.variant = std::move(value);
    }
    return true;
  }
  bool start_object(std::size_t) override {
    if (depth_ == 0) isObject_ = true;
    if (!other("an object")) return false;
    ++depth_;
    return true;
  }
  bool key(string_t& key) override {
    if (depth_ == 1) key_ = std::move(key);
    return true;
  }
  bool end_object() override {
    --depth_;
    return true;
  }
  bool start_array(std::size_t) override {
    if (depth_ == 1 && key_ == "moves") {
      inMoves_ = sawMoves_ = true;
      record_.moves.clear();
    } else if (!other("an array")) {
      return false;
    }
    ++depth_;
    return true;
  }
  bool end_array() override {
    if (--depth_ == 1) inMoves_ = false;
    return true;
  }
  bool parse_error(std::size_t, const std::string&,
                   const nlohmann::detail::exception& error) override {
    syntaxError_ = error.what();
    return false;
  }

  // The error, if the line is not a game record.
  std::optional<std::string> problem() const {
    if (syntaxError_) return "not a JSON object (" + *syntaxError_ + ")";
    if (!isObject_) return "not a JSON object";
    if (problem_) return "bad game record: " + *problem_;
    if (!sawMoves_) return std::string("bad game record: no \"moves\"");
    return std::nullopt;
  }

 private:
  bool number(std::int64_t value) {
    if (depth_ == 1 && key_ == "game") {
      record_.game = value;
      return true;
    }
    return other("a number");
  }

  // A value that is not a string: fine for fields this reader skips, an error for its own.
  bool other(const char* what) {
    if (depth_ == 0 && !isObject_) return false;
    if (inMoves_ && depth_ == 2) {
      problem_ = "\"moves\" holds " + std::string(what) + " instead of a move";
    } else if (depth_ == 1 && key_ == "moves") {
      problem_ = "\"moves\" is " + std::string(what) + ", not an array of moves";
    } else if (depth_ == 1 && (key_ == "white" || key_ == "black" || key_ == "rb" || key_ == "gy" ||
                               key_ == "start" || key_ == "result" || key_ == "variant")) {
      problem_ = "\"" + key_ + "\" is " + what + ", not a string";
    } else {
      return true;
    }
    return false;
  }

  WrittenGameRecord& record_;
  int depth_ = 0;
  std::string key_;  // the top-level key whose value comes next
  bool isObject_ = false, inMoves_ = false, sawMoves_ = false;
  std::optional<std::string> problem_, syntaxError_;
};

}  // namespace

WrittenGameRecord readGameRecordLine(std::string_view line) {
  WrittenGameRecord record;
  RecordFields fields(record);
  nlohmann::json::sax_parse(line, &fields);
  if (const auto problem = fields.problem()) throw GameRecordError(*problem);
  return record;
}

void writeGameRecord(ByteWriter& out, const GameRecord& record) {
  out.put(static_cast<std::int32_t>(record.game));
  out.putSized<std::uint32_t>(record.white);
  out.putSized<std::uint32_t>(record.black);
  out.putSized<std::uint32_t>(toCfen(record.start));
  out.put(static_cast<std::uint32_t>(record.moves.size()));
  for (const Move& move : record.moves) {
    out.put(static_cast<std::uint8_t>(move.kind));
    out.put(move.steps);
    out.put(move.quietSteps);
    for (int i = 0; i <= move.steps; ++i)
      out.put(move.path[static_cast<std::size_t>(i)]);
  }
  out.put(static_cast<std::uint8_t>(record.status.outcome));
  out.put(static_cast<std::uint8_t>(record.status.reason));
  out.putSized<std::uint32_t>(record.note);
}

GameRecord readGameRecord(ByteReader& in) {
  GameRecord record;
  record.game = in.get<std::int32_t>("the game number");
  record.white = std::string(in.sized<std::uint32_t>("White's name"));
  record.black = std::string(in.sized<std::uint32_t>("Black's name"));
  try {
    record.start = parseCfen(in.sized<std::uint32_t>("the start"));
  } catch (const CfenError& e) {
    throw GameRecordError(std::string("bad game record: start: ") + e.what());
  }
  const auto moves = in.get<std::uint32_t>("the move count");
  for (std::uint32_t m = 0; m < moves; ++m) {
    Move move;
    move.kind = static_cast<MoveKind>(in.get<std::uint8_t>("a move's kind"));
    move.steps = in.get<std::uint8_t>("a move's steps");
    move.quietSteps = in.get<std::uint8_t>("a move's quiet steps");
    if (move.steps >= Move::kMaxPathSquares || move.quietSteps > move.steps ||
        move.kind > MoveKind::Charge)
      throw GameRecordError("bad game record: move " + std::to_string(m + 1));
    for (int i = 0; i <= move.steps; ++i)
      move.path[static_cast<std::size_t>(i)] = in.get<Square>("a move's path");
    record.moves.push_back(move);
  }
  record.status.outcome = static_cast<Outcome>(in.get<std::uint8_t>("the outcome"));
  record.status.reason = static_cast<EndReason>(in.get<std::uint8_t>("the reason"));
  record.note = std::string(in.sized<std::uint32_t>("the note"));
  return record;
}

}  // namespace camelot
