#pragma once
// Helpers for the tests on hand-built positions (rules_test, notation_test, bad_input_test):
// a position from a short piece list such as "KC4 MD5 mD7" (the CFEN piece letter, then the
// square), move lists as sorted notation, and lookups of one legal move.

#include <algorithm>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "engine/notation.hpp"
#include "engine/position.hpp"
#include "engine/rules_status.hpp"
#include "engine/square.hpp"

namespace camelot::hand_built {

inline Square sq(std::string_view name) {
  const auto s = parseSquareName(name);
  if (!s) throw std::invalid_argument("not a square: " + std::string(name));
  return *s;
}

// "KC4 MD5 mD7": M/K a White man/knight, m/k a Black man/knight, then the square.
inline Position board(std::string_view pieces, Color toMove = Color::White) {
  Position p;
  std::size_t i = 0;
  while (i < pieces.size()) {
    if (pieces[i] == ' ') {
      ++i;
      continue;
    }
    const std::size_t end = std::min(pieces.find(' ', i), pieces.size());
    const std::string_view token = pieces.substr(i, end - i);
    const bool white = token[0] == 'M' || token[0] == 'K';
    const bool knight = token[0] == 'K' || token[0] == 'k';
    if (!white && !knight && token[0] != 'm')
      throw std::invalid_argument("not a piece: " + std::string(token));
    p.put(sq(token.substr(1)),
          Piece{white ? Color::White : Color::Black, knight ? PieceKind::Knight : PieceKind::Man});
    i = end;
  }
  p.setSideToMove(toMove);
  return p;
}

inline std::vector<std::string> sorted(std::vector<std::string> texts) {
  std::sort(texts.begin(), texts.end());
  return texts;
}

// The notation of every move in the list, sorted in byte order.
inline std::vector<std::string> notations(const MoveList& moves) {
  std::vector<std::string> texts;
  for (const Move& m : moves)
    texts.push_back(toNotation(m));
  return sorted(texts);
}

inline std::vector<std::string> movesOf(const Position& p) {
  return notations(legalMoves(p));
}

// The moves of the piece on `from` only.
inline std::vector<std::string> movesFrom(const Position& p, std::string_view from) {
  std::vector<std::string> texts;
  for (const Move& m : legalMoves(p))
    if (m.from() == sq(from)) texts.push_back(toNotation(m));
  return sorted(texts);
}

// The legal move written `notation`.
inline Move legalMove(const Position& p, std::string_view notation) {
  for (const Move& m : legalMoves(p))
    if (toNotation(m) == notation) return m;
  throw std::logic_error("no legal move written " + std::string(notation));
}

// The only legal move from `from` to `to`.
inline Move moveBetween(const Position& p, std::string_view from, std::string_view to) {
  std::vector<Move> found;
  for (const Move& m : legalMoves(p))
    if (m.from() == sq(from) && m.to() == sq(to)) found.push_back(m);
  if (found.size() != 1)
    throw std::logic_error(std::to_string(found.size()) + " legal moves from " + std::string(from) +
                           " to " + std::string(to));
  return found.front();
}

}  // namespace camelot::hand_built
