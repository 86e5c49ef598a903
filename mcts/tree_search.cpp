#include "mcts/tree_search.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace camelot {

template <class Rules>
void BasicTreeSearch<Rules>::setRoot(const Position& root, std::span<const Position> history) {
  const bool sameRoot = root == tree_.rootPosition();
  // An abandoned step leaves pending nodes and virtual losses behind: start over then.
  const bool kept = params_.reuseTree && pendingCount_ == 0 && tree_.reroot(root);
  if (!kept) tree_.reset(root);
  if (!kept || !sameRoot) rootPrepared_ = false;
  pendingCount_ = 0;
  requests_.clear();
  running_ = false;
  // R9 e looks back no further than the clock (a capture or a goal entry changes the
  // placement for good); the evaluator may want a few positions more.
  const std::size_t wanted = std::max<std::size_t>(
      Rules::clock(root), static_cast<std::size_t>(std::max(0, params_.historyPlies)));
  const std::size_t keep = std::min(history.size(), wanted);
  history_.assign(history.end() - static_cast<std::ptrdiff_t>(keep), history.end());
}

template <class Rules>
void BasicTreeSearch<Rules>::clear() {
  pendingCount_ = 0;
  requests_.clear();
  running_ = false;
  history_.clear();
  resetTree();
}

template <class Rules>
void BasicTreeSearch<Rules>::resetTree() {
  tree_.reset(tree_.rootPosition());
  rootPrepared_ = false;
}

template <class Rules>
void BasicTreeSearch<Rules>::start(int simulations, std::optional<Clock::time_point> deadline) {
  if (simulations < 1) throw std::invalid_argument("TreeSearch::start: simulations must be >= 1");
  if (pendingCount_ > 0) throw std::logic_error("TreeSearch::start: a step is unanswered");
  target_ = simulations;
  deadline_ = deadline;
  started_ = 0;
  completed_ = 0;
  running_ = true;
  beginSearch(simulations);
  if (rootReady() && !rootPrepared_) {
    onRootExpanded();
    rootPrepared_ = true;
  }
}

template <class Rules>
void BasicTreeSearch<Rules>::stop() {
  target_ = started_;
}

template <class Rules>
auto BasicTreeSearch<Rules>::step() -> Step {
  if (pendingCount_ > 0) throw std::logic_error("TreeSearch::step: provide() the last step first");
  if (!running_) return {};
  const auto leafCap = static_cast<std::size_t>(std::max(1, params_.leavesPerStep));
  // Simulations that end on exact values need no evaluation and never return to the caller, so
  // the deadline is checked here too, every kDeadlineCheck of them: a time-limited search whose
  // paths are all decided would otherwise run its unbounded simulation count out.
  constexpr int kDeadlineCheck = 256;
  int exactInARow = 0;
  while (pendingCount_ < leafCap && started_ < target_ && tree_.size() < params_.maxNodes &&
         !tree_.node(Tree::kRoot).exact()) {
    if (simulate() == Descent::Collision) break;
    if (pendingCount_ == 0 && deadline_ && ++exactInARow % kDeadlineCheck == 0 &&
        Clock::now() >= *deadline_)
      stop();
  }
  if (pendingCount_ == 0) {
    finish();
    return {};
  }
  // Built only now: leaves_ may have grown (and moved) while gathering.
  requests_.clear();
  for (std::size_t i = 0; i < pendingCount_; ++i)
    requests_.push_back(
        {&leaves_[i].position, &leaves_[i].moves, leaves_[i].history, leaves_[i].repetitions});
  return {StepKind::NeedsEvaluation, requests_};
}

template <class Rules>
void BasicTreeSearch<Rules>::provide(std::span<const Evaluation> results) {
  if (results.size() != pendingCount_)
    throw std::logic_error("TreeSearch::provide: one result per request expected");
  for (std::size_t i = 0; i < pendingCount_; ++i) {
    const Leaf& leaf = leaves_[i];
    tree_.expand(leaf.node, leaf.moves, results[i].priors);
    const float value = results[i].value.expected();
    tree_.node(leaf.node).rawValue = value;
    backup(leaf.path, -value);
    if (leaf.countsAsSimulation) ++completed_;
    if (leaf.node == Tree::kRoot && !rootPrepared_) {
      onRootExpanded();
      rootPrepared_ = true;
    }
  }
  pendingCount_ = 0;
  requests_.clear();
}

