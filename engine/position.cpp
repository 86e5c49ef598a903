#include "engine/position.hpp"

#include "engine/zobrist.hpp"

namespace camelot {

Position Position::start() {
  Position p;
  const auto place = [&p](Color c, PieceKind k, std::initializer_list<const char*> names) {
    for (const char* name : names)
      p.put(*parseSquareName(name), Piece{c, k});
  };
  // R1 start position.
  place(Color::White, PieceKind::Knight, {"C6", "D7", "I7", "J6"});
  place(Color::White, PieceKind::Man, {"D6", "E6", "F6", "G6", "H6", "I6", "E7", "F7", "G7", "H7"});
  place(Color::Black, PieceKind::Knight, {"C11", "D10", "I10", "J11"});
  place(Color::Black, PieceKind::Man,
        {"D11", "E11", "F11", "G11", "H11", "I11", "E10", "F10", "G10", "H10"});
  return p;
}

std::optional<Piece> Position::pieceAt(Square s) const {
  const PieceKind kind = knights_.test(s) ? PieceKind::Knight : PieceKind::Man;
  if (pieces_[0].test(s)) return Piece{Color::White, kind};
  if (pieces_[1].test(s)) return Piece{Color::Black, kind};
  return std::nullopt;
}

void Position::put(Square s, Piece p) {
  const bool knight = p.kind == PieceKind::Knight;
  pieces_[index(p.color)].set(s);
  if (knight) knights_.set(s);
  hash_ ^= zobrist::pieceKey(p.color, knight, s);
}

void Position::remove(Square s) {
  const std::optional<Piece> p = pieceAt(s);
  if (!p) return;
  const bool knight = p->kind == PieceKind::Knight;
  pieces_[index(p->color)].reset(s);
  knights_.reset(s);
  hash_ ^= zobrist::pieceKey(p->color, knight, s);
}

void Position::setSideToMove(Color c) {
  if (c != sideToMove_) hash_ ^= zobrist::sideKey();
  sideToMove_ = c;
}

void Position::setCastleMovesUsed(Color c, int used) {
  hash_ ^=
      zobrist::castleMovesKey(c, castleMovesUsed_[index(c)]) ^ zobrist::castleMovesKey(c, used);
  castleMovesUsed_[index(c)] = static_cast<std::uint8_t>(used);
}

void Position::play(const Move& m) {
  const Color us = sideToMove_;
  const Color them = opposite(us);
  const Square from = m.from();
  const Square to = m.to();

  // Captured pieces go first: a later leap of the same move may land on their squares (R3).
  for (int i = m.quietSteps; i < m.steps; ++i) {
    const Square s = m.jumpedSquare(i);
    const bool knight = knights_.test(s);
    pieces_[index(them)].reset(s);
    knights_.reset(s);
    hash_ ^= zobrist::pieceKey(them, knight, s);
  }

  const bool knight = knights_.test(from);
  pieces_[index(us)].reset(from);
  pieces_[index(us)].set(to);
  if (knight) {
    knights_.reset(from);
    knights_.set(to);
  }
  hash_ ^= zobrist::pieceKey(us, knight, from) ^ zobrist::pieceKey(us, knight, to);

  const bool endsInGoal = isGoalOf(us, to);
  if (endsInGoal && isGoalOf(us, from)) setCastleMovesUsed(us, castleMovesUsed_[index(us)] + 1);
  // R9 f: the clock restarts on a capture or a move ending on the opponent's castle.
  clock_ = (m.isCapture() || endsInGoal) ? 0 : static_cast<std::uint16_t>(clock_ + 1);

  sideToMove_ = them;
  hash_ ^= zobrist::sideKey();
}

namespace {
template <typename MapSquare>
Position transformed(const Position& p, MapSquare map, bool swapColors) {
  Position out;
  for (const Color c : {Color::White, Color::Black}) {
    const Color target = swapColors ? opposite(c) : c;
    forEachSquare(p.men(c), [&](Square s) { out.put(map(s), Piece{target, PieceKind::Man}); });
    forEachSquare(p.knights(c), [&](Square s) {
      out.put(map(s), Piece{target, PieceKind::Knight});
    });
    out.setCastleMovesUsed(target, p.castleMovesUsed(c));
  }
  out.setSideToMove(swapColors ? opposite(p.sideToMove()) : p.sideToMove());
  out.setClock(p.clock());
  return out;
}
}  // namespace

Position Position::mirrored() const {
  return transformed(*this, mirrorSquare, false);
}

Position Position::colorFlipped() const {
  return transformed(*this, flipSquare, true);
}

std::uint64_t Position::computeHash() const {
  std::uint64_t h = 0;
  for (const Color c : {Color::White, Color::Black}) {
    forEachSquare(men(c), [&](Square s) { h ^= zobrist::pieceKey(c, false, s); });
    forEachSquare(knights(c), [&](Square s) { h ^= zobrist::pieceKey(c, true, s); });
    h ^= zobrist::castleMovesKey(c, castleMovesUsed(c));
  }
  if (sideToMove_ == Color::Black) h ^= zobrist::sideKey();
  return h;
}

}  // namespace camelot
