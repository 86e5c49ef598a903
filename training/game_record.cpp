#include "training/game_record.hpp"

#include <nlohmann/json.hpp>

#include "engine/cfen.hpp"
#include "engine/notation.hpp"

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

}  // namespace camelot
