#include "engine/movegen.hpp"

#include <bit>
#include <stdexcept>

#include "engine/geometry.hpp"
#include "engine/path_order.hpp"

namespace camelot {
namespace {

// Squares x from which a piece could jump now: x + d holds an enemy and x + 2d is empty.
Bitboard jumpSources(Bitboard enemies, Bitboard empty) {
  Bitboard sources;
  forEachDirection(
      [&]<int D>() { sources |= (enemies & empty.template shifted<-D>()).template shifted<-D>(); });
  return sources;
}

// What stands on each square, one byte of flags a square, for the generator's per-piece loops:
// reading a byte is one instruction where a bitboard's membership test takes four.
enum CellFlag : std::uint8_t {
  kCellEmpty = 1,
  kCellOwn = 2,  // a piece of the side to move
  kCellEnemy = 4,
  kCellOwnCastle = 8,  // where the side to move's plain moves and canters may not end (R7)
  kCellGoal = 16,      // where a canter stops (R8)
  kCellBarred = 32,    // a square a canter may not end on for the tree being built (R6)
  kCellReached = 64,   // reached by the canter tree being built
};
using Cells = std::array<std::uint8_t, kGridSquares>;

// The flags before the pieces are placed: every real square empty, the castles of `mover`'s
// view. Squares off the board (kNoSquare among them) have none.
constexpr Cells emptyBoardCells(Color mover) {
  Cells cells{};
  for (int s = 0; s < kGridSquares; ++s) {
    const auto square = static_cast<Square>(s);
    if (!isRealSquare(square)) continue;
    cells[s] = kCellEmpty;
    if (castleOf(mover).test(square)) cells[s] |= kCellOwnCastle;
    if (goalOf(mover).test(square)) cells[s] |= kCellGoal;
  }
  return cells;
}
inline constexpr std::array<Cells, 2> kEmptyBoardCells = {emptyBoardCells(Color::White),
                                                          emptyBoardCells(Color::Black)};

// A plain move or a canter leap may end on `cell`: empty, off the own castle (R7), neither
// barred nor already reached by the tree being built.
constexpr bool quietLandable(std::uint8_t cell) {
  return (cell & (kCellEmpty | kCellOwnCastle | kCellBarred | kCellReached)) == kCellEmpty;
}

// Breadth-first flood fill of the squares a piece can canter to. Each layer is kept in the
// order of its squares' written paths (R10), so the first square of a layer to reach a new
// square is its best parent, and a square's path is its parent's path plus itself.
struct CanterTree {
  std::array<Square, kRealSquares> order;  // the start, then reached squares layer by layer
  int size = 0;
  std::array<Square, kGridSquares> parent;
  std::array<std::uint8_t, kGridSquares> depth;

  // Over the pieces flagged own, onto quiet-landable squares, stopping on the goal (R8); the
  // piece itself has been lifted from `start` (R3: it is empty during the move). The squares it
  // reaches are flagged while it grows, and the flags cleared when it is done.
  void build(Square start, Cells& cells) {
    cells[start] |= kCellReached;
    order[0] = start;
    depth[start] = 0;
    size = 1;
    int layerBegin = 0;
    int layerEnd = 1;
    while (layerBegin < layerEnd) {
      for (int i = layerBegin; i < layerEnd; ++i) {
        const Square from = order[i];
        if (cells[from] & kCellGoal) continue;
        const int firstChild = size;
        unsigned leaps = 0;  // the directions of the leaps from `from`, found without branches
        for (int d = 0; d < 8; ++d) {
          const bool over = cells[stepFrom(from, d)] & kCellOwn;
          leaps |= static_cast<unsigned>(over & quietLandable(cells[leapFrom(from, d)])) << d;
        }
        for (; leaps != 0; leaps &= leaps - 1) {
          const Square to = leapFrom(from, std::countr_zero(leaps));
          cells[to] |= kCellReached;
          parent[to] = from;
          depth[to] = static_cast<std::uint8_t>(depth[from] + 1);
          order[size++] = to;
        }
        sortChildren(firstChild);
      }
      layerBegin = layerEnd;
      layerEnd = size;
    }
    for (int i = 0; i < size; ++i)
      cells[order[i]] &= ~kCellReached;
  }

  // Writes the path from the start to `to` into path[0..depth[to]].
  void writePath(Square to, std::array<Square, Move::kMaxPathSquares>& path) const {
    const int length = depth[to];
    if (length >= Move::kMaxPathSquares) throw std::length_error("canter path too long");
    for (int i = length; i > 0; --i) {
      path[i] = to;
      to = parent[to];
    }
    path[0] = to;
  }

