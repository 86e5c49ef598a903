#include "engine/movegen.hpp"

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

// Breadth-first flood fill of the squares a piece can canter to. Each layer is kept in the
// order of its squares' written paths (R10), so the first square of a layer to reach a new
// square is its best parent, and a square's path is its parent's path plus itself.
struct CanterTree {
  std::array<Square, kRealSquares> order;  // the start, then reached squares layer by layer
  int size = 0;
  std::array<Square, kGridSquares> parent;
  std::array<std::uint8_t, kGridSquares> depth;

  // friends: pieces that may be cantered over; landable: squares a leap may land on;
  // stops: landable squares where the move must end (the goal, R8).
  void build(Square start, Bitboard friends, Bitboard landable, Bitboard stops) {
    Bitboard visited = Bitboard::of(start);
    order[0] = start;
    depth[start] = 0;
    size = 1;
    int layerBegin = 0;
    int layerEnd = 1;
    while (layerBegin < layerEnd) {
      for (int i = layerBegin; i < layerEnd; ++i) {
        const Square from = order[i];
        if (stops.test(from)) continue;
        const int firstChild = size;
        for (int d = 0; d < 8; ++d) {
          const Square to = leapFrom(from, d);
          if (friends.test(stepFrom(from, d)) && landable.test(to) && !visited.test(to)) {
            visited.set(to);
            parent[to] = from;
            depth[to] = static_cast<std::uint8_t>(depth[from] + 1);
            order[size++] = to;
          }
        }
        sortChildren(firstChild);
      }
      layerBegin = layerEnd;
      layerEnd = size;
    }
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

class Generator {
 public:
  Generator(const Position& p, Bitboard only, MoveList& out, Listing listing = Listing::All)
      : out_(out),
        listing_(listing),
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
        goalInReach_((own_ & neighbours(goal_ & empty_)).any()) {}

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

  // Whether run() would list a move. A jump or a plain step of a piece off the goal settles it
  // at once: either is a move whatever R4 and R7 oblige (a piece on its own castle that can
  // leave has a move of its own; one that cannot sets the obligation aside).
  bool anyMove() {
    const Bitboard movable = own_ & ~goal_;
    if ((movable & jumpSources_).any()) return true;
    if ((neighbours(movable) & empty_ & ~ownCastle_).any()) return true;
    run();
    return !out_.empty();
  }

 private:
  // quiet: plain moves and canters; captures: jumps and knight's charges.
  void addPieceMoves(Square s, bool quiet, bool captures) {
    pieceMovesBegin_ = out_.size();
    const bool knight = knights_.test(s);
    // During the move the piece has left s (R3): it is empty, and not a friend to canter over.
    const Bitboard friends = own_ & ~Bitboard::of(s);
    const Bitboard emptyDuringMove = empty_ | Bitboard::of(s);
    const Bitboard canterLandable = emptyDuringMove & ~ownCastle_;  // R7

    if (quiet) {
      for (int d = 0; d < 8; ++d) {
        const Square to = stepFrom(s, d);
        if (empty_.test(to) && !ownCastle_.test(to)) addPlain(s, to);
      }
    }
    if (captures && jumpSources_.test(s)) {
      move_.path[0] = s;
      move_.quietSteps = 0;
      startJumps(s, emptyDuringMove);
    }
    if (!knight) {
      if (quiet && cantersMatter()) {
        tree_.build(s, friends, canterLandable, goal_);
        addCanters(tree_);
      }
      return;
    }

    // A knight: its canter may not end where it could jump (R6) and may go on into a charge.
    // Squares from which it could jump once it has left s; the goal never counts (R8).
    Bitboard jumpOffers = jumpSources_;
    for (int d = 0; d < 8; ++d)
      if (enemies_.test(stepFrom(s, d))) jumpOffers.set(leapFrom(s, d));
    jumpOffers &= ~goal_;
    if (!(quiet && cantersMatter()) && !cantersReach(s, friends, canterLandable, jumpOffers))
      return;  // no charge, and the canters are not wanted

    tree_.build(s, friends, canterLandable, goal_);
    bool anyLaunch = false;
    for (int i = 1; i < tree_.size; ++i) {
      const Square launch = tree_.order[i];
      if (!jumpOffers.test(launch)) continue;
      anyLaunch = true;
      if (!captures) break;
      tree_.writePath(launch, move_.path);
      move_.quietSteps = tree_.depth[launch];
      startJumps(launch, emptyDuringMove);
    }
    if (!quiet) return;
    if (!anyLaunch) {
      addCanters(tree_);
    } else if (cantersMatter()) {
      restrictedTree_.build(s, friends, canterLandable & ~jumpOffers, goal_);
      addCanters(restrictedTree_);
    }
  }

  // Whether a canter from `start` can end on a square of `targets`: the tree's squares found
  // layer by layer on whole bitboards, without the paths and their order.
  bool cantersReach(Square start, Bitboard friends, Bitboard landable, Bitboard targets) const {
    if (targets.none()) return false;
    Bitboard reached = Bitboard::of(start);
    Bitboard frontier = reached;
    while (frontier.any()) {
      const Bitboard from = frontier & ~goal_;  // a canter ends on the goal (R8)
      Bitboard next;
      forEachDirection(
          [&]<int D>() { next |= (from.template shifted<D>() & friends).template shifted<D>(); });
      next &= landable & ~reached;
      if ((next & targets).any()) return true;
      reached |= next;
      frontier = next;
    }
    return false;
  }

  // Whether a piece's canters change what run() finds. In a tactical listing they do not once
  // some move is known to go unlisted and none can reach the goal.
  bool cantersMatter() const {
    return listing_ != Listing::Tactical || goalInReach_ || unlisted_ == 0;
  }

  // Whether a plain move or canter ending on `to` is listed.
  bool listsQuiet(Square from, Square to) const {
    switch (listing_) {
      case Listing::All:
        return true;
      case Listing::CountQuiet:
        return false;
      case Listing::Tactical:
        return goal_.test(to) && !goal_.test(from);
    }
    return true;
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
    if (listing_ == Listing::CountQuiet) {
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
  void startJumps(Square from, Bitboard emptyDuringMove) {
    jumpEnemies_ = enemies_;
    jumpEmpty_ = emptyDuringMove;
    captured_ = Bitboard();
    continueJumps(from, move_.quietSteps);
  }

  // R5: after each jump the piece must go on jumping while it can, except on the goal (R8).
  // A jumped piece is gone at once (R3). The jump part may land on the own castle (R7).
  void continueJumps(Square at, int steps) {
    bool continued = false;
    if (steps == move_.quietSteps || !goal_.test(at)) {
      for (int d = 0; d < 8; ++d) {
        const Square over = stepFrom(at, d);
        const Square to = leapFrom(at, d);
        if (!jumpEnemies_.test(over) || !jumpEmpty_.test(to)) continue;
        if (steps + 1 >= Move::kMaxPathSquares) throw std::length_error("capture path too long");
        continued = true;
        jumpEnemies_.reset(over);
        jumpEmpty_.set(over);
        captured_.set(over);
        move_.path[steps + 1] = to;
        continueJumps(to, steps + 1);
        jumpEnemies_.set(over);
        jumpEmpty_.reset(over);
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
  const Listing listing_;
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

  CanterTree tree_;
  CanterTree restrictedTree_;
  std::size_t pieceMovesBegin_ = 0;  // where the moves of the piece being generated start
  Move move_;                        // the capture path being built
  Bitboard jumpEnemies_;
  Bitboard jumpEmpty_;
  Bitboard captured_;
};

}  // namespace

void generateMoves(const Position& position, MoveList& out) {
  generateMovesOf(position, position.pieces(position.sideToMove()), out);
}

void generateMovesOf(const Position& position, Bitboard pieces, MoveList& out) {
  Generator generator(position, pieces, out);
  generator.run();
}

std::size_t countMoves(const Position& position, MoveList& scratch) {
  Generator generator(position, position.pieces(position.sideToMove()), scratch,
                      Listing::CountQuiet);
  return generator.count();
}

bool generateTacticalMoves(const Position& position, MoveList& out) {
  Generator generator(position, position.pieces(position.sideToMove()), out, Listing::Tactical);
  return generator.listTactical();
}

bool hasMoves(const Position& position) {
  MoveList moves;
  Generator generator(position, position.pieces(position.sideToMove()), moves);
  return generator.anyMove();
}

MoveList generateMoves(const Position& position) {
  MoveList list;
  generateMoves(position, list);
  return list;
}

}  // namespace camelot
