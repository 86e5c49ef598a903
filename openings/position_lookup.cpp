#include "openings/position_lookup.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "engine/cfen.hpp"

namespace camelot {

OpeningPosition lookUpPosition(GameDatabase& database, const OpeningBook& book,
                               const Position& position, int continuationPlies) {
  OpeningPosition report;
  const bool whiteMoves = position.sideToMove() == Color::White;
  for (const MoveStats& stats : database.moves(position.hash())) {
    OpeningMove move{stats, -1.0, {}, std::nullopt};
    const std::int64_t decided = stats.whiteWins + stats.draws + stats.blackWins;
    if (decided > 0) {
      const auto wins = static_cast<double>(whiteMoves ? stats.whiteWins : stats.blackWins);
      move.score = (wins + 0.5 * static_cast<double>(stats.draws)) / static_cast<double>(decided);
    }
    std::uint64_t next = stats.child;
    for (int ply = 0; ply < continuationPlies; ++ply) {
      const std::vector<MoveStats> after = database.moves(next);
      if (after.empty()) break;
      move.continuation.push_back(after.front().move);
      next = after.front().child;
    }
    report.games += stats.games();
    report.moves.push_back(std::move(move));
  }
  const std::optional<BookPosition> inBook = book.position(position.hash());
  if (!inBook) return report;
  report.bookValue = inBook->value;
  for (const BookMove& bookMove : inBook->moves) {  // best first
    const auto played =
        std::find_if(report.moves.begin(), report.moves.end(),
                     [&](const OpeningMove& m) { return m.stats.child == bookMove.child; });
    if (played != report.moves.end()) {
      played->book = bookMove;
    } else {
      OpeningMove move;
      move.stats.move = bookMove.move;
      move.stats.child = bookMove.child;
      move.book = bookMove;
      report.moves.push_back(std::move(move));
    }
  }
  return report;
}

std::string openingPositionJson(const Position& position, const OpeningPosition& report) {
  nlohmann::ordered_json json;
  json["fen"] = toCfen(position);
  json["side_to_move"] = position.sideToMove() == Color::White ? "white" : "black";
  json["games"] = report.games;
  json["book_value"] =
      report.bookValue ? nlohmann::ordered_json(*report.bookValue) : nlohmann::ordered_json();
  json["moves"] = nlohmann::json::array();
  for (const OpeningMove& m : report.moves) {
    nlohmann::ordered_json move;
    move["move"] = m.stats.move;
    move["games"] = m.stats.games();
    move["white_wins"] = m.stats.whiteWins;
    move["draws"] = m.stats.draws;
    move["black_wins"] = m.stats.blackWins;
    move["unknown"] = m.stats.unknown;
    move["score"] = m.score < 0 ? nlohmann::ordered_json() : nlohmann::ordered_json(m.score);
    move["continuation"] = m.continuation;
    move["book_value"] = m.book ? nlohmann::ordered_json(m.book->value) : nlohmann::ordered_json();
    move["book_margin"] =
        m.book ? nlohmann::ordered_json(m.book->margin) : nlohmann::ordered_json();
    json["moves"].push_back(move);
  }
  return json.dump();
}

}  // namespace camelot
