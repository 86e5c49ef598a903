#pragma once
// The opening book a network grows, in the spirit of KataGo's book: a tree of positions from the
// start (a graph: transpositions meet), each position searched once and every move from it given
// the network's quick estimate; values backed up by minimax. It grows best first, where a move
// is cheap to reach: few plies from the start and close in value to the best move of every
// position on the way (docs/openings.md).

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/position.hpp"
#include "openings/game_database.hpp"
#include "openings/position_searcher.hpp"

namespace camelot {

struct BookSettings {
  // The cost of one more ply: how far the book reaches along the best line before it widens.
  double moveCost = 0.05;
  // The cost of a move's margin to the best (values in [-1, 1]): a move 0.2 worse than the
  // best costs as much as 4 more plies of the best line.
  double marginCost = 1.0;
};

// One move of a book position, values from the side to move's view.
struct BookMove {
  std::string move;
  std::uint64_t child = 0;
  double value = 0.0;     // the book's value of playing it
  double margin = 0.0;    // the position's value minus this move's (>= 0)
  bool expanded = false;  // the position after it is in the book (searched)
  bool final = false;     // it ends the game: its value is the rules'
};

struct BookPosition {
  double value = 0.0;           // the book's value (minimax over its moves)
  double searchValue = 0.0;     // the search's value when it was added
  std::vector<BookMove> moves;  // best first
};

class OpeningBook {
 public:
  // Loads the book held in `database` (empty at first).
  explicit OpeningBook(GameDatabase& database, BookSettings settings = {});

  std::size_t size() const { return nodes_.size(); }
  // Adds one position: the start's if the book lacks it, else the one after the cheapest move
  // not yet in the book. Searches it and estimates each of its moves with `searcher`, and
  // writes it in one transaction. Returns the moves from the start that reach it (empty for
  // the start), or nullopt when nothing is left to add (every line ends the game).
  std::optional<std::vector<std::string>> grow(PositionSearcher& searcher);

  // The book's view of the position with Zobrist hash `key`, if the book has searched it.
  std::optional<BookPosition> position(std::uint64_t key) const;

  // Positions `plies` moves from the start whose book value (side to move's view) is within
  // `maxValue` of even, most balanced first, as CFEN: the book's positions there and the
  // positions one move after the book's positions a ply before.
  std::vector<std::pair<std::string, double>> balancedPositions(int plies, double maxValue) const;

 private:
  struct Edge {
    std::string move;
    std::uint64_t child;
    double estimate;  // the mover's value after it: the quick estimate, or the rules' if final
    bool final;
  };
  struct Node {
    std::string cfen;
    double searchValue;
    std::vector<Edge> edges;
    double bestEstimate = -1.0;  // the highest estimate of its moves that do not end the game
  };

  // Values of every node by minimax (a line back to a position on the way scores 0, a draw by
  // repetition), then each edge's.
  void computeValues() const;
  double edgeValue(const Node& node, const Edge& edge) const;
  static void addEdge(Node& node, Edge edge);
  void add(std::uint64_t key, const Position& position, PositionSearcher& searcher);

  GameDatabase& database_;
  BookSettings settings_;
  std::unordered_map<std::uint64_t, Node> nodes_;
  mutable std::unordered_map<std::uint64_t, double> values_;
  mutable bool valuesStale_ = true;
};

}  // namespace camelot
