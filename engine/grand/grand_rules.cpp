#include "engine/grand/grand_rules.hpp"

#include <algorithm>
#include <array>
#include <bitset>
#include <unordered_map>
#include <utility>

#include "engine/grand/grand_path_order.hpp"
#include "engine/random/splitmix64.hpp"

namespace camelot::grand {
namespace {

// stepFrom's one- and two-step answers, looked up: the generator asks for them at every square
// it visits, in every direction.
struct StepTable {
  std::array<std::array<Square, kGridSquares>, 8> one{}, two{};
};
constexpr StepTable makeStepTable() {
  StepTable table;
  for (int d = 0; d < 8; ++d)
    for (int s = 0; s < kGridSquares; ++s) {
      const auto square = static_cast<Square>(s);
      const bool real = isReal(fileOf(square), rankOf(square));
      table.one[d][s] = real ? stepFrom(square, d) : kNoSquare;
      table.two[d][s] = real ? stepFrom(square, d, 2) : kNoSquare;
    }
  return table;
}
constexpr StepTable kSteps = makeStepTable();

Square neighbour(Square s, int d) {
  return kSteps.one[static_cast<std::size_t>(d)][s];
}
Square leap(Square s, int d) {
  return kSteps.two[static_cast<std::size_t>(d)][s];
}

// What a MoveFinder lists: every move, or the tactical ones alone (unsortedTacticalMoves).
enum class Listing { All, Tactical };

// The moves of one player in one position, by G4-G10 (no pass, no end of game). Its tactical
// listing keeps the captures and the quiet moves onto the mover's goal, in the order of the full
// one, and notes whether it left any other move out.
class MoveFinder {
 public:
  // Room for a middle game's moves from the start, so that the list seldom grows (a growing list
  // of moves was a tenth of a search's time, in malloc).
  static constexpr std::size_t kMovesReserved = 128;

  MoveFinder(const GrandPosition& position, Player mover, Listing listing = Listing::All)
      : position_(position),
        board_(position.board),
        mover_(mover),
        tactical_(listing == Listing::Tactical) {
    best_.reserve(kMovesReserved);
    quietSlot_.fill(-1);
  }

  std::vector<GrandMove> find() {
    SquareList<kMenPerPlayer + kKnightsPerPlayer> pieces;
    SquareList<kMenPerPlayer + kKnightsPerPlayer> mustLeave;  // G9c: on a non-goal castle
    bool anyCanJump = false;                                  // G5
    bool leaverCanJump = false;                               // G9 d-f
    forEachPiece(position_, [&](Square square, Piece piece) {
      if (piece.owner() != mover_) return;
      const bool canJump = canJumpFrom(square);
      jumpers_[square] = canJump;
      pieces.push_back(square);
      anyCanJump = anyCanJump || canJump;
      if (onNonGoalCastle(square, mover_)) {
        mustLeave.push_back(square);
        leaverCanJump = leaverCanJump || canJump;
      }
    });
    // G9 d-f: a piece on a non-goal castle must leave, capturing if any such piece can.
    if (!mustLeave.empty()) {
      for (const Square s : mustLeave)
        addMovesOf(s, leaverCanJump);
      std::vector<GrandMove> leaving = collected();
      if (!leaving.empty() || leftOut_) return leaving;
    }
    for (const Square s : pieces)
      addMovesOf(s, anyCanJump);
    std::vector<GrandMove> moves = collected();
    if (!anyCanJump) addCastleMoves(moves);
    return moves;
  }

  // Jump steps tried so far: the search's work, for tests that bound it.
  std::int64_t jumpSteps() const { return jumpSteps_; }
  // Whether the tactical listing left a move out.
  bool leftOut() const { return leftOut_; }

 private:
  bool friendly(Piece piece) const {
    return !piece.empty() && partnershipOf(piece.owner()) == partnershipOf(mover_);
  }
  bool enemy(Piece piece) const {
    return !piece.empty() && partnershipOf(piece.owner()) != partnershipOf(mover_);
  }
  Piece at(Square s) const { return board_[s]; }

