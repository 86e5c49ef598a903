#include "mcts/tree_search.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>

#include "engine/rules_status.hpp"

namespace camelot {
namespace {

// The exact value of a finished game for the side that made the last move.
std::int8_t valueForMover(const GameStatus& status, Color mover) {
  if (status.outcome == Outcome::Draw) return 0;
  const Outcome moverWins = mover == Color::White ? Outcome::WhiteWins : Outcome::BlackWins;
  return status.outcome == moverWins ? 1 : -1;
}

}  // namespace

void TreeSearch::setRoot(const Position& root, std::span<const Position> history) {
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
      root.clock(), static_cast<std::size_t>(std::max(0, params_.historyPlies)));
  const std::size_t keep = std::min(history.size(), wanted);
  history_.assign(history.end() - static_cast<std::ptrdiff_t>(keep), history.end());
}

void TreeSearch::clear() {
  pendingCount_ = 0;
  requests_.clear();
  running_ = false;
  history_.clear();
  resetTree();
}

void TreeSearch::resetTree() {
  tree_.reset(tree_.rootPosition());
  rootPrepared_ = false;
}

void TreeSearch::start(int simulations, std::optional<Clock::time_point> deadline) {
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

void TreeSearch::stop() {
  target_ = started_;
}

SearchStep TreeSearch::step() {
  if (pendingCount_ > 0) throw std::logic_error("TreeSearch::step: provide() the last step first");
  if (!running_) return {};
  const auto leafCap = static_cast<std::size_t>(std::max(1, params_.leavesPerStep));
  // Simulations that end on exact values need no evaluation and never return to the caller, so
  // the deadline is checked here too, every kDeadlineCheck of them: a time-limited search whose
  // paths are all decided would otherwise run its unbounded simulation count out.
  constexpr int kDeadlineCheck = 256;
  int exactInARow = 0;
  while (pendingCount_ < leafCap && started_ < target_ && tree_.size() < params_.maxNodes &&
         !tree_.node(SearchTree::kRoot).exact()) {
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

void TreeSearch::provide(std::span<const Evaluation> results) {
  if (results.size() != pendingCount_)
    throw std::logic_error("TreeSearch::provide: one result per request expected");
  for (std::size_t i = 0; i < pendingCount_; ++i) {
    const Leaf& leaf = leaves_[i];
    tree_.expand(leaf.node, leaf.moves, results[i].priors);
    const float value = results[i].value.expected();
    tree_.node(leaf.node).rawValue = value;
    backup(leaf.path, -value);
    if (leaf.countsAsSimulation) ++completed_;
    if (leaf.node == SearchTree::kRoot && !rootPrepared_) {
      onRootExpanded();
      rootPrepared_ = true;
    }
  }
  pendingCount_ = 0;
  requests_.clear();
}

const SearchResult& TreeSearch::runFor(Evaluator& evaluator, std::optional<int> simulations,
                                       std::optional<std::chrono::milliseconds> time) {
  std::optional<Clock::time_point> deadline;
  if (time) deadline = Clock::now() + *time;
  return run(evaluator, simulations.value_or(std::numeric_limits<int>::max()), deadline);
}

const SearchResult& TreeSearch::run(Evaluator& evaluator, int simulations,
                                    std::optional<Clock::time_point> deadline) {
  start(simulations, deadline);
  for (SearchStep s = step(); s.kind == StepKind::NeedsEvaluation; s = step()) {
    if (answers_.size() < s.requests.size()) answers_.resize(s.requests.size());
    const std::span<Evaluation> answers(answers_.data(), s.requests.size());
    evaluator.evaluate(s.requests, answers);
    provide(answers);
    if (deadline && Clock::now() >= *deadline) stop();
  }
  return result_;
}

TreeSearch::Descent TreeSearch::simulate() {
  path_.clear();
  positions_[0] = tree_.rootPosition();
  NodeIndex current = SearchTree::kRoot;
  std::size_t depth = 0;
  for (;;) {
    Node& n = tree_.node(current);
    ++n.inFlight;  // virtual loss, taken back by backup() or below
    path_.push_back(current);
    if (n.state != NodeState::Expanded) break;
    const NodeIndex child = selectChild(current);
    if (positions_.size() <= depth + 1) positions_.emplace_back();
    positions_[depth + 1] = positions_[depth].after(tree_.move(child));
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
  legalMoves(position, leaf.moves);
  const int repetitions = earlierOccurrences(depth);
  const GameStatus status =
      statusWithMoves(position, leaf.moves, ClockRule::Apply, repetitions >= 2);
  if (status.finished()) {
    node.state = NodeState::Terminal;
    node.terminalValue = valueForMover(status, opposite(position.sideToMove()));
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
  if (depth > 0 && hasWinningMove(position, leaf.moves)) {
    node.state = NodeState::Proven;
    node.terminalValue = -1;
    return backUpExact(node.terminalValue);
  }

  node.state = NodeState::Pending;
  leaf.node = current;
  leaf.countsAsSimulation = current != SearchTree::kRoot || rootEvaluationIsSimulation();
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
TreeSearch::Descent TreeSearch::backUpExact(float value) {
  ++started_;
  backup(path_, value);
  ++completed_;
  return Descent::BackedUp;
}

const Position& TreeSearch::positionBefore(std::size_t depth, std::size_t back) const {
  return back <= depth ? positions_[depth - back] : history_[history_.size() - (back - depth)];
}

// R9 e over the game before the root and the path below it; two earlier occurrences make the
// leaf's position stand for the third time. Only positions with the same side to move (every
// second ply) can match.
int TreeSearch::earlierOccurrences(std::size_t depth) const {
  const Position& now = positions_[depth];
  const std::size_t window = std::min<std::size_t>(now.clock(), depth + history_.size());
  int seen = 0;
  for (std::size_t back = 2; back <= window; back += 2) {
    const Position& earlier = positionBefore(depth, back);
    if (earlier.hash() == now.hash() && earlier.sameForRepetition(now) && ++seen >= 2) break;
  }
  return seen;
}

// `value` is from the view of the side that moved into the last node of the path; it changes
// sign at every ply up (Camelot has no passes).
void TreeSearch::backup(std::span<const NodeIndex> path, float value) {
  for (auto it = path.rbegin(); it != path.rend(); ++it) {
    Node& n = tree_.node(*it);
    --n.inFlight;
    ++n.visits;
    n.valueSum += value;
    value = -value;
  }
}

void TreeSearch::finish() {
  running_ = false;
  SearchResult& r = result_;
  r.moves.clear();
  r.visits.clear();
  r.q.clear();
  r.policy.clear();
  r.chosen = -1;
  const Node& root = tree_.node(SearchTree::kRoot);
  for (NodeIndex c = root.firstChild; c < root.firstChild + root.childCount; ++c) {
    r.moves.push_back(tree_.move(c));
    r.visits.push_back(tree_.node(c).visits);
    r.q.push_back(tree_.node(c).q());
  }
  r.rootValue = root.exact() ? -root.terminalValue : -root.q();
  r.simulations = completed_;
  r.nodes = tree_.size();
  if (!rootReady()) return;
  finishResult(r);
  // A move that wins at once beats any estimate.
  for (std::size_t k = 0; k < root.childCount; ++k) {
    const Node& child = tree_.node(root.firstChild + static_cast<NodeIndex>(k));
    if (child.state == NodeState::Terminal && child.terminalValue == 1) {
      r.chosen = static_cast<int>(k);
      break;
    }
  }
}

}  // namespace camelot
