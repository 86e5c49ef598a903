#include "engine/notation.hpp"

#include <cctype>
#include <optional>
#include <vector>

#include "engine/geometry.hpp"
#include "engine/rules_status.hpp"

namespace camelot {

std::string toNotation(const Move& move) {
  std::string text = squareName(move.path[0]);
  for (int i = 0; i < move.steps; ++i) {
    text += i < move.quietSteps ? '-' : 'x';
    text += squareName(move.path[i + 1]);
  }
  return text;
}

std::string toNumericNotation(const Move& move) {
  std::string text = move.kind == MoveKind::Charge ? "KC" : "";
  text += numericSquareName(move.path[0]);
  for (int i = 0; i < move.steps; ++i) {
    text += move.kind == MoveKind::Plain ? '-' : i < move.quietSteps ? 'C' : 'J';
    text += numericSquareName(move.path[i + 1]);
  }
  return text;
}

std::string toNumericNotation(const Move& move, const Position& before) {
  std::string text = toNumericNotation(move);
  if (!move.isCapture()) return text;
  int men = 0;
  int knights = 0;
  for (int i = move.quietSteps; i < move.steps; ++i) {
    const auto piece = before.pieceAt(move.jumpedSquare(i));
    (piece && piece->kind == PieceKind::Knight ? knights : men) += 1;
  }
  text += " (";
  if (men > 0) text += std::to_string(men) + "M";
  if (men > 0 && knights > 0) text += ", ";
  if (knights > 0) text += std::to_string(knights) + "K";
  return text + ")";
}

namespace {

// A move text split into squares and the separators between them; '-' (plain or canter) or
// 'x' (jump), whichever notation it came in.
struct WrittenPath {
  std::vector<Square> squares;
  std::vector<char> separators;
};

std::optional<WrittenPath> readLetterPath(std::string_view text) {
  WrittenPath path;
  std::size_t i = 0;
  while (true) {
    const std::size_t begin = i;
    if (i < text.size() && std::isalpha(static_cast<unsigned char>(text[i]))) ++i;
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])))
      ++i;
    const auto square = parseSquareName(text.substr(begin, i - begin));
    if (!square) return std::nullopt;
    path.squares.push_back(*square);
    if (i == text.size()) break;
    const char sep = text[i++];
    if (sep == '-') {
      path.separators.push_back('-');
    } else if (sep == 'x' || sep == 'X') {
      path.separators.push_back('x');
    } else {
      return std::nullopt;
    }
  }
  if (path.squares.size() < 2) return std::nullopt;
  return path;
}

std::optional<WrittenPath> readNumericPath(std::string_view text) {
  // An optional capture count "(3M, 2K)" at the end is informative only.
  if (const std::size_t paren = text.find('('); paren != std::string_view::npos) {
    if (text.back() != ')') return std::nullopt;
    text = text.substr(0, paren);
    while (!text.empty() && text.back() == ' ')
      text.remove_suffix(1);
  }
  if (text.starts_with("KC")) text.remove_prefix(2);
  WrittenPath path;
  std::size_t i = 0;
  while (true) {
    const std::size_t begin = i;
    if (i < text.size() && std::string_view("ABYZ").find(text[i]) != std::string_view::npos) {
      ++i;
    } else {
      while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])))
        ++i;
    }
    const auto square = parseNumericSquareName(text.substr(begin, i - begin));
    if (!square) return std::nullopt;
    path.squares.push_back(*square);
    if (i == text.size()) break;
    const char sep = text[i++];
    if (sep == '-' || sep == 'C') {
      path.separators.push_back('-');
    } else if (sep == 'J') {
      path.separators.push_back('x');
    } else {
      return std::nullopt;
    }
  }
  if (path.squares.size() < 2) return std::nullopt;
  return path;
}

std::string stepText(Square a, Square b) {
  return squareName(a) + "-" + squareName(b);
}

