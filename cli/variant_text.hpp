#pragma once
// What a command says and reads in each variant (engine/game_rules.hpp), so that a command
// written once as a template serves both: a move's notation, a move read from text, a game set up
// from a position and moves, the protocol's words for the end of the game, and who a value is
// for.

#include <string>
#include <string_view>

#include "cli/game_setup.hpp"
#include "cli/input_error.hpp"
#include "engine/game_rules.hpp"
#include "engine/notation.hpp"

namespace camelot::cli {

template <class Rules>
struct VariantText;

template <>
struct VariantText<StandardRules> {
  static std::string move(const Move& m) { return toNotation(m); }
  // Throws MoveError.
  static Move parseMove(const Position& p, std::string_view text) {
    return camelot::parseMove(p, text);
  }
  // Throws InputError naming --variant grand for a GFEN.
  static Game game(const std::string& fen, const std::string& moves);
  // "in progress", "white wins castle", "draw repetition".
  static std::string endWords(const Game& game);
  // Who a value at `p` is for: "White (to move)".
  static std::string mover(const Position& p) {
    return p.sideToMove() == Color::White ? "White (to move)" : "Black (to move)";
  }
};

template <>
struct VariantText<GrandRules> {
  static std::string move(const grand::GrandMove& m) { return grand::notation(m); }
  // Throws InputError.
  static grand::GrandMove parseMove(const grand::GrandPosition& p, std::string_view text);
  static grand::GrandGame game(const std::string& fen, const std::string& moves) {
    return gameFromMoves<GrandRules>(fen, moves);
  }
  // "in progress", "rb wins castle", "draw repetition".
  static std::string endWords(const grand::GrandGame& game);
  // Who a value at `p` is for: "rb (Red to move)".
  static std::string mover(const grand::GrandPosition& p) {
    return std::string(grand::partnershipName(grand::partnershipOf(p.toMove))) + " (" +
           grand::playerName(p.toMove) + " to move)";
  }
};

}  // namespace camelot::cli