  // G5, G8: a jump from s over an enemy piece to the empty square beyond; never from the goal.
  bool canJumpFrom(Square s) const {
    if (onGoal(s, mover_)) return false;
    for (int d = 0; d < 8; ++d) {
      const Square over = neighbour(s, d);
      const Square to = leap(s, d);
      if (over != kNoSquare && to != kNoSquare && enemy(at(over)) && at(to).empty()) return true;
    }
    return false;
  }

  // Keeps the best path of each distinct move (G13): moves with the same start, end and
  // captures are one; their notations are compared only when a second path turns up.
  void add(GrandMove move) {
    std::size_t kept = best_.size();
    if (move.captured.empty()) {
      // A quiet move of the piece addMovesOf is listing: known by where it ends.
      std::int16_t& slot = quietSlot_[move.path.back()];
      if (slot >= 0)
        kept = static_cast<std::size_t>(slot);
      else
        slot = static_cast<std::int16_t>(best_.size());
    } else {
      std::sort(move.captured.begin(), move.captured.end());
      kept =
          distinct_
              .try_emplace(Reached{move.path.front(), move.path.back(), capturedSet_}, best_.size())
              .first->second;
    }
    if (kept == best_.size()) {
      best_.push_back(std::move(move));
      return;
    }
    GrandMove& old = best_[kept];
    if (writtenBefore(move, old)) old = std::move(move);
  }

  // The moves kept so far, then forgotten.
  std::vector<GrandMove> collected() {
    std::vector<GrandMove> moves = std::exchange(best_, {});
    distinct_.clear();
    chains_.clear();
    return moves;
  }

  // G10: a piece on the goal castle steps to its other square, twice a game at most (never a
  // tactical move: it stays on the goal).
  void addCastleMoves(std::vector<GrandMove>& moves) {
    if (position_.castleMovesUsed[static_cast<std::size_t>(index(mover_))] >= 2) return;
    const auto goal = castleOf(oppositeOf(mover_));
    for (int i = 0; i < 2; ++i) {
      const Square from = goal[static_cast<std::size_t>(i)];
      const Square to = goal[static_cast<std::size_t>(1 - i)];
      const Piece piece = at(from);
      if (piece.empty() || piece.owner() != mover_ || !at(to).empty()) continue;
      if (tactical_)
        leftOut_ = true;
      else
        moves.push_back(GrandMove{{from, to}, 1, {}});
    }
  }

  // A quiet move of the piece being listed, unless the tactical listing leaves it out: one
  // that does not end on the mover's goal (the piece is never on it: addMovesOf).
  bool listsQuietMoveTo(Square to) {
    if (!tactical_ || onGoal(to, mover_)) return true;
    leftOut_ = true;
    return false;
  }

  // Whether a canter from s may end on the mover's goal: a canter leaps two squares at a time,
  // so it keeps the parity of its file and of its rank, and it ends on an empty square.
  bool canterMayEnterGoal(Square s) const {
    const auto goal = castleOf(oppositeOf(mover_));
    return std::any_of(goal.begin(), goal.end(), [&](Square g) {
      return at(g).empty() && fileOf(g) % 2 == fileOf(s) % 2 && rankOf(g) % 2 == rankOf(s) % 2;
    });
  }