// Follows a written path square by square under R2, R3, R7 and R8. Returns the move it
// makes, or throws MoveError naming the first step that breaks a rule. Whether the move as a
// whole is legal (R4-R7 obligations) is checked against the generator afterwards.
Move followPath(const Position& p, const WrittenPath& written, const std::string& quoted) {
  const auto fail = [&](const std::string& why) -> Move {
    throw MoveError("illegal move " + quoted + ": " + why);
  };
  const Color us = p.sideToMove();
  const Square from = written.squares[0];
  const auto piece = p.pieceAt(from);
  if (!piece || piece->color != us)
    fail("no " + std::string(us == Color::White ? "White" : "Black") + " piece on " +
         squareName(from));
  const bool knight = piece->kind == PieceKind::Knight;
  const Bitboard friends = p.pieces(us) & ~Bitboard::of(from);
  Bitboard enemies = p.pieces(opposite(us));
  Bitboard empty = p.emptySquares() | Bitboard::of(from);  // R3: the piece has left

  Move move;
  move.path[0] = from;
  const int steps = static_cast<int>(written.squares.size()) - 1;
  if (steps >= Move::kMaxPathSquares) fail("the path is too long");
  int jumps = 0;
  for (int i = 0; i < steps; ++i) {
    const Square a = written.squares[i];
    const Square b = written.squares[i + 1];
    const int d = directionBetween(a, b);
    if (d < 0) fail(squareName(b) + " is neither next to " + squareName(a) + " nor a leap away");
    if (goalOf(us).test(a) && i > 0)
      fail("the move ends on reaching the goal " + squareName(a) + " (R8)");
    if (!empty.test(b)) fail(squareName(b) + " is occupied");
    move.path[i + 1] = b;
    if (stepFrom(a, d) == b) {  // a plain step
      if (steps != 1) fail(stepText(a, b) + " is a plain step, which must be the whole move (R2)");
      if (castleOf(us).test(b))
        fail("no plain move onto the own castle " + squareName(b) + " (R7)");
      if (goalOf(us).test(a) && (p.castleMovesUsed(us) >= kMaxCastleMoves))
        fail("both castle moves have been used (R8)");
      move.quietSteps = 1;
      continue;
    }
    const Square over = stepFrom(a, d);
    const char sep = written.separators[i];
    if (friends.test(over)) {
      if (sep != '-') fail(stepText(a, b) + " leaps over a friendly piece: write it with '-'");
      if (jumps > 0) fail("a canter cannot follow a jump (R2)");
      if (castleOf(us).test(b))
        fail("a canter may not land on the own castle " + squareName(b) + " (R7)");
      if (b == from && i == steps - 1) fail("a canter may not end on its start square (R3)");
      move.quietSteps = static_cast<std::uint8_t>(i + 1);
    } else if (enemies.test(over)) {
      if (sep != 'x') fail(stepText(a, b) + " jumps an enemy piece: write it with 'x'");
      if (i > 0 && jumps == 0 && !knight) fail("only a knight may jump after cantering (R2)");
      if (i > 0 && jumps == 0 && a == from)
        fail("the canter part of a charge may not end on its start square (R3)");
      enemies.reset(over);
      empty.set(over);  // R3: a jumped piece is removed at once
      ++jumps;
    } else {
      fail("there is no piece on " + squareName(over) + " to leap over");
    }
  }
  move.steps = static_cast<std::uint8_t>(steps);
  const bool plain =
      stepFrom(from, directionBetween(from, written.squares[1])) == written.squares[1];
  if (plain) {
    move.kind = MoveKind::Plain;
  } else if (jumps == 0) {
    move.kind = MoveKind::Canter;
  } else {
    move.kind = move.quietSteps == 0 ? MoveKind::Jump : MoveKind::Charge;
  }
  return move;
}

// A piece on `at` could jump: an enemy next to it with an empty square beyond (R2).
bool canJumpFrom(Square at, Bitboard enemies, Bitboard empty) {
  for (int d = 0; d < 8; ++d)
    if (enemies.test(stepFrom(at, d)) && empty.test(leapFrom(at, d))) return true;
  return false;
}

// R6: a knight's canter that captures nothing may not land where it could jump.
std::optional<Square> knightCanterLandingNextToCapture(const Position& p, const Move& m) {
  const Color us = p.sideToMove();
  const Bitboard enemies = p.pieces(opposite(us));
  const Bitboard empty = p.emptySquares() | Bitboard::of(m.from());
  for (int i = 1; i <= m.steps; ++i) {
    const Square at = m.path[i];
    if (!goalOf(us).test(at) && canJumpFrom(at, enemies, empty)) return at;
  }
  return std::nullopt;
}

