#include "mcts/descent_search.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "mcts/evaluation.hpp"
#include "mcts/grand_evaluation.hpp"
#include "mcts/position_judge.hpp"

namespace camelot {
namespace {

Proof flipped(Proof proof) {
  switch (proof) {
    case Proof::Win:
      return Proof::Loss;
    case Proof::Loss:
      return Proof::Win;
    default:
      return proof;
  }
}

}  // namespace

template <class Position>
float teacherValue(const Position& position) {
  return std::clamp(static_cast<float>(evaluate(position)) / kJudgeWinUnits, -1.0f, 1.0f);
}

template <class Rules>
DescentSearch<Rules>::DescentSearch(const DescentSettings& settings) : settings_(settings) {
  if (settings.positionsPerMove < 1 || settings.maxPlies < 1 || settings.quickWinWeight < 0.0 ||
      settings.quickWinWeight >= 1.0 || settings.maxExpansions < 0 ||
      !(settings.teacherWeight >= 0.0 && settings.teacherWeight <= 1.0))
    throw std::invalid_argument(
        "descent: the positions a move and the length cap must be positive, the quick-win "
        "weight in [0, 1), the expansions an iteration not negative and the teacher's weight in "
        "[0, 1]");
}

template <class Rules>
void DescentSearch<Rules>::clear() {
  nodes_.clear();
  edgeMoves_.clear();
  edgeChildren_.clear();
  expansionOrder_.clear();
}

template <class Rules>
std::uint64_t DescentSearch<Rules>::keyOf(const Position& position) {
  return hashWithClock<Rules>(position);
}

template <class Rules>
float DescentSearch<Rules>::terminalValue(int result, int ply) const {
  if (result == 0) return 0.0f;
  const double share = std::min(1.0, static_cast<double>(ply) / settings_.maxPlies);
  return static_cast<float>(result * (1.0 - settings_.quickWinWeight * share));
}

template <class Rules>
std::pair<int, float> DescentSearch<Rules>::rankOf(const Node& child) const {
  const Proof proof = flipped(child.proof);  // the parent's view
  int tier = 1;
  if (settings_.completion) tier = proof == Proof::Win ? 2 : proof == Proof::Loss ? 0 : 1;
  return {tier, -child.value};
}

template <class Rules>
int DescentSearch<Rules>::occurrences(const Position& position) const {
  const auto found = seen_.find(Rules::hash(position));
  return found == seen_.end() ? 0 : found->second;
}

template <class Rules>
void DescentSearch<Rules>::search(const typename Rules::Game& game,
                                  BasicEvaluator<Rules>& evaluator) {
  if (game.finished()) throw std::logic_error("descent: the game is over");
  seen_.clear();
  for (const Position& p : game.positions())
    ++seen_[Rules::hash(p)];
  const Position& position = game.position();
  root_ = keyOf(position);
  if (!nodes_.contains(root_)) {
    Node node;
    node.position = position;
    node.ply = static_cast<int>(game.moves().size());
    nodes_.emplace(root_, std::move(node));
  }
  // A root reached as a proven leaf (a third repetition along some line, the cap) is searched
  // afresh now that it is the game's position: the game went on from it.
  Node& root = nodes_.at(root_);
  if (!root.expanded) root.proof = Proof::Open;

  lastEvaluations_ = lastBatches_ = lastPositions_ = 0;
  lastIterations_ = 0;
  int idle = 0;  // iterations in a row that expanded nothing
  while (lastPositions_ < settings_.positionsPerMove && nodes_.at(root_).proof == Proof::Open &&
         idle < 2) {
    idle = iterate(evaluator) ? 0 : idle + 1;
    ++lastIterations_;
  }
}

template <class Rules>
bool DescentSearch<Rules>::iterate(BasicEvaluator<Rules>& evaluator) {
  int expansions = 0;
  line_.clear();
  lineBefore_.clear();
  onLine_.clear();
  std::uint64_t key = root_;
  for (;;) {
    Node* node = &nodes_.at(key);
    line_.push_back(key);
    lineBefore_.push_back({node->value, node->proof});
    onLine_.insert(key);
    if (!node->expanded) {
      if (settings_.maxExpansions > 0 && expansions == settings_.maxExpansions) break;
      expand(key, evaluator);
      ++expansions;
      node = &nodes_.at(key);
      backUp(*node);
    } else if (line_.size() == 1) {
      backUp(*node);  // the root, whose children a transposition may have changed
    }
    if (node->proof != Proof::Open || node->descendEdge == kNoEdge) break;
    // Down the best open child (cached by backUp), or the best one off the line where that one
    // is on it already (a cycle).
    std::uint32_t next = node->descendEdge;
    if (onLine_.contains(edgeChildren_[next])) {
      next = kNoEdge;
      std::pair<int, float> nextRank{};
      for (std::uint32_t e = node->firstEdge; e < node->firstEdge + node->edgeCount; ++e) {
        const Node& child = nodes_.at(edgeChildren_[e]);
        if (child.proof != Proof::Open || onLine_.contains(edgeChildren_[e])) continue;
        const auto rank = rankOf(child);
        if (next == kNoEdge || rank > nextRank) {
          next = e;
          nextRank = rank;
        }
      }
      if (next == kNoEdge) break;
    }
    key = edgeChildren_[next];
    ++seen_[Rules::hash(nodes_.at(key).position)];
  }
  // Back up from the bottom; above a node whose value and proof this iteration left as they
  // were, nothing changes.
  bool changed = true;
  for (std::size_t i = line_.size(); i-- > 0;) {
    Node& node = nodes_.at(line_[i]);
    if (changed && node.expanded) {
      backUp(node);
      changed = node.value != lineBefore_[i].first || node.proof != lineBefore_[i].second;
    }
    if (i > 0) --seen_[Rules::hash(node.position)];
  }
  return expansions > 0;
}

template <class Rules>
void DescentSearch<Rules>::expand(std::uint64_t key, BasicEvaluator<Rules>& evaluator) {
  const Position position = nodes_.at(key).position;
  const int ply = nodes_.at(key).ply + 1;
  Rules::legalMoves(position, moves_);
  const std::size_t count = moves_.size();
  if (count == 0)
    throw std::logic_error("descent: an open node has no moves: " + Rules::positionText(position));
  lastPositions_ += static_cast<std::int64_t>(count);
  if (childMoves_.size() < count) childMoves_.resize(count);
  requests_.clear();
  asked_.clear();
  const auto firstEdge = static_cast<std::uint32_t>(edgeChildren_.size());
  for (std::size_t m = 0; m < count; ++m) {
    const Position after = Rules::after(position, moves_[m]);
    const std::uint64_t childKey = keyOf(after);
    edgeMoves_.push_back(moves_[m]);
    edgeChildren_.push_back(childKey);
    const auto [slot, made] = nodes_.try_emplace(childKey);
    if (!made) continue;  // a transposition, or a position two moves reach
    Node& child = slot->second;
    child.position = after;
    child.ply = ply;
    // The child's value reads its tactical moves alone; its full list waits for its expansion.
    const bool leftOut = Rules::tacticalMoves(after, childMoves_[m]);
    const int repetitions = occurrences(after);
    if (const auto result = Rules::finalValue(after, childMoves_[m], repetitions >= 2, leftOut)) {
      child.value = terminalValue(*result, ply);
      child.proof = *result > 0 ? Proof::Win : *result < 0 ? Proof::Loss : Proof::Draw;
    } else if (ply >= settings_.maxPlies) {
      child.proof = Proof::Draw;  // the game's length cap: an adjudicated draw
    } else {
      requests_.push_back(
          {&child.position, &childMoves_[m], {}, repetitions, /*needPriors=*/false});
      asked_.push_back(m);
    }
  }
  if (!requests_.empty()) {
    answers_.resize(requests_.size());
    evaluator.evaluate(requests_, answers_);
    lastEvaluations_ += static_cast<std::int64_t>(requests_.size());
    ++lastBatches_;
    const auto teacher = static_cast<float>(settings_.teacherWeight);
    for (std::size_t r = 0; r < requests_.size(); ++r) {
      Node& child = nodes_.at(edgeChildren_[firstEdge + asked_[r]]);
      child.value = answers_[r].value.expected();
      if (teacher > 0.0f)
        child.value = (1.0f - teacher) * child.value + teacher * teacherValue(child.position);
    }
  }
  Node& node = nodes_.at(key);
  node.firstEdge = firstEdge;
  node.edgeCount = static_cast<std::uint32_t>(count);
  node.expanded = true;
  expansionOrder_.push_back(key);
}

template <class Rules>
void DescentSearch<Rules>::backUp(Node& node) {
  std::pair<int, float> best{}, bestOpen{};
  bool anyOpen = false, anyDraw = false;
  node.descendEdge = kNoEdge;
  for (std::uint32_t e = node.firstEdge; e < node.firstEdge + node.edgeCount; ++e) {
    const Node& child = nodes_.at(edgeChildren_[e]);
    const auto rank = rankOf(child);
    if (e == node.firstEdge || rank > best) {
      best = rank;
      node.bestEdge = e;
    }
    if (child.proof == Proof::Open && (node.descendEdge == kNoEdge || rank > bestOpen)) {
      bestOpen = rank;
      node.descendEdge = e;
    }
    const Proof proof = flipped(child.proof);
    anyOpen = anyOpen || proof == Proof::Open;
    anyDraw = anyDraw || proof == Proof::Draw;
    if (proof == Proof::Win) node.proof = Proof::Win;
  }
  node.value = best.second;
  if (node.proof == Proof::Win) {
    // The quickest proven win, whatever completion says of the ranking.
    float quickest = -1.0f;
    for (std::uint32_t e = node.firstEdge; e < node.firstEdge + node.edgeCount; ++e) {
      const Node& child = nodes_.at(edgeChildren_[e]);
      if (child.proof == Proof::Loss && -child.value > quickest) {
        quickest = -child.value;
        node.bestEdge = e;
      }
    }
    node.value = quickest;
  } else if (!anyOpen) {
    node.proof = anyDraw ? Proof::Draw : Proof::Loss;
  }
}

template <class Rules>
std::vector<typename DescentSearch<Rules>::RankedMove> DescentSearch<Rules>::rankedMoves() const {
  const Node& root = nodes_.at(root_);
  std::vector<std::pair<std::pair<int, float>, RankedMove>> ranked;
  for (std::uint32_t e = root.firstEdge; e < root.firstEdge + root.edgeCount; ++e) {
    const Node& child = nodes_.at(edgeChildren_[e]);
    ranked.push_back({rankOf(child), {edgeMoves_[e], -child.value, flipped(child.proof)}});
  }
  std::ranges::stable_sort(ranked, [](const auto& a, const auto& b) { return a.first > b.first; });
  std::vector<RankedMove> moves;
  for (auto& [rank, move] : ranked)
    moves.push_back(std::move(move));
  return moves;
}

template <class Rules>
float DescentSearch<Rules>::rootValue() const {
  return nodes_.at(root_).value;
}

template <class Rules>
Proof DescentSearch<Rules>::rootProof() const {
  return nodes_.at(root_).proof;
}

template <class Rules>
typename DescentSearch<Rules>::TreeSample DescentSearch<Rules>::sampleOf(const Node& node) const {
  return {&node.position,
          node.value,
          node.proof,
          node.ply,
          std::span<const Move>(edgeMoves_).subspan(node.firstEdge, node.edgeCount),
          &edgeMoves_[node.bestEdge]};
}

template <class Rules>
std::vector<typename DescentSearch<Rules>::TreeSample> DescentSearch<Rules>::treeSamples() const {
  std::vector<TreeSample> samples;
  samples.reserve(expansionOrder_.size());
  for (const std::uint64_t key : expansionOrder_)
    samples.push_back(sampleOf(nodes_.at(key)));
  return samples;
}

template <class Rules>
typename DescentSearch<Rules>::TreeSample DescentSearch<Rules>::rootSample() const {
  return sampleOf(nodes_.at(root_));
}

template float teacherValue(const StandardRules::Position&);
template float teacherValue(const GrandRules::Position&);
template class DescentSearch<StandardRules>;
template class DescentSearch<GrandRules>;

}  // namespace camelot