  // Every move of the piece on s (G4, G6-G10), or only its captures when `capturesOnly` (G5:
  // a capture is compulsory), the piece lifted off the board meanwhile (G7): steps, jumps,
  // canters, then a knight's charges.
  void addMovesOf(Square s, bool capturesOnly) {
    if (onGoal(s, mover_)) return;  // G10: only castle moves
    const Piece piece = at(s);
    board_[s] = Piece{};
    const std::size_t first = best_.size();
    if (!capturesOnly)
      for (int d = 0; d < 8; ++d) {
        const Square to = neighbour(s, d);
        if (to != kNoSquare && at(to).empty() && !onNonGoalCastle(to, mover_) &&
            listsQuietMoveTo(to))
          add(GrandMove{{s, to}, 1, {}});
      }
    if (jumpers_[s]) {
      MovePath path{s};
      MoveCaptures captured;
      jumpOn(path, captured, 0);
    }
    // The tactical listing builds the canters' tree only where one may enter the goal, or
    // where no move has been left out yet (then whether the piece has a canter matters).
    if (!capturesOnly && (!tactical_ || !leftOut_ || canterMayEnterGoal(s))) {
      const CanterTree quiet = canterTree(s, piece.knight());
      for (std::size_t i = 1; i < quiet.size; ++i) {
        if (!listsQuietMoveTo(quiet.order[i])) continue;
        MovePath route = quiet.pathTo(quiet.order[i]);
        const int steps = static_cast<int>(route.size()) - 1;
        add(GrandMove{std::move(route), steps, {}});
      }
    }
    // The next piece's quiet moves are its own (add keys them by their end alone).
    if (!capturesOnly)
      for (std::size_t i = first; i < best_.size(); ++i)
        if (best_[i].captured.empty()) quietSlot_[best_[i].path.back()] = -1;
    if (piece.knight()) addCharges(s);
    board_[s] = piece;
  }

  // G8: a knight's charges, canters then jumps, from s.
  void addCharges(Square s) {
    const CanterTree all = canterTree(s, false);
    for (std::size_t i = 1; i < all.size; ++i) {
      const Square pivot = all.order[i];
      if (onGoal(pivot, mover_)) continue;
      MovePath charge = all.pathTo(pivot);
      MoveCaptures none;
      jumpOn(charge, none, static_cast<int>(charge.size()) - 1);
    }
  }

  // The squares a canter reaches from s, breadth first, each with its best path (G13): its
  // parent is the one, among the squares of the layer before that reach it, whose own path is
  // written first (all canter steps are written '-', so that order carries over).
  // Its arrays are left uninitialised but for the squares reached: a tree is built for every
  // piece at every node, and clearing them (and allocating `order`) was most of its cost.
  struct CanterTree {
    std::array<Square, kGridSquares> order;  // the start, then the squares reached, layer by layer
    std::size_t size = 0;                    // of order
    std::array<Square, kGridSquares> parent;
    std::array<std::uint8_t, kGridSquares> depth;

    MovePath pathTo(Square to) const {
      MovePath path;
      path.resize(static_cast<std::size_t>(depth[to]) + 1);
      for (std::size_t i = path.size(); i-- > 0; to = parent[to])
        path[i] = to;
      return path;
    }
    // Whether the path to a is written before the path to b, two squares of one layer: their
    // paths part below a common square, and the squares where they part decide.
    bool writtenFirst(Square a, Square b) const {
      while (parent[a] != parent[b]) {
        a = parent[a];
        b = parent[b];
      }
      return a != b && kNameKeys.dash[a] < kNameKeys.dash[b];
    }
  };

  // With `avoidJumps` (G8: a knight's capture-less canter), no landing square may offer a jump.
  CanterTree canterTree(Square s, bool avoidJumps) const {
    CanterTree tree;
    std::bitset<kGridSquares> reached;
    reached.set(s);
    tree.depth[s] = 0;
    tree.order[tree.size++] = s;
    for (std::size_t begin = 0, end = 1; begin < end; begin = end, end = tree.size) {
      for (std::size_t i = begin; i < end; ++i) {
        const Square from = tree.order[i];
        if (onGoal(from, mover_)) continue;  // G10: the move ends there
        for (int d = 0; d < 8; ++d) {
          const Square over = neighbour(from, d);
          const Square to = leap(from, d);
          if (over == kNoSquare || to == kNoSquare || !friendly(at(over)) || !at(to).empty())
            continue;
          if (onNonGoalCastle(to, mover_)) continue;  // G9a
          if (reached[to]) {
            // Reached earlier in this layer: keep the parent whose path is written first.
            if (tree.depth[to] == tree.depth[from] + 1 && tree.writtenFirst(from, tree.parent[to]))
              tree.parent[to] = from;
            continue;
          }
          if (avoidJumps && canJumpFrom(to)) continue;
          reached.set(to);
          tree.parent[to] = from;
          tree.depth[to] = static_cast<std::uint8_t>(tree.depth[from] + 1);
          tree.order[tree.size++] = to;
        }
      }
    }
    return tree;
  }

