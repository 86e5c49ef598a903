#include "players/alphabeta_player.hpp"

#include <algorithm>
#include <bit>
#include <numeric>
#include <optional>
#include <string>

namespace camelot {
namespace {

using Clock = std::chrono::steady_clock;

constexpr int kInfinity = kWinScore + 1;

enum Bound : std::uint8_t { kNoBound = 0, kUpper = 1, kLower = 2, kExact = 3 };

template <class Rules>
bool allCaptures(const typename Rules::MoveList& moves) {
  return std::all_of(moves.begin(), moves.end(),
                     [](const auto& m) { return AlphaBetaVariant<Rules>::isCapture(m); });
}

// Mate scores are stored relative to the node, so they stay right at another distance.
int toTable(int score, int ply) {
  return score > kWinThreshold ? score + ply : score < -kWinThreshold ? score - ply : score;
}
int fromTable(int score, int ply) {
  return score > kWinThreshold ? score - ply : score < -kWinThreshold ? score + ply : score;
}

// The history table's squares: both variants' boards fit a 16x16 grid.
constexpr int kHistorySquares = 256;
constexpr int kHistoryCap = 1 << 20;

// Move ordering tiers, best first; within a tier a larger number goes first.
constexpr int kTableMoveOrder = 1 << 30;
constexpr int kCastleWinOrder = 1 << 29;
constexpr int kCaptureOrder = 1 << 28;
constexpr int kGoalEntryOrder = 1 << 27;
constexpr int kKillerOrder = 1 << 26;

// Under a judge with priors, at nodes this many plies from the horizon or more, the quiet moves
// (after the table move, castle wins, captures, goal entries and killers) are ordered by prior
// instead of history: a prior costs one network call, a node's subtree at this depth many, so the
// call pays for itself through earlier cutoffs. The call is made only when the search reaches the
// first quiet move: a node that the moves before it cut off, or one with captures alone (R4), never
// pays it.
constexpr int kPriorOrderDepth = 2;
// With policyPruneMoves, nodes this many plies from the horizon or fewer keep only their quiet
// moves of highest prior, and those one ply from it ask the priors too: a pruned move saves its
// whole subtree, so the call pays there as well.
constexpr int kPolicyPruneDepth = 2;

struct Ordered {
  int score;
  std::uint32_t index;  // in the position's move list
  bool quiet;           // no capture, goal entry, table move or killer: may be reduced
};

}  // namespace

template <class Rules>
class BasicAlphaBetaPlayer<Rules>::Search {
  using Position = typename Rules::Position;
  using MoveList = typename Rules::MoveList;
  using Variant = AlphaBetaVariant<Rules>;

 public:
  Search(BasicAlphaBetaPlayer& player, const Game& game, int maxDepth,
         std::optional<std::chrono::milliseconds> time, const SearchWatch* watch)
      : player_(player),
        watch_(watch),
        weights_(player.settings_.weights),
        maxDepth_(maxDepth),
        start_(Clock::now()),
        timeLimit_(time),
        lists_(kMaxSearchPly + 1),
        orders_(kMaxSearchPly + 1),
        priors_(kMaxSearchPly + 1),
        killers_(kMaxSearchPly + 1) {
    // The game's positions: repetitions (R9 e) of them count in the search too.
    const std::vector<Position>& before = game.positions();
    for (std::size_t i = 0; i + 1 < before.size(); ++i)
      hashes_.push_back(Rules::hash(before[i]));
    rootIndex_ = hashes_.size();
    hashes_.resize(rootIndex_ + kMaxSearchPly + 1);
    if (time) deadline_ = start_ + *time;
    rootMoves_ = orderedRootMoves(game);
  }