template <class Rules>
auto BasicTreeSearch<Rules>::runFor(EvaluatorType& evaluator, std::optional<int> simulations,
                                    std::optional<std::chrono::milliseconds> time,
                                    const std::function<void()>& afterStep) -> const Result& {
  std::optional<Clock::time_point> deadline;
  if (time) deadline = Clock::now() + *time;
  return run(evaluator, simulations.value_or(std::numeric_limits<int>::max()), deadline, afterStep);
}

template <class Rules>
auto BasicTreeSearch<Rules>::run(EvaluatorType& evaluator, int simulations,
                                 std::optional<Clock::time_point> deadline,
                                 const std::function<void()>& afterStep) -> const Result& {
  start(simulations, deadline);
  for (Step s = step(); s.kind == StepKind::NeedsEvaluation; s = step()) {
    if (answers_.size() < s.requests.size()) answers_.resize(s.requests.size());
    const std::span<Evaluation> answers(answers_.data(), s.requests.size());
    evaluator.evaluate(s.requests, answers);
    provide(answers);
    if (deadline && Clock::now() >= *deadline) stop();
    // Not after the last step: a watcher would read the finished search as a partial one.
    if (afterStep && started_ < target_) afterStep();
  }
  return result_;
}

template <class Rules>
auto BasicTreeSearch<Rules>::simulate() -> Descent {
  path_.clear();
  positions_[0] = tree_.rootPosition();
  NodeIndex current = Tree::kRoot;
  std::size_t depth = 0;
  for (;;) {
    Node& n = tree_.node(current);
    ++n.inFlight;  // virtual loss, taken back by backup() or below
    path_.push_back(current);
    if (n.state != NodeState::Expanded) break;
    const NodeIndex child = selectChild(current);
    if (positions_.size() <= depth + 1) positions_.emplace_back();
    positions_[depth + 1] = Rules::after(positions_[depth], tree_.move(child));
    current = child;
    ++depth;
  }

  Node& node = tree_.node(current);
  if (node.state == NodeState::Pending) {  // already a leaf of this step
    for (const NodeIndex i : path_)
      --tree_.node(i).inFlight;
    return Descent::Collision;
  }
  if (node.exact()) return backUpExact(node.terminalValue);

  // A new leaf: R9 decides it exactly if it can, as in a game.
  if (pendingCount_ == leaves_.size()) leaves_.emplace_back();
  Leaf& leaf = leaves_[pendingCount_];
  const Position& position = positions_[depth];
  Rules::legalMoves(position, leaf.moves);
  const int repetitions = earlierOccurrences(depth);
  if (const std::optional<int> value = Rules::finalValue(position, leaf.moves, repetitions >= 2)) {
    node.state = NodeState::Terminal;
    node.terminalValue = static_cast<std::int8_t>(-*value);  // for the side that moved into it
    // The parent's side to move wins at once here: the parent's value is exact too.
    if (node.terminalValue == 1 && depth > 0) {
      Node& parent = tree_.node(path_[depth - 1]);
      parent.state = NodeState::Proven;
      parent.terminalValue = -1;
    }
    return backUpExact(node.terminalValue);
  }
  // R9 a and c one ply ahead: a leaf whose side to move can win at once is lost for the side
  // that moved into it, exactly, without asking the network (MCTS-Solver). Below the root only:
  // the root's winning move is found among its children.
  if (depth > 0 && Rules::hasWinningMove(position, leaf.moves)) {
    node.state = NodeState::Proven;
    node.terminalValue = -1;
    return backUpExact(node.terminalValue);
  }

  node.state = NodeState::Pending;
  leaf.node = current;
  leaf.countsAsSimulation = current != Tree::kRoot || rootEvaluationIsSimulation();
  if (leaf.countsAsSimulation) ++started_;
  leaf.position = position;
  leaf.repetitions = repetitions;
  const std::size_t plies = std::min<std::size_t>(
      static_cast<std::size_t>(std::max(0, params_.historyPlies)), depth + history_.size());
  leaf.history.clear();
  for (std::size_t back = plies; back >= 1; --back)
    leaf.history.push_back(positionBefore(depth, back));
  leaf.path.assign(path_.begin(), path_.end());
  ++pendingCount_;
  return Descent::Pending;
}

// A simulation that ends in an exact value (a finished game or a proven node) on path_.
template <class Rules>
auto BasicTreeSearch<Rules>::backUpExact(float value) -> Descent {
  ++started_;
  backup(path_, value);
  ++completed_;
  return Descent::BackedUp;
}

template <class Rules>
auto BasicTreeSearch<Rules>::positionBefore(std::size_t depth, std::size_t back) const
    -> const Position& {
  return back <= depth ? positions_[depth - back] : history_[history_.size() - (back - depth)];
}

