#pragma once
// Descent (Cohen-Solal 2020, "Learning to Play Two-Player Perfect-Information Games without
// Knowledge", arXiv 2008.01188): an unbounded best-first minimax search on a value function.
// Each iteration follows the currently best line from the root down to the end of the game,
// expanding every node on the way (all of its children judged in one batch), and backs the
// minimax values up the line; so every searched line is anchored by a real result. (An
// iteration may be bounded to a number of expansions: the next one then goes on down the line
// that is best by then, as unbounded best-first minimax does with a bound of one.) The tree is
// kept for the whole game (one node per position, transpositions shared), and every expanded
// node is a training sample with its backed-up value (tree learning).
//
// Completion (Cohen-Solal and Cazenave; arXiv 2603.24572): a node's value is proven when a
// child loses for its mover, or every child is proven; a proven value outranks a heuristic one
// when moves are compared (a proven win first, a proven loss last), and an iteration only goes
// down into children that are not proven yet.
//
// The reinforcement heuristic: a game's end is worth +1 or -1 for a win or a loss less
// `quickWinWeight` times the share of the length cap played, so that quicker wins and slower
// losses score more; draws are 0.
//
// Repetitions count the game's earlier positions and the line being searched: a position that
// would stand for the third time is a draw (R9 e). Nodes are keyed by the position and its clock
// (R9 f), so a transposition shares a node only where the clock agrees too.

#include <cstdint>
#include <random>
#include <span>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "engine/game_rules.hpp"
#include "mcts/evaluator.hpp"

namespace camelot {

struct DescentSettings {
  int positionsPerMove = 2000;  // children of expanded nodes made for each move
  int maxPlies = 300;           // a line reaching this ply of the game is a draw (the game cap)
  double quickWinWeight = 0.2;  // the reinforcement heuristic (0: a win is worth 1 at any ply)
  bool completion = true;       // proven values outrank heuristic ones
  // Nodes one iteration expands at most (0: down to the end of the game, pure Descent). A
  // Camelot line runs to a castle, a capture-out or the clock's 100 plies, so an iteration of
  // pure Descent costs thousands of evaluations; a bounded one goes on where the last stopped.
  int maxExpansions = 0;
  // The hand-written evaluation's share in the value of each node the evaluator judges (0: the
  // evaluator's alone): its score over kJudgeWinUnits, clamped to [-1, 1], the scale on which
  // alpha-beta weighs a network's value against it. A teacher that knows what the evaluator
  // does not yet: the backed-up values, and so the samples, carry its knowledge.
  double teacherWeight = 0.0;
};

// The hand-written evaluation's score for `position`'s side to move on a value's scale: over
// kJudgeWinUnits, clamped to [-1, 1], as DescentSettings::teacherWeight and alpha-beta's
// `hand=P` weigh it against a network's value.
template <class Position>
float teacherValue(const Position& position);

// A node's value proven by search, from its side to move's view.
enum class Proof : std::int8_t { Open, Win, Draw, Loss };

template <class Rules>
class DescentSearch {
 public:
  using Position = typename Rules::Position;
  using Move = typename Rules::Move;

  // A root move with its child's value from the root mover's view, best first.
  struct RankedMove {
    Move move;
    float value = 0.0f;
    Proof proof = Proof::Open;  // the root mover's view
  };

  // An expanded node: a training sample's position with its backed-up value.
  struct TreeSample {
    const Position* position;
    float value;                  // the side to move's view, in [-1, 1]
    Proof proof;                  // the side to move's view
    int ply;                      // the ply of the game it was first reached at
    std::span<const Move> moves;  // its legal moves, in Rules::legalMoves' order
    const Move* best;  // its best move (one of `moves`) by the same ranking as the root's
  };

  explicit DescentSearch(const DescentSettings& settings = {});

  // Forgets the tree (a new game).
  void clear();
  // Searches the current position of `game` (its earlier positions count for repetitions) until
  // its expansions have made settings.positionsPerMove children (most of them judged by
  // `evaluator`; the rest end the game, or were in the tree already), the root is proven, or no
  // iteration can expand anything more. The tree of earlier moves is kept. The game goes on.
  void search(const typename Rules::Game& game, BasicEvaluator<Rules>& evaluator);