 private:
  void sortChildren(int first) {
    for (int i = first + 1; i < size; ++i) {
      const Square s = order[i];
      int j = i;
      for (; j > first && kRankBeforeDash[order[j - 1]] > kRankBeforeDash[s]; --j)
        order[j] = order[j - 1];
      order[j] = s;
    }
  }
};

// What a generator writes out. Every listing finds the same moves in the same order.
enum class Listing {
  All,
  // Plain moves and canters counted, not listed (captures still are: two paths can make one
  // capture, R10).
  CountQuiet,
  // Captures, and the plain moves and canters that enter the goal from off it; of the other
  // moves, only whether there is one.
  Tactical,
};

// Squares one step from a square of `squares`.
Bitboard neighbours(Bitboard squares) {
  Bitboard near;
  forEachDirection([&]<int D>() { near |= squares.template shifted<D>(); });
  return near;
}

// The listing is a template parameter: its choices sit on the generator's innermost paths.
template <Listing kListing>
class Generator {
 public:
  Generator(const Position& p, Bitboard only, MoveList& out)
      : out_(out),
        only_(only),
        us_(p.sideToMove()),
        own_(p.pieces(us_)),
        enemies_(p.pieces(opposite(us_))),
        knights_(p.knights(us_)),
        empty_(p.emptySquares()),
        ownCastle_(castleOf(us_)),
        goal_(goalOf(us_)),
        jumpSources_(jumpSources(enemies_, empty_)),
        castleMoveLeft_(p.castleMovesUsed(us_) < kMaxCastleMoves),
        // A plain move onto an empty goal square starts next to it, and a canter leaps over a
        // piece next to it: with no own piece there, no plain move or canter enters the goal.
        // Only the tactical listing asks.
        goalInReach_(kListing == Listing::Tactical && (own_ & neighbours(goal_ & empty_)).any()),
        cells_(kEmptyBoardCells[index(us_)]) {
    forEachSquare(own_, [&](Square s) { cells_[s] ^= kCellEmpty | kCellOwn; });
    forEachSquare(enemies_, [&](Square s) { cells_[s] ^= kCellEmpty | kCellEnemy; });
  }

  void run() {
    out_.clear();

    // R7: a piece on its own castle must leave; no other piece moves and R4 is set aside. If
    // such a piece can jump, the move must capture (a jump, or a knight's charge instead); a
    // mere charge creates no obligation (WCF text, docs/rules.md). If none can leave at all,
    // the normal rules apply.
    const Bitboard inOwnCastle = own_ & ownCastle_;
    if (inOwnCastle.any()) {
      const bool mustCapture = (inOwnCastle & jumpSources_).any();
      forEachSquare(inOwnCastle, [&](Square s) { addPieceMoves(s, !mustCapture, true); });
      if (unlisted_ > 0 || !out_.empty()) {
        out_.eraseIf([&](const Move& m) { return !only_.test(m.from()); });
        return;
      }
    }

    // R8: pieces on the goal never leave it; they only make castle moves.
    const Bitboard movable = own_ & ~goal_;
    // R4: if any piece can jump from where it stands, the move must capture.
    if ((movable & jumpSources_).any()) {
      forEachSquare(movable & only_, [&](Square s) { addPieceMoves(s, false, true); });
      return;
    }
    forEachSquare(movable & only_, [&](Square s) { addPieceMoves(s, true, true); });
    if (castleMoveLeft_) {
      forEachSquare(own_ & goal_ & only_, [&](Square s) {
        const Square other = otherCastleSquare(s);
        if (empty_.test(other)) addPlain(s, other);
      });
    }
  }

  // The number of moves run() finds (CountQuiet).
  std::size_t count() {
    run();
    return unlisted_ + out_.size();
  }

  // Lists the tactical moves (Tactical); whether there are others.
  bool listTactical() {
    run();
    return unlisted_ > 0;
  }

 private:
  // quiet: plain moves and canters; captures: jumps and knight's charges.
  void addPieceMoves(Square s, bool quiet, bool captures) {
    // During the move the piece has left s (R3): it is empty, and not a friend to canter over.
    cells_[s] ^= kCellOwn | kCellEmpty;
    addLiftedPieceMoves(s, quiet, captures);
    cells_[s] ^= kCellOwn | kCellEmpty;
  }

