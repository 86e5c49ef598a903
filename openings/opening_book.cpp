#include "openings/opening_book.hpp"

#include <algorithm>
#include <cmath>
#include <queue>
#include <unordered_set>

#include "engine/cfen.hpp"
#include "engine/notation.hpp"
#include "engine/rules_status.hpp"

namespace camelot {
namespace {

// The mover's score when `next` ended the game by the rules.
double finalValue(const GameStatus& status, Color mover) {
  if (status.outcome == Outcome::Draw) return 0.0;
  const Color winner = status.outcome == Outcome::WhiteWins ? Color::White : Color::Black;
  return winner == mover ? 1.0 : -1.0;
}

}  // namespace

OpeningBook::OpeningBook(GameDatabase& database, BookSettings settings)
    : database_(database), settings_(settings) {
  // Each value is checked as it is read: a hand-edited book gets one error naming the table.
  const std::string file = database.sqlite().file().string();
  const auto value = [&](const Statement& row, int column, const char* where) {
    const double v = row.real(column);
    if (!(v >= -1.0 && v <= 1.0))
      throw SqliteError(file + ": " + where + " of position " + std::to_string(row.integer(0)) +
                        " is " + std::to_string(v) + " (a value in [-1, 1] is expected)");
    return v;
  };
  Statement positions(database.sqlite(), "SELECT position, cfen, search_value FROM book_positions");
  while (positions.step()) {
    std::string cfen = positions.text(1);
    try {
      parseCfen(cfen);
    } catch (const CfenError& e) {
      throw SqliteError(file + ": book_positions.cfen of position " +
                        std::to_string(positions.integer(0)) + ": " + e.what());
    }
    nodes_[static_cast<std::uint64_t>(positions.integer(0))] =
        Node{std::move(cfen), value(positions, 2, "book_positions.search_value"), {}};
  }
  Statement moves(database.sqlite(),
                  "SELECT position, child, move, estimate, final FROM book_moves");
  while (moves.step()) {
    const auto found = nodes_.find(static_cast<std::uint64_t>(moves.integer(0)));
    if (found == nodes_.end()) continue;
    addEdge(found->second, {checkedMoveText(database.sqlite(), moves.text(2), "book_moves.move"),
                            static_cast<std::uint64_t>(moves.integer(1)),
                            value(moves, 3, "book_moves.estimate"), moves.integer(4) != 0});
  }
}

void OpeningBook::addEdge(Node& node, Edge edge) {
  if (!edge.final) node.bestEstimate = std::max(node.bestEstimate, edge.estimate);
  node.edges.push_back(std::move(edge));
}

double OpeningBook::edgeValue(const Node& node, const Edge& edge) const {
  if (edge.final) return edge.estimate;
  if (const auto child = values_.find(edge.child); child != values_.end()) return -child->second;
  // Not searched yet: the quick estimates rank the moves, the position's search sets the level
  // (its best estimated move is worth what the search found).
  return edge.estimate - node.bestEstimate + node.searchValue;
}

void OpeningBook::computeValues() const {
  if (!valuesStale_) return;
  values_.clear();
  // Depth first, children before their parent, on a stack of its own: a book line can be as
  // long as the file says (a hand-edited book once held a chain of 300,000), deeper than the
  // call stack goes.
  std::unordered_set<std::uint64_t> onPath;
  struct Visit {
    std::uint64_t key;
    std::size_t nextEdge;
  };
  std::vector<Visit> stack;
  const auto valueOf = [&](std::uint64_t root) {
    if (values_.contains(root)) return;
    stack.push_back({root, 0});
    onPath.insert(root);
    while (!stack.empty()) {
      const std::uint64_t key = stack.back().key;
      const Node& node = nodes_.at(key);
      // Children first, so that edgeValue finds their values.
      bool descended = false;
      while (!descended && stack.back().nextEdge < node.edges.size()) {
        const Edge& edge = node.edges[stack.back().nextEdge++];
        if (edge.final || !nodes_.contains(edge.child) || onPath.contains(edge.child) ||
            values_.contains(edge.child))
          continue;
        stack.push_back({edge.child, 0});
        onPath.insert(edge.child);
        descended = true;
      }
      if (descended) continue;
      double best = node.edges.empty() ? node.searchValue : -1.0;
      for (const Edge& edge : node.edges) {
        // A line back to a position on the way repeats it: a draw (R9 e) unless someone deviates.
        const double v = onPath.contains(edge.child) ? 0.0 : edgeValue(node, edge);
        best = std::max(best, v);
      }
      onPath.erase(key);
      values_[key] = best;
      stack.pop_back();
    }
  };
  const std::uint64_t root = Position::start().hash();
  if (nodes_.contains(root)) valueOf(root);
  for (const auto& [key, node] : nodes_)
    valueOf(key);
  valuesStale_ = false;
}

std::optional<std::vector<std::string>> OpeningBook::grow(PositionSearcher& searcher) {
  const Position start = Position::start();
  // The book grows from the start; a hand-edited one may have lost it.
  if (!nodes_.contains(start.hash())) {
    add(start.hash(), start, searcher);
    return std::vector<std::string>{};
  }
  computeValues();
  // Dijkstra from the start over the book: a position costs the cheapest line to it.
  struct Reached {
    double cost;
    std::uint64_t parent;
    std::string move;
  };
  std::unordered_map<std::uint64_t, Reached> reached{{start.hash(), {0.0, 0, ""}}};
  using Entry = std::pair<double, std::uint64_t>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> queue;
  queue.push({0.0, start.hash()});
  struct Candidate {
    double cost;
    std::uint64_t parent;
    const Edge* edge;
  };
  std::optional<Candidate> cheapest;
  while (!queue.empty()) {
    const auto [cost, key] = queue.top();
    queue.pop();
    if (cost > reached.at(key).cost) continue;
    const Node& node = nodes_.at(key);
    const double value = values_.at(key);
    for (const Edge& edge : node.edges) {
      if (edge.final) continue;
      const double margin = std::max(0.0, value - edgeValue(node, edge));
      const double next = cost + settings_.moveCost + settings_.marginCost * margin;
      if (nodes_.contains(edge.child)) {
        const auto seen = reached.find(edge.child);
        if (seen == reached.end() || next < seen->second.cost) {
          reached[edge.child] = {next, key, edge.move};
          queue.push({next, edge.child});
        }
      } else if (!cheapest || next < cheapest->cost) {
        cheapest = Candidate{next, key, &edge};
      }
    }
  }
  if (!cheapest) return std::nullopt;

  std::vector<std::string> line{cheapest->edge->move};
  for (std::uint64_t key = cheapest->parent; key != start.hash(); key = reached.at(key).parent)
    line.push_back(reached.at(key).move);
  std::reverse(line.begin(), line.end());
  Position position = parseCfen(nodes_.at(cheapest->parent).cfen);
  position.play(parseMove(position, cheapest->edge->move));
  add(position.hash(), position, searcher);
  return line;
}

void OpeningBook::add(std::uint64_t key, const Position& position, PositionSearcher& searcher) {
  Node node{toCfen(position), searcher.search(position), {}};
  std::unordered_set<std::uint64_t> seen;
  for (const Move& move : legalMoves(position)) {
    Position next = position;
    next.play(move);
    if (!seen.insert(next.hash()).second) continue;
    const GameStatus status = positionStatus(next);
    if (status.finished())
      addEdge(node,
              {toNotation(move), next.hash(), finalValue(status, position.sideToMove()), true});
    else
      addEdge(node, {toNotation(move), next.hash(), -searcher.estimate(next), false});
  }
  Sqlite& db = database_.sqlite();
  Transaction write(db);
  Statement insertPosition(db, "INSERT INTO book_positions VALUES (?1, ?2, ?3)");
  insertPosition.bind(1, storedKey(key)).bind(2, node.cfen).bind(3, node.searchValue);
  insertPosition.run();
  Statement insertMove(db, "INSERT INTO book_moves VALUES (?1, ?2, ?3, ?4, ?5)");
  for (const Edge& edge : node.edges) {
    insertMove.bind(1, storedKey(key))
        .bind(2, storedKey(edge.child))
        .bind(3, edge.move)
        .bind(4, edge.estimate)
        .bind(5, std::int64_t{edge.final ? 1 : 0});
    insertMove.run();
  }
  write.commit();
  nodes_[key] = std::move(node);
  valuesStale_ = true;
}

std::optional<BookPosition> OpeningBook::position(std::uint64_t key) const {
  const auto found = nodes_.find(key);
  if (found == nodes_.end()) return std::nullopt;
  computeValues();
  const Node& node = found->second;
  BookPosition book{values_.at(key), node.searchValue, {}};
  for (const Edge& edge : node.edges) {
    const double v = edgeValue(node, edge);
    book.moves.push_back({edge.move, edge.child, v, std::max(0.0, book.value - v),
                          nodes_.contains(edge.child), edge.final});
  }
  std::stable_sort(book.moves.begin(), book.moves.end(), [](const BookMove& a, const BookMove& b) {
    return a.value != b.value ? a.value > b.value : a.move < b.move;
  });
  return book;
}

std::vector<std::pair<std::string, double>> OpeningBook::balancedPositions(int plies,
                                                                           double maxValue) const {
  computeValues();
  std::vector<std::pair<std::string, double>> found;
  std::vector<std::uint64_t> layer;
  if (nodes_.contains(Position::start().hash())) layer.push_back(Position::start().hash());
  std::unordered_set<std::uint64_t> seen(layer.begin(), layer.end());
  if (plies == 0 && !layer.empty() && std::abs(values_.at(layer[0])) <= maxValue)
    found.push_back({nodes_.at(layer[0]).cfen, values_.at(layer[0])});
  for (int depth = 1; depth <= plies; ++depth) {
    std::vector<std::uint64_t> next;
    for (const std::uint64_t key : layer) {
      const Node& node = nodes_.at(key);
      for (const Edge& edge : node.edges) {
        if (edge.final || !seen.insert(edge.child).second) continue;
        const bool inBook = nodes_.contains(edge.child);
        if (depth < plies) {
          if (inBook) next.push_back(edge.child);
          continue;
        }
        const double value = inBook ? values_.at(edge.child) : -edgeValue(node, edge);
        if (std::abs(value) > maxValue) continue;
        std::string cfen;
        if (inBook) {
          cfen = nodes_.at(edge.child).cfen;
        } else {
          Position position = parseCfen(node.cfen);
          position.play(parseMove(position, edge.move));
          cfen = toCfen(position);
        }
        found.push_back({cfen, value});
      }
    }
    layer = std::move(next);
  }
  std::stable_sort(found.begin(), found.end(), [](const auto& a, const auto& b) {
    return std::abs(a.second) != std::abs(b.second) ? std::abs(a.second) < std::abs(b.second)
                                                    : a.first < b.first;
  });
  return found;
}

}  // namespace camelot