  Move run(const Position& root) {
    Move best = rootMoves_.front();
    BasicSearchReport<Rules>& report = player_.report_;
    report = {};
    for (int depth = 1; depth <= maxDepth_; ++depth) {
      canAbort_ = depth > 1;  // the first iteration always completes: a move is always known
      iterationBest_.reset();
      const int score = searchRoot(root, depth);
      if (iterationBest_) {
        best = rootMoves_[*iterationBest_];
        report.score = aborted_ ? iterationScore_ : score;
        std::rotate(rootMoves_.begin(), rootMoves_.begin() + *iterationBest_,
                    rootMoves_.begin() + *iterationBest_ + 1);
      }
      if (aborted_) break;
      report.depth = depth;
      if (watch_ && watch_->stopped()) break;
      if (progressDue()) {
        report.nodes = nodes_;
        report.elapsed =
            std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - start_);
        report.pv = principalVariation(root, best, depth);
        watch_->progress();
      }
      if (rootMoves_.size() == 1) break;
      // A win or loss within the horizon: deeper search cannot make it shorter or longer.
      if (isDecisive(score) && kWinScore - std::abs(score) <= depth) break;
      if (timeLimit_ &&
          (Clock::now() - start_) * 100 >= *timeLimit_ * player_.settings_.deepenPercent)
        break;
    }
    report.nodes = nodes_;
    report.elapsed = std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - start_);
    report.pv = principalVariation(root, best, std::max(report.depth, 1));
    return best;
  }

 private:
  int searchRoot(const Position& root, int depth) {
    hashes_[rootIndex_] = Rules::hash(root);
    ++nodes_;
    int alpha = -kInfinity;
    const int beta = kInfinity;
    for (std::size_t i = 0; i < rootMoves_.size(); ++i) {
      const Position next = Rules::after(root, rootMoves_[i]);
      int score;
      if (i == 0) {
        score = -negamax(next, depth - 1, -beta, -alpha, 1, true);
      } else {
        score = -negamax(next, depth - 1, -alpha - 1, -alpha, 1, false);
        if (score > alpha && !aborted_) score = -negamax(next, depth - 1, -beta, -alpha, 1, true);
      }
      if (aborted_) break;
      if (score > alpha) {
        alpha = score;
        iterationBest_ = i;
        iterationScore_ = score;
      }
    }
    if (!aborted_)
      store(Rules::hash(root), depth, kExact, alpha, Variant::moveKey(rootMoves_[*iterationBest_]),
            0);
    return alpha;
  }

  // The root's moves in a seeded random order, so that equal moves are chosen at random; under a
  // judge with priors, then by prior, highest first (equal priors keep the random order). Every
  // root move is searched at every depth, but in time-limited play the last iteration is cut
  // short: the moves it reaches first are the ones it can still prefer to the last best move.
  std::vector<Move> orderedRootMoves(const Game& game) {
    const MoveList& legal = game.legalMoves();
    std::vector<std::size_t> order(legal.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::shuffle(order.begin(), order.end(), player_.rng_);
    if (player_.judge_ && player_.settings_.orderByPriors && legal.size() > 1) {
      std::vector<float> priors;
      player_.judge_->priors(game.position(), legal, priors);
      std::stable_sort(order.begin(), order.end(),
                       [&](std::size_t a, std::size_t b) { return priors[a] > priors[b]; });
    }
    std::vector<Move> moves;
    moves.reserve(order.size());
    for (const std::size_t i : order)
      moves.push_back(legal[i]);
    return moves;
  }

  // The start of every node: records its hash (repetitions), scores a finished game or the
  // ply cap, counts the node and checks the clock. A value when the node needs no search.
  std::optional<int> enterNode(const Position& p, int ply) {
    hashes_[rootIndex_ + ply] = Rules::hash(p);
    if (const std::optional<int> score = Variant::decided(p, ply)) return score;
    if (ply >= kMaxSearchPly) {
      MoveList& moves = lists_[ply];
      Variant::generate(p, moves);
      return moves.empty() ? Variant::noMovesScore(p, ply) : staticValue(p, moves, ply);
    }
    if (countNodeAndCheckTime()) return 0;
    return std::nullopt;
  }

  // The hash enterNode recorded for the node at `ply`.
  std::uint64_t nodeHash(int ply) const { return hashes_[rootIndex_ + ply]; }

  // The node's value at `ply`.
  int staticValue(const Position& p, const MoveList& moves, int ply) {
    return player_.judge_ ? player_.judge_->value(p, moves, nodeHash(ply))
                          : Variant::evaluate(p, weights_);
  }

  // `best`, then the table's best moves from the position after it, up to `length` moves; it
  // stops early where the table has no move or a position repeats.
  std::vector<Move> principalVariation(const Position& root, const Move& best, int length) {
    std::vector<Move> pv{best};
    std::vector<std::uint64_t> seen{Rules::hash(root)};
    Position p = Rules::after(root, best);
    MoveList moves;
    while (static_cast<int>(pv.size()) < length &&
           std::find(seen.begin(), seen.end(), Rules::hash(p)) == seen.end()) {
      seen.push_back(Rules::hash(p));
      const TtEntry* e = probe(Rules::hash(p));
      if (e == nullptr || e->move == 0 || Variant::decided(p, 0)) break;
      Variant::generate(p, moves);
      const auto m = std::find_if(moves.begin(), moves.end(),
                                  [&](const Move& c) { return Variant::moveKey(c) == e->move; });
      if (m == moves.end()) break;
      pv.push_back(*m);
      p = Rules::after(p, *m);
    }
    return pv;
  }

  int negamax(const Position& p, int depth, int alpha, int beta, int ply, bool pvNode) {
    if (depth <= 0) return quiesce(p, alpha, beta, ply);
    if (const std::optional<int> score = enterNode(p, ply)) return *score;
    const int seat = Variant::seat(p);

    MoveList& moves = lists_[ply];
    if (Rules::clock(p) >= Variant::kClockLimit || isRepetitionDraw(p, ply)) {
      // R9 d (G12.4) comes before e and f: a side without moves loses even then.
      Variant::generate(p, moves);
      return moves.empty() ? Variant::noMovesScore(p, ply) : 0;
    }

    // The best possible result is a win on this move; the worst a loss right after it.
    alpha = std::max(alpha, lossIn(ply + 2));
    beta = std::min(beta, winIn(ply + 1));
    if (alpha >= beta) return alpha;

    std::uint32_t tableMove = 0;
    const std::uint64_t hash = nodeHash(ply);
    if (const TtEntry* e = probe(hash)) {
      tableMove = e->move;
      const int score = fromTable(e->score, ply);
      const int bound = e->boundAndAge & 3;
      if (!pvNode && e->depth >= depth &&
          (bound == kExact || (bound == kLower && score >= beta) ||
           (bound == kUpper && score <= alpha)))
        return score;
    }

    Variant::generate(p, moves);
    if (moves.empty()) return Variant::noMovesScore(p, ply);
    const bool byPriors = player_.judge_ && player_.settings_.orderByPriors;
    const int pruneAfter = byPriors && !pvNode && depth <= kPolicyPruneDepth
                               ? player_.settings_.policyPruneMoves * depth
                               : 0;
    bool priorsPending = byPriors && (depth >= kPriorOrderDepth || pruneAfter > 0);
    int quietSearched = 0;
    scoreMoves(p, moves, tableMove, ply);

    // A forced reply or a compulsory capture (R4: every move is one, so there are few) is
    // searched one ply deeper: the exchanges of Camelot are settled beyond the horizon.
    const bool forced = moves.size() == 1 || allCaptures<Rules>(moves);
    const int extension = forced && ply < 2 * maxDepth_ ? 1 : 0;
    const int alphaIn = alpha;
    int best = -kInfinity;
    std::uint32_t bestMove = 0;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const Ordered* picked = &pickNext(ply, i);
      if (priorsPending && picked->quiet) {
        orderQuietByPriors(p, moves, ply, i);
        priorsPending = false;
        picked = &pickNext(ply, i);
      }
      const Ordered& o = *picked;
      const Move& m = moves[o.index];
      const bool quiet = o.quiet;
      // The quiet moves come last, in the priors' order: the rest are the policy's least likely.
      if (quiet && pruneAfter > 0 && quietSearched++ == pruneAfter) break;
      const Position next = Rules::after(p, m);
      const int newDepth = depth - 1 + extension;
      int score;
      if (i == 0) {
        score = -negamax(next, newDepth, -beta, -alpha, ply + 1, pvNode);
      } else {
        // Late quiet moves are searched shallower first and again in full only if they
        // look better than the best so far.
        const int reduction = quiet && depth >= 3 && i >= 3 ? 1 + (depth >= 5 && i >= 10) : 0;
        score = -negamax(next, newDepth - reduction, -alpha - 1, -alpha, ply + 1, false);
        if (score > alpha && reduction > 0)
          score = -negamax(next, newDepth, -alpha - 1, -alpha, ply + 1, false);
        if (score > alpha && score < beta)
          score = -negamax(next, newDepth, -beta, -alpha, ply + 1, true);
      }
      if (aborted_) return 0;
      if (score > best) {
        best = score;
        bestMove = Variant::moveKey(m);
        if (score > alpha) {
          alpha = score;
          if (alpha >= beta) {
            if (quiet) rememberCutoff(seat, m, depth, ply);
            break;
          }
        }
      }
    }
    const Bound bound = best >= beta ? kLower : best > alphaIn ? kExact : kUpper;
    store(hash, depth, bound, best, bestMove, ply);
    return best;
  }

  // Captures only, until the position is quiet. Captures are compulsory when a piece can jump
  // (R4), and then every move is one and all are searched: standing pat would be declining
  // them. Otherwise the side may decline (the optional charges), so the static value stands.
  int quiesce(const Position& p, int alpha, int beta, int ply) {
    if (const std::optional<int> score = enterNode(p, ply)) return *score;
    if (player_.judge_) player_.judge_->prefetch(p, nodeHash(ply));

    // The captures, the castle wins and the judge's value need only the tactical moves; the
    // canter trees of the rest are most of a full list's cost.
    MoveList& moves = lists_[ply];
    const bool otherMoves = Variant::generateTactical(p, moves);
    if (moves.empty() && !otherMoves) return Variant::noMovesScore(p, ply);
    if (Rules::clock(p) >= Variant::kClockLimit || isRepetitionDraw(p, ply)) return 0;

    for (const Move& m : moves)
      if (Variant::winsAtOnce(p, m)) return winIn(ply + 1);
    int best = -kInfinity;
    if (otherMoves || !allCaptures<Rules>(moves)) {
      best = staticValue(p, moves, ply);
      if (best >= beta) return best;
      alpha = std::max(alpha, best);
    }
    scoreMoves(p, moves, 0, ply);
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const Move& m = moves[pickNext(ply, i).index];
      if (!Variant::isCapture(m)) break;  // captures are ordered first
      const int score = -quiesce(Rules::after(p, m), -beta, -alpha, ply + 1);
      if (aborted_) return 0;
      if (score > best) {
        best = score;
        alpha = std::max(alpha, score);
        if (alpha >= beta) break;
      }
    }
    return best;
  }

  // R9 e (G12.5) within the search: a position seen before on the search path, or twice in the
  // game, is scored as the draw that repeating it would allow. Only positions a whole turn
  // cycle back can be the same (the same side, or player, to move).
  bool isRepetitionDraw(const Position& p, int ply) const {
    const std::size_t here = rootIndex_ + ply;
    // A capture or a goal entry changes the placement for good; the clock counts since then.
    const std::size_t window = std::min<std::size_t>(Rules::clock(p), here);
    const std::uint64_t hash = hashes_[here];  // enterNode's
    int inGame = 0;
    for (std::size_t back = Rules::kTurnCycle; back <= window; back += Rules::kTurnCycle) {
      if (hashes_[here - back] != hash) continue;
      if (here - back >= rootIndex_ || ++inGame == 2) return true;
    }
    return false;
  }

  bool countNodeAndCheckTime() {
    ++nodes_;
    if (canAbort_ && (nodes_ & 1023) == 0 &&
        ((timeLimit_ && Clock::now() >= deadline_) || (watch_ && watch_->stopped())))
      aborted_ = true;
    return aborted_;
  }

  // Whether the watch wants to hear of the iteration just completed.
  bool progressDue() { return watch_ && watch_->progressDue(lastProgress_); }

  // Orders the moves: the table move, castle wins, captures by material, goal entries, killers,
  // then the quiet moves by history (orderQuietByPriors may rescore those).
  void scoreMoves(const Position& p, const MoveList& moves, std::uint32_t tableMove, int ply) {
    std::vector<Ordered>& order = orders_[ply];
    order.resize(moves.size());
    const int seat = Variant::seat(p);
    const auto& killers = killers_[ply];
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const Move& m = moves[i];
      const std::uint32_t key = Variant::moveKey(m);
      const bool killer = key == killers[0] || key == killers[1];
      const bool capture = Variant::isCapture(m);
      const bool goalEntry = Variant::entersGoal(p, m);
      int score;
      if (key == tableMove) {
        score = kTableMoveOrder;
      } else if (Variant::winsAtOnce(p, m)) {
        score = kCastleWinOrder;
      } else if (capture) {
        // Most material first; among equals the shorter move, which leaves fewer holes.
        score = kCaptureOrder + Variant::capturedValue(p, m, weights_) * 64 - steps(m);
      } else if (goalEntry) {
        score = kGoalEntryOrder;
      } else if (killer) {
        score = kKillerOrder + (key == killers[0]);
      } else {
        score = player_.history_[historyIndex(seat, m)];
      }
      const bool quiet = key != tableMove && !capture && !goalEntry && !killer;
      order[i] = {score, static_cast<std::uint32_t>(i), quiet};
    }
  }

  // Rescores the quiet moves not yet searched (from place `from` on) by the judge's priors, below
  // the killers as history is.
  void orderQuietByPriors(const Position& p, const MoveList& moves, int ply, std::size_t from) {
    std::vector<float>& priors = priors_[ply];
    player_.judge_->priors(p, moves, priors);
    std::vector<Ordered>& order = orders_[ply];
    for (std::size_t j = from; j < order.size(); ++j)
      if (order[j].quiet)
        order[j].score =
            static_cast<int>(priors[order[j].index] * static_cast<float>(kKillerOrder));
  }

  // Selection sort step: brings the best remaining move to place i and returns it. Ties go to
  // the move listed first, so the order depends on the scores and the list's order alone: a
  // quiescence node searches its captures in the same order from a tactical list as from a full
  // one.
  const Ordered& pickNext(int ply, std::size_t i) {
    std::vector<Ordered>& order = orders_[ply];
    std::size_t best = i;
    for (std::size_t j = i + 1; j < order.size(); ++j) {
      const Ordered& o = order[j];
      if (o.score > order[best].score ||
          (o.score == order[best].score && o.index < order[best].index))
        best = j;
    }
    std::swap(order[i], order[best]);
    return order[i];
  }

  static int steps(const Move& m) {
    if constexpr (requires { m.steps(); })
      return m.steps();
    else
      return m.steps;
  }

  static int historyIndex(int seat, const Move& m) {
    return (seat * kHistorySquares + Variant::from(m)) * kHistorySquares + Variant::to(m);
  }

  void rememberCutoff(int seat, const Move& m, int depth, int ply) {
    const std::uint32_t key = Variant::moveKey(m);
    auto& killers = killers_[ply];
    if (killers[0] != key) {
      killers[1] = killers[0];
      killers[0] = key;
    }
    std::int32_t& h = player_.history_[historyIndex(seat, m)];
    h += depth * depth;
    if (h >= kHistoryCap)
      for (std::int32_t& v : player_.history_)
        v /= 2;
  }

  const TtEntry* probe(std::uint64_t key) const {
    const TtEntry* bucket = &player_.table_[bucketOf(key)];
    for (int i = 0; i < 2; ++i)
      if (bucket[i].key == key) return &bucket[i];
    return nullptr;
  }

  void store(std::uint64_t key, int depth, Bound bound, int score, std::uint32_t move, int ply) {
    TtEntry* bucket = &player_.table_[bucketOf(key)];
    // Slot 0 keeps the deepest entry of this search; slot 1 takes whatever comes.
    TtEntry& deep = bucket[0];
    const bool replaceDeep =
        deep.key == key || (deep.boundAndAge >> 2) != player_.age_ || depth >= deep.depth;
    TtEntry& e = replaceDeep ? deep : bucket[1];
    if (move == 0 && e.key == key) move = e.move;
    e.key = key;
    e.move = move;
    e.score = static_cast<std::int16_t>(toTable(score, ply));
    e.depth = static_cast<std::int8_t>(std::min(depth, 127));
    e.boundAndAge = static_cast<std::uint8_t>(bound | (player_.age_ << 2));
  }

  std::size_t bucketOf(std::uint64_t key) const {
    return static_cast<std::size_t>(key & (player_.table_.size() / 2 - 1)) * 2;
  }

  BasicAlphaBetaPlayer& player_;
  const SearchWatch* watch_;  // none: no caller's hold
  const typename Variant::Weights& weights_;
  const int maxDepth_;
  const Clock::time_point start_;
  const std::optional<std::chrono::milliseconds> timeLimit_;
  Clock::time_point deadline_;
  std::optional<Clock::time_point> lastProgress_;  // none: nothing reported yet
  bool canAbort_ = false;
  bool aborted_ = false;
  std::uint64_t nodes_ = 0;

  std::vector<Move> rootMoves_;
  std::optional<std::size_t> iterationBest_;
  int iterationScore_ = 0;

  std::vector<std::uint64_t> hashes_;  // the game's positions, then the search path
  std::size_t rootIndex_ = 0;
  std::vector<MoveList> lists_;                        // per ply
  std::vector<std::vector<Ordered>> orders_;           // per ply
  std::vector<std::vector<float>> priors_;             // per ply
  std::vector<std::array<std::uint32_t, 2>> killers_;  // per ply
};

