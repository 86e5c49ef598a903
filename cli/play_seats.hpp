#pragma once
// Who sits at a `camelot play` table, and what the table says, in each variant: the standard
// game's person plays one colour against one program ("CamelotZero"); Grand Camelot's person
// holds one seat, and programs the other three, the partner included. The session itself, its
// turns, undo, the legal list and the saved game, is one template (cli/play_command.cpp).

#include <array>
#include <memory>
#include <optional>
#include <string>

#include "cli/play_command.hpp"
#include "engine/game.hpp"
#include "players/player.hpp"
#include "players/player_spec.hpp"

namespace camelot::cli {

template <class Rules>
class PlaySeats;

template <>
class PlaySeats<StandardRules> {
 public:
  // Throws UsageError for a bad --color, and what chosenPlayer throws.
  explicit PlaySeats(const PlayOptions& options);

  // "You are White; CamelotZero (...) is Black. ..."
  std::string greeting() const;
  // The words of 'help'.
  static const char* help();
  bool humanToMove(const Position& position) const;
  // "White": in the prompt and "To move: ... (you)".
  std::string humanName() const;
  // The program to move plays in `game`; returns the line that says so, with its value.
  std::string programMoves(Game& game);
  // "Hint: ..." for the person, without playing it.
  std::string hint(const Game& game);
  // The board from the person's side, and the last move.
  std::string board(const Game& game) const;
  // After taking back `plies` plies: the person's last move and the reply.
  static std::string undone(std::size_t plies);
  // The move `line` names, or nullopt with `error` saying why.
  static std::optional<Move> readMove(const Position& position, const std::string& line,
                                      std::string& error);
  static bool isPass(const Move&) { return false; }
  // The game as record number `number` of a games file (an unfinished one has result "none").
  std::string record(const Game& game, int number) const;

 private:
  Color human_;
  std::unique_ptr<Player> ai_;
};

template <>
class PlaySeats<GrandRules> {
 public:
  // Throws UsageError for network options (Grand Camelot's programs are --player), and what
  // makePlayer throws.
  explicit PlaySeats(const PlayOptions& options);

  std::string greeting() const;
  static const char* help();
  bool humanToMove(const grand::GrandPosition& position) const;
  std::string humanName() const;
  std::string programMoves(grand::GrandGame& game);
  std::string hint(const grand::GrandGame& game);
  std::string board(const grand::GrandGame& game) const;
  static std::string undone(std::size_t plies);
  std::optional<grand::GrandMove> readMove(const grand::GrandPosition& position,
                                           const std::string& line, std::string& error) const;
  static bool isPass(const grand::GrandMove& move) { return move.pass(); }
  // An unfinished game has result "draw" with reason "unfinished".
  std::string record(const grand::GrandGame& game, int number) const;

 private:
  // " (value +0.12 for Red and Blue)", or nothing from a player that does not search.
  static std::string valueText(const GrandPlayer& player, int partnership);

  grand::Player human_;
  PlayerSpec spec_;
  std::array<std::unique_ptr<GrandPlayer>, grand::kPlayers> programs_;  // none in the human's
  std::unique_ptr<GrandPlayer> hinter_;
};

}  // namespace camelot::cli
