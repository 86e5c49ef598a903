#include "cli/game_setup.hpp"

#include <sstream>

#include "cli/commands.hpp"
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

Game gameFromMoves(const std::string& fen, const std::string& moves) {
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

}  // namespace camelot::cli