template <class Rules>
BasicAlphaBetaPlayer<Rules>::BasicAlphaBetaPlayer(const Settings& settings,
                                                  std::unique_ptr<Judge> judge,
                                                  std::string namePrefix)
    : BasicAlphaBetaPlayer(settings) {
  judge_ = std::move(judge);
  namePrefix_ = std::move(namePrefix);
}

template <class Rules>
BasicAlphaBetaPlayer<Rules>::BasicAlphaBetaPlayer(const Settings& settings)
    : settings_(settings), rng_(settings.seed) {
  const std::size_t bytes = static_cast<std::size_t>(std::max(settings.ttMegabytes, 1)) << 20;
  table_.resize(std::bit_floor(bytes / sizeof(TtEntry)));
  history_.resize(static_cast<std::size_t>(AlphaBetaVariant<Rules>::kSeats) * kHistorySquares *
                  kHistorySquares);
}

template <class Rules>
std::string BasicAlphaBetaPlayer<Rules>::name() const {
  std::string text = namePrefix_ + "depth=" + std::to_string(settings_.maxDepth);
  if (settings_.timeLimit) text += ",time=" + std::to_string(settings_.timeLimit->count());
  if (settings_.deepenPercent != Settings{}.deepenPercent)
    text += ",deepen=" + std::to_string(settings_.deepenPercent);
  return text;
}