  void addLiftedPieceMoves(Square s, bool quiet, bool captures) {
    pieceMovesBegin_ = out_.size();
    if (quiet && quietMovesMatter()) {
      unsigned steps = 0;  // the directions of the plain moves, found without branches
      for (int d = 0; d < 8; ++d)
        steps |= static_cast<unsigned>(quietLandable(cells_[stepFrom(s, d)])) << d;
      if (kListing == Listing::CountQuiet || (kListing == Listing::Tactical && !goalInReach_)) {
        unlisted_ += static_cast<std::size_t>(std::popcount(steps));  // none is listed
      } else {
        for (; steps != 0; steps &= steps - 1)
          addPlain(s, stepFrom(s, std::countr_zero(steps)));
      }
    }
    if (captures && jumpSources_.test(s)) {
      move_.path[0] = s;
      move_.quietSteps = 0;
      startJumps(s);
    }
    if (!knights_.test(s)) {
      if (quiet && quietMovesMatter()) {
        tree_.build(s, cells_);
        addCanters(tree_);
      }
      return;
    }

    // A knight: its canter may not end where it could jump (R6) and may go on into a charge.
    // Squares from which it could jump once it has left s; the goal never counts (R8).
    Bitboard jumpOffers = jumpSources_;
    for (int d = 0; d < 8; ++d)
      if (cells_[stepFrom(s, d)] & kCellEnemy) jumpOffers.set(leapFrom(s, d));
    jumpOffers &= ~goal_;
    if (!(quiet && quietMovesMatter()) && !cantersReach(s, jumpOffers))
      return;  // no charge, and the canters are not wanted

    tree_.build(s, cells_);
    bool anyLaunch = false;
    for (int i = 1; i < tree_.size; ++i) {
      const Square launch = tree_.order[i];
      if (!jumpOffers.test(launch)) continue;
      anyLaunch = true;
      if (!captures) break;
      tree_.writePath(launch, move_.path);
      move_.quietSteps = tree_.depth[launch];
      startJumps(launch);
    }
    if (!quiet) return;
    if (!anyLaunch) {
      addCanters(tree_);
    } else if (quietMovesMatter()) {
      forEachSquare(jumpOffers, [&](Square q) { cells_[q] |= kCellBarred; });
      restrictedTree_.build(s, cells_);
      forEachSquare(jumpOffers, [&](Square q) { cells_[q] &= ~kCellBarred; });
      addCanters(restrictedTree_);
    }
  }

  // Whether a canter of the lifted piece from `start` can end on a square of `targets`: the
  // tree's squares found depth first on the cells, without their paths and order, stopping at
  // the first target. (Most trees are a few squares: a byte a neighbour beats whole-board
  // shifts a layer.)
  bool cantersReach(Square start, Bitboard targets) {
    if (targets.none()) return false;
    std::array<Square, kRealSquares> reached;
    int size = 0;
    int next = 0;
    reached[size++] = start;
    cells_[start] |= kCellReached;
    bool found = false;
    while (next < size && !found) {
      const Square from = reached[next++];
      if (cells_[from] & kCellGoal) continue;  // a canter ends on the goal (R8)
      for (int d = 0; d < 8 && !found; ++d) {
        const Square to = leapFrom(from, d);
        if (!(cells_[stepFrom(from, d)] & kCellOwn) || !quietLandable(cells_[to])) continue;
        cells_[to] |= kCellReached;
        reached[size++] = to;
        found = targets.test(to);
      }
    }
    for (int i = 0; i < size; ++i)
      cells_[reached[i]] &= ~kCellReached;
    return found;
  }

  // Whether a piece's plain moves and canters change what run() finds. In a tactical listing
  // they do not once some move is known to go unlisted and none can reach the goal.
  bool quietMovesMatter() const {
    return kListing != Listing::Tactical || goalInReach_ || unlisted_ == 0;
  }

  // Whether a plain move or canter ending on `to` is listed.
  bool listsQuiet(Square from, Square to) const {
    if constexpr (kListing == Listing::All) return true;
    if constexpr (kListing == Listing::CountQuiet) return false;
    return (cells_[to] & kCellGoal) && !(cells_[from] & kCellGoal);
  }

  void addPlain(Square from, Square to) {
    if (!listsQuiet(from, to)) {
      ++unlisted_;
      return;
    }
    Move& m = out_.emplace_back();
    m.path[0] = from;
    m.path[1] = to;
    m.steps = 1;
    m.quietSteps = 1;
    m.kind = MoveKind::Plain;
  }

  void addCanters(const CanterTree& tree) {
    if constexpr (kListing == Listing::CountQuiet) {
      unlisted_ += static_cast<std::size_t>(tree.size - 1);
      return;
    }
    const Square from = tree.order[0];
    for (int i = 1; i < tree.size; ++i) {
      const Square to = tree.order[i];
      if (!listsQuiet(from, to)) {
        ++unlisted_;
        continue;
      }
      Move& m = out_.emplace_back();
      m.kind = MoveKind::Canter;
      tree.writePath(to, m.path);
      m.steps = m.quietSteps = tree.depth[to];
    }
  }

  // Jumps from path[quietSteps] (= from), the path so far in move_.path.
  void startJumps(Square from) {
    captured_ = Bitboard();
    continueJumps(from, move_.quietSteps);
  }