  // Jump leaps from the end of `path` (G4, G6, G7, G9b, G10): `quiet` steps of it came before.
  // A chain goes on while it can, and ends on the goal castle. What a chain can still do
  // depends only on where it started, where it is and what it took, so such a state reached
  // again along a path written no earlier (G13) is not searched again: on a lattice of enemies
  // the paths are exponentially many, the states far fewer.
  void jumpOn(MovePath& path, MoveCaptures& captured, int quiet) {
    const Square from = path.back();
    for (int d = 0; d < 8; ++d) {
      const Square over = neighbour(from, d);
      const Square to = leap(from, d);
      if (over == kNoSquare || to == kNoSquare || !enemy(at(over)) || !at(to).empty()) continue;
      const Piece taken = at(over);
      board_[over] = Piece{};
      capturedSet_.set(over);
      path.push_back(to);
      captured.push_back(over);
      ++jumpSteps_;
      if (firstReached(path, quiet)) {
        if (!onGoal(to, mover_) && canJumpFrom(to))
          jumpOn(path, captured, quiet);
        else
          add(GrandMove{path, quiet, captured});
      }
      captured.pop_back();
      path.pop_back();
      capturedSet_.reset(over);
      board_[over] = taken;
    }
  }

  // Whether the chain `path` (its captures in capturedSet_) is the best way yet to its state;
  // as in add(), notations are compared only when a second path turns up.
  bool firstReached(const MovePath& path, int quiet) {
    GrandMove chain{path, quiet, {}};
    const auto [best, fresh] =
        chains_.try_emplace(Reached{path.front(), path.back(), capturedSet_}, chain);
    if (fresh) return true;
    if (!writtenBefore(chain, best->second)) return false;
    best->second = std::move(chain);
    return true;
  }