template <class Rules>
typename Rules::Move BasicAlphaBetaPlayer<Rules>::chooseMove(const Game& game,
                                                             const ThinkingBudget& budget) {
  const bool ownLimits = !budget.depth && !budget.time;
  const int depth = std::clamp(
      ownLimits ? settings_.maxDepth : budget.depth.value_or(kMaxSearchPly), 1, kMaxSearchPly / 2);
  const auto time = ownLimits ? settings_.timeLimit : budget.time;
  age_ = static_cast<std::uint8_t>((age_ + 1) & 63);
  for (std::int32_t& v : history_)
    v /= 4;
  Search search(*this, game, depth, time, budget.watch);
  return search.run(game.position());
}

template <class Rules>
std::optional<BasicMoveReport<Rules>> BasicAlphaBetaPlayer<Rules>::lastReport() const {
  if (report_.pv.empty()) return std::nullopt;
  const float value =
      isDecisive(report_.score)
          ? (report_.score > 0 ? 1.0f : -1.0f)
          : std::clamp(static_cast<float>(report_.score) / kJudgeWinUnits, -1.0f, 1.0f);
  return BasicMoveReport<Rules>{static_cast<int>(std::min<std::uint64_t>(report_.nodes, INT32_MAX)),
                                value, report_.pv, report_.depth};
}

template <class Rules>
void BasicAlphaBetaPlayer<Rules>::newGame() {
  std::fill(table_.begin(), table_.end(), TtEntry{});
  std::fill(history_.begin(), history_.end(), 0);
}

template class BasicAlphaBetaPlayer<StandardRules>;
template class BasicAlphaBetaPlayer<GrandRules>;

}  // namespace camelot
