#include "mcts/evaluation.hpp"

#include <algorithm>
#include <array>
#include <cstdint>

namespace camelot {
namespace {

constexpr int chebyshev(Square a, Square b) {
  const int files = fileOf(a) > fileOf(b) ? fileOf(a) - fileOf(b) : fileOf(b) - fileOf(a);
  const int ranks = rankOf(a) > rankOf(b) ? rankOf(a) - rankOf(b) : rankOf(b) - rankOf(a);
  return std::max(files, ranks);
}

// Squares within Chebyshev distance `radius` of `b`.
constexpr Bitboard grown(Bitboard b, int radius) {
  for (int i = 0; i < radius; ++i) {
    Bitboard next = b;
    forEachDirection([&]<int D>() { next |= b.template shifted<D>(); });
    b = next & kBoard;
  }
  return b;
}

// The two goal squares of a side (R1): index 0 on file F, 1 on file G.
constexpr std::array<Square, 2> goalSquares(Color mover) {
  return mover == Color::White ? std::array<Square, 2>{kF16, kG16}
                               : std::array<Square, 2>{kF1, kG1};
}

// Per-square facts the evaluation looks up instead of computing them at every node.
struct Tables {
  // [colour][square]: ranks advanced from the own back rank toward the goal, 0..15.
  std::array<std::array<std::uint8_t, kGridSquares>, 2> progress{};
  // [colour][goal square 0/1][square]: Chebyshev distance to that goal square.
  std::array<std::array<std::array<std::uint8_t, kGridSquares>, 2>, 2> goalDistance{};
  std::array<std::array<Bitboard, 2>, 2> goalNeighbours{};  // [colour][goal square 0/1]
  std::array<Bitboard, 2> castleRing{};  // [owner]: squares next to the own castle
  std::array<Bitboard, 2> castleZone{};  // [owner]: within four steps of the own castle
};

constexpr Tables makeTables() {
  Tables t;
  for (const Color c : {Color::White, Color::Black}) {
    const int i = index(c);
    for (int k = 0; k < 2; ++k) {
      const Square goal = goalSquares(c)[k];
      t.goalNeighbours[i][k] = grown(Bitboard::of(goal), 1) & ~Bitboard::of(goal);
      for (int s = 0; s < kGridSquares; ++s)
        t.goalDistance[i][k][s] =
            static_cast<std::uint8_t>(chebyshev(static_cast<Square>(s), goal));
    }
    for (int s = 0; s < kGridSquares; ++s) {
      const int rank = rankOf(static_cast<Square>(s));
      t.progress[i][s] = static_cast<std::uint8_t>(c == Color::White ? rank - 1 : kRanks - rank);
    }
    t.castleRing[i] = grown(castleOf(c), 1) & ~castleOf(c);
    t.castleZone[i] = grown(castleOf(c), 4);
  }
  return t;
}

constexpr Tables kTables = makeTables();

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
    const int i = index(c_);
    const std::array<Square, 2> goal = goalSquares(c_);
    const Bitboard empty = p_.emptySquares();
    for (int k = 0; k < 2; ++k)
      if (p_.pieces(c_).test(goal[1 - k]) && empty.test(goal[k]))
        return (kTables.goalNeighbours[i][k] & field_).any();
    return false;
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
    const int i = index(c_);
    const auto& progress = kTables.progress[i];
    const auto& toF = kTables.goalDistance[i][0];
    const auto& toG = kTables.goalDistance[i][1];
    // Distance to the nearer goal square not yet held (at most one is held: two is a win).
    const bool fOpen = !p_.pieces(c_).test(goalSquares(c_)[0]);
    const bool gOpen = !p_.pieces(c_).test(goalSquares(c_)[1]);
    int score = 0;
    forEachSquare(field_, [&](Square s) {
      const bool knight = p_.knights(c_).test(s);
      score += progress[s] * (knight ? w_.knightAdvance : w_.manAdvance);
      const int d = std::min(fOpen ? toF[s] : 99, gOpen ? toG[s] : 99);
      if (d < static_cast<int>(w_.goalProximity.size())) score += w_.goalProximity[d];
    });
    return score;
  }

  int guard() const {
    const int i = index(c_);
    if ((p_.pieces(opposite(c_)) & kTables.castleZone[i]).none()) return 0;
    const int guards = (field_ & kTables.castleRing[i]).count();
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