  // R5: after each jump the piece must go on jumping while it can, except on the goal (R8).
  // A jumped piece is gone at once (R3). The jump part may land on the own castle (R7).
  void continueJumps(Square at, int steps) {
    bool continued = false;
    if (steps == move_.quietSteps || !goal_.test(at)) {
      unsigned jumps = 0;  // the directions of the jumps from `at`, found without branches (the
                           // chains below restore the cells before the next direction)
      for (int d = 0; d < 8; ++d) {
        const bool enemy = cells_[stepFrom(at, d)] & kCellEnemy;
        jumps |= static_cast<unsigned>(enemy & ((cells_[leapFrom(at, d)] & kCellEmpty) != 0)) << d;
      }
      for (; jumps != 0; jumps &= jumps - 1) {
        const int d = std::countr_zero(jumps);
        const Square over = stepFrom(at, d);
        const Square to = leapFrom(at, d);
        if (steps + 1 >= Move::kMaxPathSquares) throw std::length_error("capture path too long");
        continued = true;
        cells_[over] ^= kCellEnemy | kCellEmpty;
        captured_.set(over);
        move_.path[steps + 1] = to;
        continueJumps(to, steps + 1);
        cells_[over] ^= kCellEnemy | kCellEmpty;
        captured_.reset(over);
      }
    }
    if (!continued && steps > move_.quietSteps) addCapture(steps);
  }

  // R10: paths with the same start, end and captured pieces are one move, written along the
  // best path. Such paths share their start square, so only this piece's moves (listed from
  // pieceMovesBegin_ on) can match; their captured pieces are read off their paths.
  void addCapture(int steps) {
    move_.steps = static_cast<std::uint8_t>(steps);
    move_.kind = move_.quietSteps > 0 ? MoveKind::Charge : MoveKind::Jump;
    const Square to = move_.path[steps];
    for (std::size_t i = pieceMovesBegin_; i < out_.size(); ++i) {
      Move& existing = out_[i];
      if (!existing.isCapture() || existing.to() != to) continue;
      if (existing.capturedSquares() != captured_) continue;
      if (writtenBefore(move_, existing)) existing = move_;
      return;
    }
    out_.push_back(move_);
  }

  MoveList& out_;
  // Moves found and not listed: all of them when counting; when listing the tactical moves, only
  // whether there is one (canters that cannot change that are not looked for).
  std::size_t unlisted_ = 0;
  const Bitboard only_;  // the pieces whose moves are listed
  const Color us_;
  const Bitboard own_;
  const Bitboard enemies_;
  const Bitboard knights_;
  const Bitboard empty_;
  const Bitboard ownCastle_;
  const Bitboard goal_;
  const Bitboard jumpSources_;
  const bool castleMoveLeft_;
  const bool goalInReach_;  // some plain move or canter may enter the goal
  // The squares' flags, the board of the generation's moment: the moving piece lifted off its
  // square, the pieces a capture has jumped so far removed.
  Cells cells_;

  CanterTree tree_;
  CanterTree restrictedTree_;
  std::size_t pieceMovesBegin_ = 0;  // where the moves of the piece being generated start
  Move move_;                        // the capture path being built
  Bitboard captured_;
};

}  // namespace

void generateMoves(const Position& position, MoveList& out) {
  generateMovesOf(position, position.pieces(position.sideToMove()), out);
}

void generateMovesOf(const Position& position, Bitboard pieces, MoveList& out) {
  Generator<Listing::All> generator(position, pieces, out);
  generator.run();
}

std::size_t countMoves(const Position& position, MoveList& scratch) {
  Generator<Listing::CountQuiet> generator(position, position.pieces(position.sideToMove()),
                                           scratch);
  return generator.count();
}

bool generateTacticalMoves(const Position& position, MoveList& out) {
  Generator<Listing::Tactical> generator(position, position.pieces(position.sideToMove()), out);
  return generator.listTactical();
}

bool hasMoves(const Position& position) {
  // A plain step or a jump of a piece off the goal settles it at once: either is a move whatever
  // R4 and R7 oblige (a piece on its own castle that can leave has a move of its own; one that
  // cannot sets the obligation aside). The step is looked for first: it is the likelier, and the
  // cheaper to find.
  const Color us = position.sideToMove();
  const Bitboard movable = position.pieces(us) & ~goalOf(us);
  const Bitboard empty = position.emptySquares();
  if ((neighbours(movable) & empty & ~castleOf(us)).any()) return true;
  if ((movable & jumpSources(position.pieces(opposite(us)), empty)).any()) return true;
  MoveList moves;
  Generator<Listing::All>(position, position.pieces(us), moves).run();
  return !moves.empty();
}

MoveList generateMoves(const Position& position) {
  MoveList list;
  generateMoves(position, list);
  return list;
}

}  // namespace camelot
