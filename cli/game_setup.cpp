#include "cli/game_setup.hpp"

#include <sstream>

#include "cli/input_error.hpp"
#include "cli/variant.hpp"
#include "engine/cfen.hpp"
#include "engine/notation.hpp"

namespace camelot::cli {

std::string statusText(const GameStatus& status) {
  switch (status.outcome) {
    case Outcome::None:
      return "in progress";
    case Outcome::WhiteWins:
      return "White wins (" + std::string(endReasonName(status.reason)) + ")";
    case Outcome::BlackWins:
      return "Black wins (" + std::string(endReasonName(status.reason)) + ")";
    case Outcome::Draw:
      break;
  }
  return "draw (" + std::string(endReasonName(status.reason)) + ")";
}

template <>
Game gameFromMoves<StandardRules>(const std::string& fen, const std::string& moves) {
  Game game(parseCfen(fen));
  std::istringstream stream(moves);
  std::string text;
  for (int number = 1; stream >> text; ++number) {
    if (game.finished())
      throw InputError("move " + std::to_string(number) + " '" + text +
                       "': the game is already over (" + statusText(game.status()) + ")");
    try {
      game.play(parseMove(game.position(), text));
    } catch (const MoveError& e) {
      throw InputError("move " + std::to_string(number) + ": " + e.what());
    }
  }
  return game;
}

std::string statusText(const grand::GrandOutcome& outcome) {
  switch (outcome.kind) {
    case grand::GrandOutcome::Kind::None:
      return "in progress";
    case grand::GrandOutcome::Kind::Win:
      return std::string(grand::partnershipName(outcome.winner)) + " wins (" + outcome.reason + ")";
    case grand::GrandOutcome::Kind::Draw:
      break;
  }
  return "draw (" + outcome.reason + ")";
}

template <>
grand::GrandGame gameFromMoves<GrandRules>(const std::string& fen, const std::string& moves) {
  grand::GrandGame game(GrandRules::parsePosition(fen));
  std::istringstream stream(moves);
  std::string text;
  for (int number = 1; stream >> text; ++number) {
    if (game.finished())
      throw InputError("move " + std::to_string(number) + " '" + text +
                       "': the game is already over (" + statusText(game.status()) + ")");
    const std::optional<grand::GrandMove> move = grand::findMove(game.position(), text);
    if (!move)
      throw InputError("move " + std::to_string(number) + " '" + text +
                       "' is not a legal move of " + grand::playerName(game.position().toMove) +
                       " (see 'camelot legal --variant grand')");
    game.play(*move);
  }
  return game;
}

}  // namespace camelot::cli
