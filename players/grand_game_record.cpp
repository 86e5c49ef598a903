#include "players/grand_game_record.hpp"

#include <nlohmann/json.hpp>

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

}  // namespace camelot