  // The last searched position's moves, best first (proven wins, then by value, then proven
  // losses; without completion by value alone), ties in move-generation order.
  std::vector<RankedMove> rankedMoves() const;
  // The last searched position's value and proof.
  float rootValue() const;
  Proof rootProof() const;
  // Positions the value function judged in the last search, and the calls it took.
  std::int64_t lastEvaluations() const { return lastEvaluations_; }
  std::int64_t lastBatches() const { return lastBatches_; }
  // Children its expansions made in the last search (the budget's measure).
  std::int64_t lastPositions() const { return lastPositions_; }
  int lastIterations() const { return lastIterations_; }
  std::size_t nodes() const { return nodes_.size(); }

  // Every expanded node, in the order they were expanded.
  std::vector<TreeSample> treeSamples() const;
  // The last searched position's node.
  TreeSample rootSample() const;

  // The value of a finished game for its side to move at `ply`, whose exact result is `result`
  // (+1, 0, -1): the reinforcement heuristic.
  float terminalValue(int result, int ply) const;

 private:
  struct Node {
    Position position;
    float value = 0.0f;
    Proof proof = Proof::Open;
    bool expanded = false;
    int ply = 0;
    std::uint32_t firstEdge = 0;
    std::uint32_t edgeCount = 0;
    std::uint32_t bestEdge = 0;     // valid once expanded
    std::uint32_t descendEdge = 0;  // the best open child's, or kNoEdge
  };
  static constexpr std::uint32_t kNoEdge = 0xffffffff;

  static std::uint64_t keyOf(const Position& position);
  TreeSample sampleOf(const Node& node) const;
  // How a child's value ranks from its parent's view: (proof class, value).
  std::pair<int, float> rankOf(const Node& child) const;
  // Runs one iteration; false when it expanded nothing.
  bool iterate(BasicEvaluator<Rules>& evaluator);
  void expand(std::uint64_t key, BasicEvaluator<Rules>& evaluator);
  // The node's value, proof and best edge from its children.
  void backUp(Node& node);
  int occurrences(const Position& position) const;

  DescentSettings settings_;
  std::unordered_map<std::uint64_t, Node> nodes_;
  // Each expanded node's edges, a contiguous range: the move and the child's key.
  std::vector<Move> edgeMoves_;
  std::vector<std::uint64_t> edgeChildren_;
  std::vector<std::uint64_t> expansionOrder_;
  std::uint64_t root_ = 0;
  // Repetition identities (Rules::hash) of the game's positions and the line being searched.
  std::unordered_map<std::uint64_t, int> seen_;
  std::vector<std::uint64_t> line_;
  std::vector<std::pair<float, Proof>> lineBefore_;  // each line node's value and proof before
  std::unordered_set<std::uint64_t> onLine_;
  // What the last search did.
  std::int64_t lastEvaluations_ = 0;
  std::int64_t lastBatches_ = 0;
  std::int64_t lastPositions_ = 0;
  int lastIterations_ = 0;
  // Scratch of an expansion.
  typename Rules::MoveList moves_;
  std::vector<typename Rules::MoveList> childMoves_;
  std::vector<BasicEvaluationRequest<Rules>> requests_;
  std::vector<Evaluation> answers_;
  std::vector<std::size_t> asked_;
};

// Ordinal action selection (Cohen-Solal 2020): the move of rank i (0 the best) is played with
// probability p (1 - p)^i, the last one taking what is left, so exploration depends on the
// moves' order alone and never on how close their values are; proven losses are never played
// while another move is not one. `bestProbability` 1 always plays the best.
template <class Ranked>
std::size_t chooseOrdinal(const std::vector<Ranked>& ranked, double bestProbability,
                          std::mt19937_64& rng) {
  std::size_t playable = ranked.size();
  while (playable > 1 && ranked[playable - 1].proof == Proof::Loss)
    --playable;
  if (playable <= 1 || bestProbability >= 1.0) return 0;
  const double u = std::uniform_real_distribution<double>(0.0, 1.0)(rng);
  double left = 1.0;  // the probability of the ranks from i on
  for (std::size_t i = 0; i + 1 < playable; ++i) {
    const double here = left * bestProbability;
    if (u < 1.0 - left + here) return i;
    left -= here;
  }
  return playable - 1;
}

}  // namespace camelot
