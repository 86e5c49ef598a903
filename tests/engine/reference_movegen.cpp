// The naive reference move generator (see reference_movegen.hpp). Every rule is applied as
// RULES.md words it, path by path; speed is not a goal.

#include "tests/engine/reference_movegen.hpp"

#include <algorithm>
#include <compare>
#include <map>
#include <utility>

#include "engine/square.hpp"

namespace camelot::reference {
namespace {

struct Sq {
  int file = 0;
  int rank = 0;
  auto operator<=>(const Sq&) const = default;
};

// The eight directions of R2 (orthogonal and diagonal).
constexpr int kDirections[8][2] = {{0, 1}, {0, -1}, {1, 0},  {-1, 0},
                                   {1, 1}, {-1, 1}, {1, -1}, {-1, -1}};

constexpr int kWhite = 0;
constexpr int kBlack = 1;

// -1 for an empty square.
int colorOf(char c) {
  if (c == 'M' || c == 'K') return kWhite;
  if (c == 'm' || c == 'k') return kBlack;
  return -1;
}
bool isKnight(char c) {
  return c == 'K' || c == 'k';
}

bool onBoard(Sq s) {
  return reference::onBoard(s.file, s.rank);
}
std::string nameOf(Sq s) {
  return squareName(s.file, s.rank);
}

// R1: White's castle is F1 G1, Black's F16 G16.
bool isOwnCastle(int side, Sq s) {
  return (s.file == 5 || s.file == 6) && s.rank == (side == kWhite ? 1 : 16);
}
// R1: a side's goal is the opponent's castle.
bool isGoal(int side, Sq s) {
  return isOwnCastle(1 - side, s);
}

// R10: a move is identified by its start, its end and the set of pieces it captured.
struct Outcome {
  Sq from;
  Sq to;
  std::vector<Sq> captured;  // sorted
  auto operator<=>(const Outcome&) const = default;
};

struct WrittenPath {
  std::vector<Sq> squares;
  int quietSteps = 0;  // leading plain/canter steps; the rest are jump leaps
  std::string text;
  int steps() const { return static_cast<int>(squares.size()) - 1; }
};

std::string writePath(const std::vector<Sq>& squares, int quietSteps) {
  std::string text = nameOf(squares[0]);
  for (std::size_t i = 1; i < squares.size(); ++i) {
    text += static_cast<int>(i) <= quietSteps ? '-' : 'x';
    text += nameOf(squares[i]);
  }
  return text;
}

using MoveMap = std::map<Outcome, WrittenPath>;

class Generator {
 public:
  Generator(const Board& board, const Options& options)
      : work_(board), side_(board.sideToMove), options_(options) {}

  // R2 "can jump": an adjacent enemy with an empty real square straight beyond, on the board
  // as it stands during the move (work_).
  bool canJumpFrom(Sq s) const {
    for (const auto& d : kDirections) {
      const Sq over{s.file + d[0], s.rank + d[1]};
      const Sq land{s.file + 2 * d[0], s.rank + 2 * d[1]};
      if (!onBoard(land)) continue;
      if (colorOf(work_.at(over.file, over.rank)) != 1 - side_) continue;
      if (work_.at(land.file, land.rank) != '.') continue;
      return true;
    }
    return false;
  }

  // Every legal path of the piece on s (not on a goal square): plain steps, canters, jumps
  // and, for a knight, charges. Which of them the side may play is decided by the caller.
  void generatePiece(Sq s, MoveMap& out) {
    out_ = &out;
    const char piece = work_.at(s.file, s.rank);
    const bool knight = isKnight(piece);
    work_.at(s.file, s.rank) = '.';  // R3: the piece leaves its start square at once
    std::vector<Sq> path{s};

    // Plain moves (R2), never onto the own castle (R7). A plain move onto the goal just ends
    // there (R8).
    for (const auto& d : kDirections) {
      const Sq t{s.file + d[0], s.rank + d[1]};
      if (!onBoard(t) || work_.at(t.file, t.rank) != '.' || isOwnCastle(side_, t)) continue;
      path.push_back(t);
      offer(path, 1);
      path.pop_back();
    }

    // Jumps from the start square (R2, R5).
    jumpChain(path, 0);

    // Canters (R2, R6, R7, R8) and knight's charges (R2).
    for (auto& rank : landed_)
      rank.fill(false);
    landed_[s.rank][s.file] = true;  // ending on the start square is forbidden (R3, R10)
    canter(path, /*clean=*/true, knight);

    work_.at(s.file, s.rank) = piece;
  }

