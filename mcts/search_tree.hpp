#pragma once
// The nodes of a search tree in one arena: a node's children are a contiguous index range,
// created all at once when the node is expanded (its legal moves are generated once), and the
// move into each node sits in a parallel array. Positions are not stored: search replays the
// moves from the root by copy-make.
//
// Point of view: a node's value sum is from the side that played the move into it (the side
// to move at its parent), so a parent picks the child with the largest Q. Draws score 0.

#include <cstdint>
#include <span>
#include <vector>

#include "engine/game_rules.hpp"

namespace camelot {

using NodeIndex = std::uint32_t;

enum class NodeState : std::uint8_t {
  Unexpanded,  // never reached, or reached and not yet known
  Pending,     // a leaf of the current step, waiting for its evaluation
  Expanded,    // evaluated; children created
  Terminal,    // the game is over here (R9): the value is exact and never evaluated
  Proven,      // its side to move has a move that wins at once: exact like Terminal (a loss
               // for the side that moved into it), never descended again; expanded if the
               // winning move was found among its children, not if found at the leaf
};

struct Node {
  float prior = 0.0f;     // P of the move into this node, from the parent's evaluation
  float valueSum = 0.0f;  // backed-up values, from the view of the side that moved into it
  float rawValue = 0.0f;  // the evaluator's value here, from the side to move's view
  // The minimax of the evaluator's values below it (its own at a leaf, exact at a finished or
  // proven node), from the view of the side that moved into it; kept when
  // SearchParams::minimaxWeight is set.
  float minimax = 0.0f;
  std::int32_t visits = 0;
  std::int32_t inFlight = 0;  // descents through this node awaiting evaluation
  NodeIndex firstChild = 0;
  std::uint16_t childCount = 0;
  NodeState state = NodeState::Unexpanded;
  std::int8_t terminalValue = 0;  // exact value for the mover into it: +1 won, 0 draw, -1 lost

  bool exact() const { return state == NodeState::Terminal || state == NodeState::Proven; }
  bool hasChildren() const { return childCount > 0; }
  float q() const { return visits > 0 ? valueSum / static_cast<float>(visits) : 0.0f; }
};

template <class Rules>
class BasicSearchTree {
 public:
  using Position = typename Rules::Position;
  using Move = typename Rules::Move;

  static constexpr NodeIndex kRoot = 0;

  BasicSearchTree() { reset(Position::start()); }

  // A tree of one unexpanded root.
  void reset(const Position& root);
  // Keeps the subtree of the node one or two plies below the root whose position is `root`
  // (or the whole tree if it is the root's) and makes it the tree. False, leaving the tree
  // unchanged, if no such node exists.
  bool reroot(const Position& root);

  const Position& rootPosition() const { return rootPosition_; }
  std::size_t size() const { return nodes_.size(); }

  Node& node(NodeIndex i) { return nodes_[i]; }
  const Node& node(NodeIndex i) const { return nodes_[i]; }
  // The move into node i (meaningless for the root).
  const Move& move(NodeIndex i) const { return moves_[i]; }
  std::span<Node> children(NodeIndex i) {
    return {nodes_.data() + nodes_[i].firstChild, nodes_[i].childCount};
  }
  std::span<const Node> children(NodeIndex i) const {
    return {nodes_.data() + nodes_[i].firstChild, nodes_[i].childCount};
  }

  // The moves from node `from` on, following the most visited child (the larger prior on a
  // tie) ply after ply until a node without visited children.
  std::vector<Move> principalVariation(NodeIndex from = kRoot) const;

  // Creates the children of node i, one per move with its prior, and marks it Expanded.
  void expand(NodeIndex i, const typename Rules::MoveList& moves, std::span<const float> priors);

 private:
  std::vector<Node> nodes_;
  std::vector<Move> moves_;  // moves_[i] leads into nodes_[i]
  Position rootPosition_;
};

using SearchTree = BasicSearchTree<StandardRules>;
using GrandSearchTree = BasicSearchTree<GrandRules>;

}  // namespace camelot
