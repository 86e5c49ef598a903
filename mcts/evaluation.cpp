#include "mcts/evaluation.hpp"

#include <algorithm>
#include <cstdlib>

namespace camelot {
namespace {

constexpr int chebyshev(Square a, Square b) {
  return std::max(std::abs(fileOf(a) - fileOf(b)), std::abs(rankOf(a) - rankOf(b)));
}

// Ranks advanced from the side's own back rank toward its goal, 0..15.
constexpr int progress(Color c, Square s) {
  return c == Color::White ? rankOf(s) - 1 : kRanks - rankOf(s);
}

// Chebyshev distance to the nearest square of `targets` (at most two squares), or 99.
int distanceTo(Bitboard targets, Square s) {
  int best = 99;
  forEachSquare(targets, [&](Square t) { best = std::min(best, chebyshev(s, t)); });
  return best;
}

// Squares within Chebyshev distance `radius` of `b`.
Bitboard grown(Bitboard b, int radius) {
  for (int i = 0; i < radius; ++i) {
    Bitboard next = b;
    forEachDirection([&]<int D>() { next |= b.template shifted<D>(); });
    b = next & kBoard;
  }
  return b;
}

struct Threatened {
  int first = 0;  // value of the most valuable capturable piece
  int second = 0;
};

class SideEvaluator {
 public:
  SideEvaluator(const Position& p, Color c, const EvalWeights& w)
      : p_(p), c_(c), w_(w), field_(p.pieces(c) & ~goalOf(c)) {}

  // Everything that does not depend on who moves.
  int standing() const { return material() + goalPieces() + advancement() + guard() + mobility(); }

  bool castleThreat() const {
    const Bitboard held = p_.pieces(c_) & goalOf(c_);
    if (held.count() != 1) return false;
    const Bitboard open = goalOf(c_) & p_.emptySquares();
    return open.any() && (grown(open, 1) & field_).any();
  }

  // This side's pieces the opponent could jump now (R2), ignoring R7's obligations.
  Threatened threatened() const {
    const Color them = opposite(c_);
    const Bitboard attackers = p_.pieces(them) & ~goalOf(them);
    const Bitboard empty = p_.emptySquares();
    Bitboard victims;
    forEachDirection([&]<int D>() {
      victims |= attackers.template shifted<D>() & empty.template shifted<-D>();
    });
    victims &= p_.pieces(c_);
    const int knights = (victims & p_.knights(c_)).count();
    const int men = (victims & p_.men(c_)).count();
    Threatened t;
    t.first = knights > 0 ? w_.knight : men > 0 ? w_.man : 0;
    t.second = knights > 1 ? w_.knight : knights + men > 1 ? w_.man : 0;
    return t;
  }

 private:
  int material() const { return w_.man * p_.men(c_).count() + w_.knight * p_.knights(c_).count(); }

  int goalPieces() const { return w_.goalPiece * (p_.pieces(c_) & goalOf(c_)).count(); }

  int advancement() const {
    const Bitboard open = goalOf(c_) & ~p_.pieces(c_);
    int score = 0;
    forEachSquare(field_, [&](Square s) {
      const bool knight = p_.knights(c_).test(s);
      score += progress(c_, s) * (knight ? w_.knightAdvance : w_.manAdvance);
      const int d = distanceTo(open, s);
      if (d < static_cast<int>(w_.goalProximity.size())) score += w_.goalProximity[d];
    });
    return score;
  }

  int guard() const {
    const Bitboard castle = castleOf(c_);
    const Bitboard invaders = p_.pieces(opposite(c_)) & grown(castle, 4);
    if (invaders.none()) return 0;
    const int guards = (field_ & grown(castle, 1) & ~castle).count();
    return w_.guard * std::min(guards, 2);
  }

  int mobility() const {
    const Bitboard landable = p_.emptySquares() & ~castleOf(c_);
    const Bitboard own = p_.pieces(c_);
    int moves = 0;
    forEachDirection([&]<int D>() {
      moves += (field_.template shifted<D>() & landable).count();
      moves += ((field_ & own.template shifted<-D>()).template shifted<2 * D>() & landable).count();
    });
    return w_.mobility * moves;
  }

  const Position& p_;
  Color c_;
  const EvalWeights& w_;
  Bitboard field_;  // pieces not on the goal: the ones that can still move and fight
};

}  // namespace

int terminalScore(const GameStatus& status, Color toMove, int ply) {
  switch (status.outcome) {
    case Outcome::WhiteWins:
      return toMove == Color::White ? winIn(ply) : lossIn(ply);
    case Outcome::BlackWins:
      return toMove == Color::Black ? winIn(ply) : lossIn(ply);
    case Outcome::Draw:
    case Outcome::None:
      break;
  }
  return 0;
}

int evaluate(const Position& position, const EvalWeights& w) {
  const Color us = position.sideToMove();
  const Color them = opposite(us);
  const SideEvaluator mover(position, us, w);
  const SideEvaluator waiter(position, them, w);

  int score = mover.standing() - waiter.standing() + w.tempo;
  if (mover.castleThreat()) score += w.castleThreatToMove;
  if (waiter.castleThreat()) score -= w.castleThreatWaiting;
  const Threatened ours = mover.threatened();
  score -= (w.threatenedFirst * ours.first + w.threatenedSecond * ours.second) / 100;
  score += w.threatenedWaiting * waiter.threatened().first / 100;

  // R9 b-d: a single piece cannot win, so that side's prospects are a draw at best.
  if (position.pieceCount(us) <= 1) score = std::min(score, 0);
  if (position.pieceCount(them) <= 1) score = std::max(score, 0);
  return std::clamp(score, -kWinThreshold + 1, kWinThreshold - 1);
}

}  // namespace camelot
