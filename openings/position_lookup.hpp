#pragma once
// What the opening database says about one position: each move played from it with its games,
// results and score for the side to move, the line most often played after it, and the book's
// value and margin of every move when the book has searched the position.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/position.hpp"
#include "openings/game_database.hpp"
#include "openings/opening_book.hpp"

namespace camelot {

struct OpeningMove {
  MoveStats stats;
  // The side to move's score over the games with a result (a win 1, a draw ½); -1 when none
  // has a result.
  double score = -1.0;
  // The most played move after it, then the most played after that, and so on.
  std::vector<std::string> continuation;
  // The book's value of the move (side to move's view) and its margin to the best, when the
  // book has searched the position.
  std::optional<BookMove> book;
};

struct OpeningPosition {
  std::int64_t games = 0;           // games through the position (the sum over its moves)
  std::optional<double> bookValue;  // the book's value of the position, if it has searched it
  // Most played first; moves only the book knows after them, best first.
  std::vector<OpeningMove> moves;
};

// Follows the most played move up to `continuationPlies` plies after each move; `book` is the
// database's (loaded once for many lookups).
OpeningPosition lookUpPosition(GameDatabase& database, const OpeningBook& book,
                               const Position& position, int continuationPlies = 4);

// The position and its report as one JSON object (what `openings show --json` prints):
// {"fen", "side_to_move", "games", "book_value", "moves": [{"move", "games", "white_wins",
// "draws", "black_wins", "unknown", "score", "continuation", "book_value", "book_margin"}]}.
std::string openingPositionJson(const Position& position, const OpeningPosition& report);

}  // namespace camelot