// Why a geometrically valid path is still not a legal move: the first obligation it breaks.
std::string whyNotLegal(const Position& p, const Move& m, const MoveList& legal) {
  const Color us = p.sideToMove();
  const Bitboard inCastle = p.pieces(us) & castleOf(us);
  if (inCastle.any() && !inCastle.test(m.from())) {
    for (const Move& l : legal)
      if (inCastle.test(l.from())) return "a piece on its own castle must leave first (R7)";
  }
  if (!m.isCapture()) {
    for (const Move& l : legal)
      if (l.isCapture()) return "a capture is compulsory (R4, R7)";
  }
  if (m.isCapture() && !goalOf(us).test(m.to())) {
    const Position after = p.after(m);
    if (canJumpFrom(m.to(), after.pieces(opposite(us)), after.emptySquares()))
      return "the jump must go on from " + squareName(m.to()) + " (R5)";
  }
  return "it is not a legal move in this position";
}

std::string listMoves(const std::vector<const Move*>& moves) {
  std::string text;
  for (const Move* m : moves)
    text += (text.empty() ? "" : ", ") + toNotation(*m);
  return text;
}

// The legal move among `legal` that `written` stands for; throws MoveError saying why none is.
Move matchWritten(const Position& p, const MoveList& legal, const WrittenPath& written,
                  const std::string& quoted) {
  std::optional<MoveError> pathError;
  try {
    const Move followed = followPath(p, written, quoted);
    for (const Move& m : legal) {
      if (!sameOutcome(m, followed)) continue;
      if (followed.kind == MoveKind::Canter && p.knights(p.sideToMove()).test(followed.from())) {
        if (const auto at = knightCanterLandingNextToCapture(p, followed))
          throw MoveError("illegal move " + quoted + ": the knight lands on " + squareName(*at) +
                          " where it could capture, so it must capture (R6)");
      }
      return m;
    }
    pathError = MoveError("illegal move " + quoted + ": " + whyNotLegal(p, followed, legal));
  } catch (const MoveError& e) {
    pathError = e;
  }

  // FROM-TO or FROMxTO standing for a longer path.
  if (written.squares.size() == 2) {
    const bool capture = written.separators[0] == 'x';
    std::vector<const Move*> matches;
    for (const Move& m : legal)
      if (m.from() == written.squares[0] && m.to() == written.squares[1] &&
          m.isCapture() == capture)
        matches.push_back(&m);
    if (matches.size() == 1) return *matches[0];
    if (matches.size() > 1)
      throw MoveError("ambiguous move " + quoted + ": it could be " + listMoves(matches) +
                      "; write the whole path");
  }
  // What the piece can do instead: a charge written as a plain move, say, then reads at once.
  std::vector<const Move*> fromThere;
  for (const Move& m : legal)
    if (m.from() == written.squares[0]) fromThere.push_back(&m);
  if (fromThere.empty()) throw *pathError;
  constexpr std::size_t kListed = 12;
  const std::size_t more = fromThere.size() > kListed ? fromThere.size() - kListed : 0;
  fromThere.resize(fromThere.size() - more);
  throw MoveError(std::string(pathError->what()) + "; the legal moves from " +
                  squareName(written.squares[0]) + " are " + listMoves(fromThere) +
                  (more > 0 ? " and " + std::to_string(more) + " more" : ""));
}

}  // namespace

Move parseMove(const Position& p, std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
    text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
    text.remove_suffix(1);
  std::string quoted;  // built by appending: GCC 12 warns falsely on "'" + std::string(...)
  quoted.reserve(text.size() + 2);
  quoted.append(1, '\'').append(text).append(1, '\'');

  std::optional<WrittenPath> written = readLetterPath(text);
  if (!written) written = readNumericPath(text);
  if (!written)
    throw MoveError("unreadable move " + quoted +
                    ": expected squares joined by '-' or 'x' (C6-C8, E6-C8-A8, H4xJ4xL6) or "
                    "numeric notation (26-27, 26C28C30, 26J28J30, KC26C28J30)");

  const GameStatus status = immediateStatus(p);
  if (status.finished())
    throw MoveError("illegal move " + quoted + ": the game is over (" +
                    std::string(endReasonName(status.reason)) + ")");

  // Only the written piece's moves can match; a move that does not is explained against all.
  MoveList moves;
  generateMovesOf(p, Bitboard::of(written->squares[0]), moves);
  try {
    return matchWritten(p, moves, *written, quoted);
  } catch (const MoveError&) {
    generateMoves(p, moves);
  }
  return matchWritten(p, moves, *written, quoted);
}

}  // namespace camelot