 private:
  void offer(const std::vector<Sq>& squares, int quietSteps) {
    Outcome key{squares.front(), squares.back(), {}};
    for (std::size_t i = quietSteps; i + 1 < squares.size(); ++i)
      key.captured.push_back(Sq{(squares[i].file + squares[i + 1].file) / 2,
                                (squares[i].rank + squares[i + 1].rank) / 2});
    std::sort(key.captured.begin(), key.captured.end());
    WrittenPath candidate{squares, quietSteps, writePath(squares, quietSteps)};
    if (options_.counters) ++options_.counters->paths;
    auto [it, inserted] = out_->try_emplace(key, candidate);
    if (inserted) return;
    WrittenPath& best = it->second;
    if (options_.counters) {
      ++options_.counters->samePositionPaths;
      if (candidate.steps() == best.steps() && candidate.text != best.text)
        ++options_.counters->equalLengthTies;
    }
    // R10: the shortest path, then the smallest string in byte order.
    if (std::make_pair(candidate.steps(), candidate.text) < std::make_pair(best.steps(), best.text))
      best = std::move(candidate);
  }

  // Continues a path whose last `path.size() - 1 - quietSteps` leaps were jumps.
  void jumpChain(std::vector<Sq>& path, int quietSteps) {
    const Sq cur = path.back();
    const int jumpsDone = static_cast<int>(path.size()) - 1 - quietSteps;
    // R8: landing on the goal ends the move, whatever else the piece could do.
    if (jumpsDone > 0 && isGoal(side_, cur)) {
      offer(path, quietSteps);
      return;
    }
    bool jumped = false;
    for (const auto& d : kDirections) {
      const Sq over{cur.file + d[0], cur.rank + d[1]};
      const Sq land{cur.file + 2 * d[0], cur.rank + 2 * d[1]};
      if (!onBoard(land)) continue;
      const char victim = work_.at(over.file, over.rank);
      if (colorOf(victim) != 1 - side_) continue;
      if (work_.at(land.file, land.rank) != '.') continue;
      // A jump leap may land on the own castle (R7) or cross/land on the start square (R10).
      jumped = true;
      work_.at(over.file, over.rank) = '.';  // R3: removed at once
      path.push_back(land);
      jumpChain(path, quietSteps);
      path.pop_back();
      work_.at(over.file, over.rank) = victim;
    }
    // R5: the chain may stop only where no further jump exists.
    if (!jumped && jumpsDone > 0) offer(path, quietSteps);
  }

  // Extends a canter path (all leaps so far over friendly pieces). `clean`: no landing so far
  // offered the knight a jump (R6).
  void canter(std::vector<Sq>& path, bool clean, bool knight) {
    const Sq cur = path.back();
    const int leaps = static_cast<int>(path.size());  // leaps after the next one
    for (const auto& d : kDirections) {
      const Sq over{cur.file + d[0], cur.rank + d[1]};
      const Sq land{cur.file + 2 * d[0], cur.rank + 2 * d[1]};
      if (!onBoard(land)) continue;
      if (colorOf(work_.at(over.file, over.rank)) != side_) continue;
      if (work_.at(land.file, land.rank) != '.') continue;
      if (isOwnCastle(side_, land)) continue;  // R7, also for the canter part of a charge
      // A canter path landing twice on a square (or on the start square) contains a loop;
      // cutting it gives a legal, shorter path to the same outcome (R10), so such paths are
      // not enumerated.
      if (landed_[land.rank][land.file]) continue;

      if (isGoal(side_, land)) {
        // R8: the move ends on the goal; a knight cantering in is not able to jump there, so
        // only the earlier landings matter for R6. A charge cannot continue from here.
        if (!knight || clean) {
          path.push_back(land);
          offer(path, leaps);
          path.pop_back();
        }
        continue;
      }

      const bool offersJump = knight && canJumpFrom(land);
      const bool nowClean = clean && !offersJump;

      path.push_back(land);
      landed_[land.rank][land.file] = true;
      // A plain canter ends here: always for a man, for a knight only along a path none of
      // whose landings offers a jump (R6).
      if (!knight || nowClean) offer(path, leaps);
      // A knight's charge: the jump part starts from this landing (R2).
      if (knight && offersJump) jumpChain(path, leaps);
      // Further canter leaps: useful for a man, for a knight's clean canter, or for a charge.
      canter(path, nowClean, knight);
      landed_[land.rank][land.file] = false;
      path.pop_back();
    }
  }