  // A move, or a capture chain under way, by what it does: start, end, captures.
  struct Reached {
    Square from, to;
    std::bitset<kGridSquares> captured;
    bool operator==(const Reached&) const = default;
  };
  struct ReachedHash {
    std::size_t operator()(const Reached& r) const {
      return std::hash<std::bitset<kGridSquares>>{}(r.captured) ^
             (static_cast<std::size_t>(r.from) << 8 | r.to) * 0x9E3779B97F4A7C15ull;
    }
  };
  const GrandPosition& position_;
  std::array<Piece, kGridSquares> board_;
  Player mover_;
  std::vector<GrandMove> best_;  // one path of each distinct move, the best so far
  // A capture's place in best_, by what it does; a quiet move's, by where it ends (its piece's
  // own, reset for each piece).
  std::unordered_map<Reached, std::size_t, ReachedHash> distinct_;
  std::array<std::int16_t, kGridSquares> quietSlot_{};
  // Each chain state reached, with the best path to it so far (no captures listed).
  std::unordered_map<Reached, GrandMove, ReachedHash> chains_;
  std::bitset<kGridSquares> capturedSet_;  // the chain under way's captures
  std::bitset<kGridSquares> jumpers_;      // the mover's pieces that can jump (find() sets it)
  std::int64_t jumpSteps_ = 0;
  bool tactical_;         // Listing::Tactical
  bool leftOut_ = false;  // the tactical listing passed over a move
};

std::vector<GrandMove> movesOf(const GrandPosition& position, Player mover) {
  return MoveFinder(position, mover).find();
}

// G12.1 for one partnership: "castle" or "castle-pair", or "" when it has not won so.
std::string castleWin(const GrandPosition& position, int partnership) {
  int playersIn = 0;
  for (const Player p : {playerAt(partnership), playerAt(partnership + 2)}) {
    int own = 0;
    for (const Square s : castleOf(oppositeOf(p))) {
      const Piece piece = position.board[s];
      own += !piece.empty() && piece.owner() == p ? 1 : 0;
    }
    if (own == 2) return "castle";
    playersIn += own > 0 ? 1 : 0;
  }
  return playersIn == 2 ? "castle-pair" : "";
}

}  // namespace

std::int64_t captureSearchSteps(const GrandPosition& position) {
  MoveFinder finder(position, position.toMove);
  finder.find();
  return finder.jumpSteps();
}

std::string notation(const GrandMove& move) {
  if (move.pass()) return "pass";
  std::string text = squareName(move.path[0]);
  for (std::size_t i = 1; i < move.path.size(); ++i) {
    text += static_cast<int>(i) <= move.quietSteps ? '-' : 'x';
    text += squareName(move.path[i]);
  }
  return text;
}

std::string moveKey(const GrandMove& move) {
  if (move.pass()) return "pass";
  const std::string ends = squareName(move.path.front()) + (move.captured.empty() ? "-" : "x") +
                           squareName(move.path.back());
  if (move.captured.empty()) return ends;
  std::string text = ends + ":";
  for (std::size_t i = 0; i < move.captured.size(); ++i) {
    if (i > 0) text += ',';
    text += squareName(move.captured[i]);
  }
  return text;
}

bool winsAtOnce(const GrandPosition& position, const GrandMove& move) {
  if (move.pass() || (move.captured.empty() && !onGoal(move.path.back(), position.toMove)))
    return false;
  const GrandOutcome outcome = immediateOutcome(afterMove(position, move));
  return outcome.kind == GrandOutcome::Kind::Win &&
         outcome.winner == partnershipOf(position.toMove);
}

GrandOutcome immediateOutcome(const GrandPosition& position) {
  const int moving = partnershipOf(position.toMove);
  // 1: the partnership that made the last turn first.
  for (const int partnership : {1 - moving, moving})
    if (std::string reason = castleWin(position, partnership); !reason.empty())
      return {GrandOutcome::Kind::Win, partnership, std::move(reason)};
  const std::array<int, 2> pieces = position.partnershipPieces();
  if (pieces[0] <= 1 && pieces[1] <= 1) return {GrandOutcome::Kind::Draw, -1, "material"};  // 2
  for (int partnership = 0; partnership < 2; ++partnership)                                 // 3
    if (pieces[static_cast<std::size_t>(partnership)] == 0)
      return {GrandOutcome::Kind::Win, 1 - partnership, "elimination"};
  return {};
}

namespace {

// G12.1-4, whether the mover has a move (G4-G10) already known.
GrandOutcome outcomeGiven(const GrandPosition& position, bool moverCanMove) {
  if (GrandOutcome decided = immediateOutcome(position); decided.finished()) return decided;
  const Player mover = position.toMove;
  const int moving = partnershipOf(mover);
  // 4: the player to move and his partner, given the move, both blocked.
  if (!moverCanMove && movesOf(position, partnerOf(mover)).empty()) {
    if (position.partnershipPieces()[static_cast<std::size_t>(1 - moving)] >= 2)
      return {GrandOutcome::Kind::Win, 1 - moving, "stalemate"};
    return {GrandOutcome::Kind::Draw, -1, "stalemate"};
  }
  return {};
}

// The player to move's moves as `listing` lists them, none once G12.1-4 end the game, and
// whether the listing left any out.
std::vector<GrandMove> listedMoves(const GrandPosition& position, Listing listing, bool& leftOut) {
  MoveFinder finder(position, position.toMove, listing);
  std::vector<GrandMove> moves = finder.find();
  leftOut = finder.leftOut();
  if (outcomeGiven(position, !moves.empty() || leftOut).finished()) {
    leftOut = false;
    return {};
  }
  if (moves.empty() && !leftOut) return {GrandMove{}};  // G11: blocked or without pieces, he passes
  return moves;
}

}  // namespace

// legalMoves in the order they were found.
std::vector<GrandMove> unsortedLegalMoves(const GrandPosition& position) {
  bool leftOut = false;  // never, of every move
  return listedMoves(position, Listing::All, leftOut);
}

std::vector<GrandMove> unsortedTacticalMoves(const GrandPosition& position, bool& leftOut) {
  return listedMoves(position, Listing::Tactical, leftOut);
}

GrandOutcome outcomeOf(const GrandPosition& position) {
  return outcomeGiven(position, !movesOf(position, position.toMove).empty());
}

std::vector<GrandMove> legalMoves(const GrandPosition& position) {
  std::vector<GrandMove> moves = unsortedLegalMoves(position);
  std::vector<std::pair<std::string, GrandMove>> named;
  named.reserve(moves.size());
  for (GrandMove& move : moves)
    named.emplace_back(notation(move), std::move(move));
  std::sort(named.begin(), named.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  moves.clear();
  for (auto& [text, move] : named)
    moves.push_back(std::move(move));
  return moves;
}

std::optional<GrandMove> findMove(const GrandPosition& position, std::string_view text) {
  std::optional<GrandMove> found;
  int matches = 0;
  for (const GrandMove& move : legalMoves(position)) {
    const std::string key = moveKey(move);
    if (notation(move) == text || key == text) return move;
    if (key.substr(0, key.find(':')) == text) {
      found = move;
      ++matches;
    }
  }
  return matches == 1 ? found : std::nullopt;
}

GrandPosition afterMove(const GrandPosition& position, const GrandMove& move) {
  GrandPosition next = position;
  const Player mover = position.toMove;
  next.toMove = nextPlayer(mover);
  if (move.pass()) {
    ++next.clock;
    return next;
  }
  const Square from = move.path.front();
  const Square to = move.path.back();
  const Piece piece = next.board[from];
  next.board[from] = Piece{};
  for (const Square s : move.captured)
    next.board[s] = Piece{};
  next.board[to] = piece;
  if (onGoal(from, mover) && onGoal(to, mover))
    ++next.castleMovesUsed[static_cast<std::size_t>(index(mover))];
  next.clock = !move.captured.empty() || onGoal(to, mover) ? 0 : position.clock + 1;
  return next;
}

std::uint64_t perft(const GrandPosition& position, int depth) {
  if (depth == 0) return 1;
  const std::vector<GrandMove> moves = unsortedLegalMoves(position);
  if (depth == 1) return moves.size();
  std::uint64_t leaves = 0;
  for (const GrandMove& move : moves)
    leaves += perft(afterMove(position, move), depth - 1);
  return leaves;
}

bool sameForRepetition(const GrandPosition& a, const GrandPosition& b) {
  return a.toMove == b.toMove && a.castleMovesUsed == b.castleMovesUsed && a.board == b.board;
}

std::uint64_t repetitionHash(const GrandPosition& position) {
  std::uint64_t hash = mixBits(static_cast<std::uint64_t>(index(position.toMove)));
  forEachPiece(position, [&](Square s, Piece piece) {
    hash ^= mixBits(static_cast<std::uint64_t>(s) * 16 + piece.code);
  });
  for (int p = 0; p < kPlayers; ++p)
    hash ^=
        mixBits(0x1000 + static_cast<std::uint64_t>(p) * 4 +
                static_cast<std::uint64_t>(position.castleMovesUsed[static_cast<std::size_t>(p)]));
  return hash;
}

GrandOutcome gameOutcome(const GrandPosition& position, bool hasMoves, bool standsForTheThirdTime) {
  if (!hasMoves) return outcomeOf(position);
  if (standsForTheThirdTime) return {GrandOutcome::Kind::Draw, -1, "repetition"};
  if (position.clock >= kClockLimit) return {GrandOutcome::Kind::Draw, -1, "clock"};
  return {};
}

}  // namespace camelot::grand