// R9 e over the game before the root and the path below it; two earlier occurrences make the
// leaf's position stand for the third time. Only positions with the same player to move (every
// Rules::kTurnCycle plies) can match.
template <class Rules>
int BasicTreeSearch<Rules>::earlierOccurrences(std::size_t depth) const {
  const Position& now = positions_[depth];
  const std::size_t window =
      std::min<std::size_t>(static_cast<std::size_t>(Rules::clock(now)), depth + history_.size());
  int seen = 0;
  for (std::size_t back = Rules::kTurnCycle; back <= window; back += Rules::kTurnCycle)
    if (Rules::sameForRepetition(positionBefore(depth, back), now) && ++seen >= 2) break;
  return seen;
}

// `value` is from the view of the side that moved into the last node of the path; it changes
// sign at every ply up (the sides alternate at every ply, a Grand Camelot pass included).
// With implicit minimax backups, the last node's minimax is that value and each node above
// takes the negated best of its visited children's.
template <class Rules>
void BasicTreeSearch<Rules>::backup(std::span<const NodeIndex> path, float value) {
  const bool minimax = params_.minimaxWeight > 0.0f;
  for (auto it = path.rbegin(); it != path.rend(); ++it) {
    Node& n = tree_.node(*it);
    --n.inFlight;
    ++n.visits;
    n.valueSum += value;
    if (minimax) n.minimax = it == path.rbegin() ? value : -bestChildMinimax(*it);
    value = -value;
  }
}

// The largest minimax among the visited children of node i (from their mover's view, the side
// to move at i).
template <class Rules>
float BasicTreeSearch<Rules>::bestChildMinimax(NodeIndex i) const {
  float best = -1.0f;
  for (const Node& child : tree_.children(i))
    if (child.visits > 0) best = std::max(best, child.minimax);
  return best;
}

template <class Rules>
auto BasicTreeSearch<Rules>::chosenLine() const -> std::vector<typename Rules::Move> {
  if (result_.chosen < 0) return {};
  const NodeIndex chosen =
      tree_.node(Tree::kRoot).firstChild + static_cast<NodeIndex>(result_.chosen);
  std::vector<typename Rules::Move> line{tree_.move(chosen)};
  for (const typename Rules::Move& m : tree_.principalVariation(chosen))
    line.push_back(m);
  return line;
}

template <class Rules>
void BasicTreeSearch<Rules>::fillRootFigures(Result& r) const {
  r.moves.clear();
  r.visits.clear();
  r.q.clear();
  r.policy.clear();
  r.chosen = -1;
  const Node& root = tree_.node(Tree::kRoot);
  for (NodeIndex c = root.firstChild; c < root.firstChild + root.childCount; ++c) {
    r.moves.push_back(tree_.move(c));
    r.visits.push_back(tree_.node(c).visits);
    r.q.push_back(tree_.node(c).q());
  }
  r.rootValue = root.exact() ? -root.terminalValue : -root.q();
  r.simulations = completed_;
  r.nodes = tree_.size();
}

template <class Rules>
auto BasicTreeSearch<Rules>::snapshot() const -> Result {
  Result r;
  fillRootFigures(r);
  const Node& root = tree_.node(Tree::kRoot);
  for (std::size_t k = 0; k < r.moves.size(); ++k) {
    const auto better = [&](std::size_t a, std::size_t b) {
      const Node& x = tree_.node(root.firstChild + static_cast<NodeIndex>(a));
      const Node& y = tree_.node(root.firstChild + static_cast<NodeIndex>(b));
      return x.visits != y.visits ? x.visits > y.visits : x.prior > y.prior;
    };
    if (r.chosen < 0 || better(k, static_cast<std::size_t>(r.chosen)))
      r.chosen = static_cast<int>(k);
  }
  return r;
}

template <class Rules>
void BasicTreeSearch<Rules>::finish() {
  running_ = false;
  Result& r = result_;
  fillRootFigures(r);
  if (!rootReady()) return;
  finishResult(r);
  // A move that wins at once beats any estimate.
  const Node& root = tree_.node(Tree::kRoot);
  for (std::size_t k = 0; k < root.childCount; ++k) {
    const Node& child = tree_.node(root.firstChild + static_cast<NodeIndex>(k));
    if (child.state == NodeState::Terminal && child.terminalValue == 1) {
      r.chosen = static_cast<int>(k);
      break;
    }
  }
}

template class BasicTreeSearch<StandardRules>;
template class BasicTreeSearch<GrandRules>;

}  // namespace camelot