  Board work_;  // the board during the move: start square empty, jumped pieces removed
  int side_;
  Options options_;
  MoveMap* out_ = nullptr;
  std::array<std::array<bool, 12>, 17> landed_{};
};

Board applyMove(const Board& board, const Outcome& outcome, bool castleMove) {
  Board after = board;
  const int side = board.sideToMove;
  for (const Sq& c : outcome.captured)
    after.at(c.file, c.rank) = '.';
  const char piece = after.at(outcome.from.file, outcome.from.rank);
  after.at(outcome.from.file, outcome.from.rank) = '.';
  after.at(outcome.to.file, outcome.to.rank) = piece;
  if (castleMove) ++after.castleMovesUsed[side];
  // R9 f: the clock restarts on a capture or on a move ending on the opponent's castle
  // (castle moves included).
  if (!outcome.captured.empty() || isGoal(side, outcome.to))
    after.clock = 0;
  else
    after.clock = board.clock + 1;
  after.sideToMove = 1 - side;
  return after;
}

}  // namespace

bool onBoard(int file, int rank) {
  // R1: ranks 1 and 16 hold F and G; 2 and 15 hold C-J; 3 and 14 hold B-K; 4-13 hold A-L.
  if (rank < 1 || rank > 16 || file < 0 || file > 11) return false;
  if (rank == 1 || rank == 16) return file == 5 || file == 6;
  if (rank == 2 || rank == 15) return file >= 2 && file <= 9;
  if (rank == 3 || rank == 14) return file >= 1 && file <= 10;
  return true;
}

std::string squareName(int file, int rank) {
  std::string name(1, static_cast<char>('A' + file));
  name += std::to_string(rank);
  return name;
}

Board fromPosition(const Position& position) {
  Board board;
  for (int rank = 1; rank <= 16; ++rank)
    for (int file = 0; file < 12; ++file) {
      if (!onBoard(file, rank)) continue;
      const auto piece = position.pieceAt(makeSquare(file, rank));
      if (!piece) continue;
      const bool white = piece->color == Color::White;
      const bool knight = piece->kind == PieceKind::Knight;
      board.at(file, rank) = knight ? (white ? 'K' : 'k') : (white ? 'M' : 'm');
    }
  board.sideToMove = position.sideToMove() == Color::White ? kWhite : kBlack;
  board.castleMovesUsed = {position.castleMovesUsed(Color::White),
                           position.castleMovesUsed(Color::Black)};
  board.clock = position.clock();
  return board;
}

std::string toCfen(const Board& board) {
  std::string text;
  for (int rank = 16; rank >= 1; --rank) {
    if (rank != 16) text += '/';
    int empty = 0;
    for (int file = 0; file < 12; ++file) {
      if (!onBoard(file, rank)) continue;
      const char c = board.at(file, rank);
      if (c == '.') {
        ++empty;
        continue;
      }
      if (empty > 0) text += std::to_string(empty);
      empty = 0;
      text += c;
    }
    if (empty > 0) text += std::to_string(empty);
  }
  text += board.sideToMove == kWhite ? " w " : " b ";
  text += std::to_string(board.castleMovesUsed[0]) + " " +
          std::to_string(board.castleMovesUsed[1]) + " " + std::to_string(board.clock);
  return text;
}

bool finishedByR9abc(const Board& board) {
  // a. Pieces of one player on both squares of the opponent's castle.
  for (int player : {kWhite, kBlack}) {
    const int castleRank = player == kWhite ? 16 : 1;
    if (colorOf(board.at(5, castleRank)) == player && colorOf(board.at(6, castleRank)) == player)
      return true;
  }
  std::array<int, 2> count{};
  for (int rank = 1; rank <= 16; ++rank)
    for (int file = 0; file < 12; ++file)
      if (onBoard(file, rank) && colorOf(board.at(file, rank)) >= 0)
        ++count[colorOf(board.at(file, rank))];
  // b. Both players have one piece or none.
  if (count[0] <= 1 && count[1] <= 1) return true;
  // c. The side to move has no pieces.
  return count[board.sideToMove] == 0;
}

std::vector<RefMove> referenceMoves(const Board& board, const Options& options) {
  if (finishedByR9abc(board)) return {};
  const int side = board.sideToMove;

  std::vector<Sq> onGoal;       // R8: they never leave; only castle moves
  std::vector<Sq> onOwnCastle;  // R7: must leave
  std::vector<Sq> elsewhere;
  for (int rank = 1; rank <= 16; ++rank)
    for (int file = 0; file < 12; ++file) {
      if (!onBoard(file, rank) || colorOf(board.at(file, rank)) != side) continue;
      const Sq s{file, rank};
      if (isGoal(side, s))
        onGoal.push_back(s);
      else if (isOwnCastle(side, s))
        onOwnCastle.push_back(s);
      else
        elsewhere.push_back(s);
    }

  Generator generator(board, options);
  const auto pathsOf = [&](const std::vector<Sq>& pieces) {
    MoveMap moves;
    for (const Sq& s : pieces)
      generator.generatePiece(s, moves);
    return moves;
  };
  const auto anyCanJump = [&](const std::vector<Sq>& pieces) {
    return std::any_of(pieces.begin(), pieces.end(),
                       [&](const Sq& s) { return generator.canJumpFrom(s); });
  };
  const auto keepCaptures = [](MoveMap& moves) {
    std::erase_if(moves, [](const auto& entry) { return entry.first.captured.empty(); });
  };

  MoveMap chosen;
  bool decided = false;
  // R7 must-leave: only the pieces on the own castle may move. If one of them can jump from
  // where it stands, the move must be a capture by a castle piece (a jump or a knight's
  // charge); otherwise any of their moves. If they cannot move at all, the obligation lapses.
  Counters* counters = options.counters;
  if (!onOwnCastle.empty()) {
    chosen = pathsOf(onOwnCastle);
    if (anyCanJump(onOwnCastle)) {
      keepCaptures(chosen);
      if (counters) {
        ++counters->mustLeaveCaptureOut;
        for (const auto& entry : chosen)
          if (!generator.canJumpFrom(entry.first.from)) {
            ++counters->mustLeaveCaptureByNonJumper;
            break;
          }
      }
    } else if (counters && !chosen.empty()) {
      ++counters->mustLeaveAnyMoveOut;
    }
    decided = !chosen.empty();
    if (counters && !decided) ++counters->mustLeaveLapsed;
  }
  if (!decided) {
    std::vector<Sq> movers = elsewhere;
    movers.insert(movers.end(), onOwnCastle.begin(), onOwnCastle.end());
    chosen = pathsOf(movers);
    // R8: a castle move to the other goal square, at most two per game.
    for (const Sq& g : onGoal) {
      const Sq other{g.file == 5 ? 6 : 5, g.rank};
      if (board.at(other.file, other.rank) == '.' && board.castleMovesUsed[side] < 2) {
        const std::vector<Sq> squares{g, other};
        chosen.emplace(Outcome{g, other, {}}, WrittenPath{squares, 1, writePath(squares, 1)});
      }
    }
    // R4: if any piece (not on the goal) can jump from where it stands, the move must
    // capture: a jump or a knight's charge.
    if (anyCanJump(movers)) {
      keepCaptures(chosen);
      if (counters) ++counters->captureObligation;
    }
  }

  std::vector<RefMove> result;
  for (const auto& [outcome, path] : chosen) {
    const bool castleMove = isGoal(side, outcome.from);
    result.push_back(RefMove{path.text, path.steps(), applyMove(board, outcome, castleMove)});
  }
  std::sort(result.begin(), result.end(),
            [](const RefMove& a, const RefMove& b) { return a.notation < b.notation; });
  return result;
}

std::uint64_t referencePerft(const Board& board, int depth) {
  if (depth == 0) return 1;
  const std::vector<RefMove> moves = referenceMoves(board);
  if (depth == 1) return moves.size();
  std::uint64_t total = 0;
  for (const RefMove& m : moves)
    total += referencePerft(m.after, depth - 1);
  return total;
}

}  // namespace camelot::reference
