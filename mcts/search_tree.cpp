#include "mcts/search_tree.hpp"

#include <stdexcept>

namespace camelot {
namespace {

// Copies the subtree of `top` into fresh arrays, breadth first, so that every node's children
// stay contiguous and the arena holds nothing unreachable.
template <class Move>
void compact(std::vector<Node>& nodes, std::vector<Move>& moves, NodeIndex top) {
  std::vector<Node> kept{nodes[top]};
  std::vector<Move> keptMoves{Move{}};
  for (std::size_t i = 0; i < kept.size(); ++i) {
    const NodeIndex oldFirst = kept[i].firstChild;
    const std::uint16_t count = kept[i].childCount;
    if (count == 0) continue;
    kept[i].firstChild = static_cast<NodeIndex>(kept.size());
    kept.insert(kept.end(), nodes.begin() + oldFirst, nodes.begin() + oldFirst + count);
    keptMoves.insert(keptMoves.end(), moves.begin() + oldFirst, moves.begin() + oldFirst + count);
  }
  nodes.swap(kept);
  moves.swap(keptMoves);
}

}  // namespace

template <class Rules>
void BasicSearchTree<Rules>::reset(const Position& root) {
  nodes_.assign(1, Node{});
  moves_.assign(1, Move{});
  rootPosition_ = root;
}

template <class Rules>
bool BasicSearchTree<Rules>::reroot(const Position& root) {
  if (root == rootPosition_) return true;
  const auto keep = [&](NodeIndex top) {
    compact(nodes_, moves_, top);
    rootPosition_ = root;
    // A leaf proven won at once has no children: the search must expand it as a new root.
    if (nodes_[kRoot].childCount == 0) nodes_[kRoot] = Node{};
    return true;
  };
  // One ply on (the player's own move, as in self-play) or two (its move and the reply).
  const Node& top = nodes_[kRoot];
  for (NodeIndex c = top.firstChild; c < top.firstChild + top.childCount; ++c) {
    const Position child = Rules::after(rootPosition_, moves_[c]);
    if (child == root) return keep(c);
    for (NodeIndex g = nodes_[c].firstChild; g < nodes_[c].firstChild + nodes_[c].childCount; ++g)
      if (Rules::after(child, moves_[g]) == root) return keep(g);
  }
  return false;
}

template <class Rules>
void BasicSearchTree<Rules>::expand(NodeIndex i, const typename Rules::MoveList& moves,
                                    std::span<const float> priors) {
  if (priors.size() != moves.size())
    throw std::logic_error("SearchTree::expand: one prior per move expected");
  const auto first = static_cast<NodeIndex>(nodes_.size());
  nodes_.resize(nodes_.size() + moves.size());
  for (std::size_t k = 0; k < moves.size(); ++k)
    nodes_[first + k].prior = priors[k];
  moves_.insert(moves_.end(), moves.begin(), moves.end());
  Node& n = nodes_[i];
  n.firstChild = first;
  n.childCount = static_cast<std::uint16_t>(moves.size());
  n.state = NodeState::Expanded;
}

template <class Rules>
auto BasicSearchTree<Rules>::principalVariation(NodeIndex from) const -> std::vector<Move> {
  std::vector<Move> pv;
  for (NodeIndex node = from; nodes_[node].hasChildren();) {
    const Node& n = nodes_[node];
    NodeIndex best = n.firstChild;
    for (NodeIndex c = n.firstChild; c < n.firstChild + n.childCount; ++c) {
      const Node &candidate = nodes_[c], &incumbent = nodes_[best];
      if (candidate.visits > incumbent.visits ||
          (candidate.visits == incumbent.visits && candidate.prior > incumbent.prior))
        best = c;
    }
    if (nodes_[best].visits == 0) break;
    pv.push_back(moves_[best]);
    node = best;
  }
  return pv;
}

template class BasicSearchTree<StandardRules>;
template class BasicSearchTree<GrandRules>;

}  // namespace camelot
