#include "tests/engine/random_placements.hpp"

#include <array>
#include <string>
#include <vector>

#include "engine/bitboard.hpp"

namespace camelot::random_placements {
namespace {

class Placer {
 public:
  explicit Placer(std::mt19937_64& rng) : rng_(rng) {}

  int uniform(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
  bool chance(double p) { return std::bernoulli_distribution(p)(rng_); }

  // Puts a piece if the square is real and empty and the side has room (R1 material: at most
  // 10 men and 4 knights). Falls back to the other kind when one kind is used up.
  bool put(Color c, bool wantKnight, int file, int rank) {
    if (!isOnBoard(file, rank)) return false;
    const Square s = makeSquare(file, rank);
    if (position.pieceAt(s)) return false;
    const int i = index(c);
    bool knight = false;
    if (wantKnight && knights_[i] < kMaxKnightsPerSide)
      knight = true;
    else if (men_[i] < kMaxMenPerSide)
      knight = false;
    else if (knights_[i] < kMaxKnightsPerSide)
      knight = true;
    else
      return false;
    (knight ? knights_ : men_)[i]++;
    position.put(s, Piece{c, knight ? PieceKind::Knight : PieceKind::Man});
    return true;
  }

  // A piece on a random empty real square of the box (a few tries).
  bool putIn(Color c, bool wantKnight, int f0, int f1, int r0, int r1) {
    for (int tries = 0; tries < 20; ++tries)
      if (put(c, wantKnight, uniform(f0, f1), uniform(r0, r1))) return true;
    return false;
  }

  Position position;

 private:
  std::mt19937_64& rng_;
  std::array<int, 2> men_{};
  std::array<int, 2> knights_{};
};

// Rank of a side's own castle and the rank step pointing away from it.
int castleRank(Color c) {
  return c == Color::White ? 1 : 16;
}
int awayFromCastle(Color c) {
  return c == Color::White ? 1 : -1;
}

// Random pieces of both colours, dense around the castles and the centre.
void sprinkle(Placer& placer, Color c, int count, double knightShare) {
  for (int i = 0; i < count; ++i) {
    switch (placer.uniform(0, 3)) {
      case 0:  // White's castle area
        placer.putIn(c, placer.chance(knightShare), 2, 9, 1, 5);
        break;
      case 1:  // Black's castle area
        placer.putIn(c, placer.chance(knightShare), 2, 9, 12, 16);
        break;
      case 2:  // centre
        placer.putIn(c, placer.chance(knightShare), 2, 9, 5, 12);
        break;
      default:
        placer.putIn(c, placer.chance(knightShare), 0, 11, 1, 16);
        break;
    }
  }
}

// A lattice of spacing 2 (sometimes 1 along one axis) inside a random box; `colorOf` picks the
// colour of each point (or none).
template <typename ColorOf>
void lattice(Placer& placer, int f0, int r0, int nf, int nr, int sf, int sr, ColorOf colorOf) {
  for (int i = 0; i < nf; ++i)
    for (int j = 0; j < nr; ++j) {
      const auto c = colorOf();
      if (c) placer.put(*c, placer.chance(0.25), f0 + sf * i, r0 + sr * j);
    }
}

}  // namespace

const char* scenarioName(int s) {
  static const char* names[] = {"dense-random",
                                "must-leave",
                                "on-goal",
                                "canter-lattice",
                                "jump-lattice",
                                "mixed-lattice",
                                "knights-next-to-enemies",
                                "sparse-ending"};
  return names[s];
}

Position randomPlacement(std::mt19937_64& rng, int scenario) {
  Placer placer(rng);
  const Color us = placer.chance(0.5) ? Color::White : Color::Black;
  const Color them = opposite(us);
  switch (scenario) {
    case kDenseRandom: {
      sprinkle(placer, us, placer.uniform(2, 14), 0.3);
      sprinkle(placer, them, placer.uniform(2, 14), 0.3);
      break;
    }
    case kMustLeave: {
      // R7: pieces of the side to move on their own castle, crowded by both colours.
      const int rank = castleRank(us);
      const int away = awayFromCastle(us);
      const int which = placer.uniform(0, 2);  // F, G or both
      if (which != 1) placer.put(us, placer.chance(0.5), 5, rank);
      if (which != 0) placer.put(us, placer.chance(0.5), 6, rank);
      if (placer.chance(0.3)) {
        // Crowd the castle's two nearest rows: often no castle piece can move at all and the
        // obligation lapses for the turn (R7), with R4 back in force.
        for (int file = 4; file <= 7; ++file)
          if (placer.chance(0.9))
            placer.put(placer.chance(0.6) ? us : them, false, file, rank + away);
        for (int file = 3; file <= 8; ++file)
          if (placer.chance(0.85))
            placer.put(placer.chance(0.5) ? us : them, false, file, rank + 2 * away);
      }
      const int rankLo = std::min(rank, rank + 5 * away);
      const int rankHi = std::max(rank, rank + 5 * away);
      for (int i = placer.uniform(2, 9); i > 0; --i)
        placer.putIn(us, placer.chance(0.3), 2, 9, rankLo, rankHi);
      for (int i = placer.uniform(1, 9); i > 0; --i)
        placer.putIn(them, placer.chance(0.3), 2, 9, rankLo, rankHi);
      sprinkle(placer, us, placer.uniform(0, 3), 0.3);
      sprinkle(placer, them, placer.uniform(0, 4), 0.3);
      break;
    }
    case kOnGoal: {
      // R8: a piece of the side to move on the goal (castle moves), sometimes also a must-leave
      // piece on its own castle, and pieces near the goal that may enter it.
      const int goalRank = castleRank(them);
      const int goalFile = placer.uniform(5, 6);
      placer.put(us, placer.chance(0.4), goalFile, goalRank);
      const int other = goalFile == 5 ? 6 : 5;
      if (placer.chance(0.25)) placer.put(them, placer.chance(0.4), other, goalRank);
      if (placer.chance(0.05)) placer.put(us, placer.chance(0.4), other, goalRank);  // R9 a
      if (placer.chance(0.2))
        placer.put(us, placer.chance(0.5), placer.uniform(5, 6), castleRank(us));
      if (placer.chance(0.2))
        placer.put(them, placer.chance(0.5), placer.uniform(5, 6), castleRank(us));
      const int away = awayFromCastle(them);
      const int rankLo = std::min(goalRank, goalRank + 5 * away);
      const int rankHi = std::max(goalRank, goalRank + 5 * away);
      for (int i = placer.uniform(1, 8); i > 0; --i)
        placer.putIn(us, placer.chance(0.3), 2, 9, rankLo, rankHi);
      for (int i = placer.uniform(0, 8); i > 0; --i)
        placer.putIn(them, placer.chance(0.3), 2, 9, rankLo, rankHi);
      sprinkle(placer, us, placer.uniform(0, 4), 0.3);
      sprinkle(placer, them, placer.uniform(0, 4), 0.3);
      break;
    }
    case kCanterLattice: {
      // Long canter chains (R2, R3, R10) and knights' canters next to enemies (R6).
      const int sf = placer.chance(0.8) ? 2 : 1;
      const int sr = sf == 1 ? 2 : (placer.chance(0.8) ? 2 : 1);
      const int nf = placer.uniform(3, 5);
      const int nr = placer.uniform(3, 5);
      const int f0 = placer.uniform(0, 11 - sf * (nf - 1));
      const int r0 = placer.uniform(1, 16 - sr * (nr - 1));
      const double fill = 0.6 + 0.4 * placer.chance(0.5);
      lattice(placer, f0, r0, nf, nr, sf, sr, [&]() -> std::optional<Color> {
        return placer.chance(fill) ? std::optional(us) : std::nullopt;
      });
      const int f1 = f0 + sf * (nf - 1);
      const int r1 = r0 + sr * (nr - 1);
      for (int i = placer.uniform(1, 4); i > 0; --i)
        placer.putIn(us, placer.chance(0.7), f0 - 1, f1 + 1, r0 - 1, r1 + 1);
      for (int i = placer.uniform(0, 8); i > 0; --i)
        placer.putIn(them, placer.chance(0.3), f0 - 2, f1 + 2, r0 - 2, r1 + 2);
      sprinkle(placer, them, placer.uniform(0, 3), 0.3);
      break;
    }
    case kJumpLattice: {
      // Long jump chains (R2, R3, R5) with many enemies in lattice patterns.
      const int nf = placer.uniform(3, 5);
      const int nr = placer.uniform(3, 5);
      const int f0 = placer.uniform(0, 11 - 2 * (nf - 1));
      const int r0 = placer.uniform(1, 16 - 2 * (nr - 1));
      const double fill = 0.5 + 0.5 * placer.uniform(0, 4) / 4.0;
      lattice(placer, f0, r0, nf, nr, 2, 2, [&]() -> std::optional<Color> {
        return placer.chance(fill) ? std::optional(them) : std::nullopt;
      });
      const int f1 = f0 + 2 * (nf - 1);
      const int r1 = r0 + 2 * (nr - 1);
      for (int i = placer.uniform(1, 4); i > 0; --i)
        placer.putIn(us, placer.chance(0.5), f0 - 1, f1 + 1, r0 - 1, r1 + 1);
      for (int i = placer.uniform(0, 6); i > 0; --i)
        placer.putIn(us, placer.chance(0.3), f0 - 2, f1 + 2, r0 - 2, r1 + 2);
      sprinkle(placer, us, placer.uniform(0, 2), 0.3);
      sprinkle(placer, them, placer.uniform(0, 2), 0.3);
      break;
    }
    case kMixedLattice: {
      // Knight's charges: canter over friends, then jump enemies, on a mixed lattice.
      const int nf = placer.uniform(3, 6);
      const int nr = placer.uniform(3, 6);
      const int f0 = placer.uniform(0, 11 - 2 * (nf - 1));
      const int r0 = placer.uniform(1, 16 - 2 * (nr - 1));
      const double share = 0.3 + 0.4 * placer.uniform(0, 2) / 2.0;
      lattice(placer, f0, r0, nf, nr, 2, 2, [&]() -> std::optional<Color> {
        if (placer.chance(0.2)) return std::nullopt;
        return placer.chance(share) ? us : them;
      });
      const int f1 = f0 + 2 * (nf - 1);
      const int r1 = r0 + 2 * (nr - 1);
      for (int i = placer.uniform(1, 4); i > 0; --i)
        placer.putIn(us, placer.chance(0.8), f0 - 1, f1 + 1, r0 - 1, r1 + 1);
      sprinkle(placer, us, placer.uniform(0, 2), 0.3);
      sprinkle(placer, them, placer.uniform(0, 2), 0.3);
      break;
    }
    case kKnightsNextToEnemies: {
      for (int k = placer.uniform(1, 4); k > 0; --k) {
        const int f = placer.uniform(0, 11);
        const int r = placer.uniform(1, 16);
        if (!placer.put(us, true, f, r)) continue;
        for (int e = placer.uniform(1, 3); e > 0; --e) {
          const int d = placer.uniform(0, 7);
          static constexpr int kD[8][2] = {{0, 1}, {0, -1}, {1, 0},  {-1, 0},
                                           {1, 1}, {-1, 1}, {1, -1}, {-1, -1}};
          placer.put(them, placer.chance(0.3), f + kD[d][0], r + kD[d][1]);
          if (placer.chance(0.5)) {
            const int d2 = placer.uniform(0, 7);
            placer.put(us, placer.chance(0.3), f + kD[d2][0], r + kD[d2][1]);
          }
        }
      }
      sprinkle(placer, us, placer.uniform(0, 8), 0.3);
      sprinkle(placer, them, placer.uniform(1, 10), 0.3);
      break;
    }
    default: {  // kSparseEnding: few pieces (2 against 1 and the like, stalemates)
      for (Color c : {us, them}) {
        for (int i = placer.uniform(1, 4); i > 0; --i) {
          const int castle = castleRank(placer.chance(0.5) ? us : them);
          if (placer.chance(0.4))
            placer.putIn(c, placer.chance(0.4), 2, 9, castle == 1 ? 1 : 12, castle == 1 ? 5 : 16);
          else
            placer.putIn(c, placer.chance(0.4), 0, 11, 1, 16);
        }
      }
      break;
    }
  }
  Position& p = placer.position;
  p.setSideToMove(us);
  p.setCastleMovesUsed(Color::White, placer.uniform(0, 2));
  p.setCastleMovesUsed(Color::Black, placer.uniform(0, 2));
  p.setClock(placer.uniform(0, 99));
  return p;
}

}  // namespace camelot::random_placements
