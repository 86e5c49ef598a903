#pragma once
// The engine line protocol (docs/engine_protocol.md), one command line in, its answer lines
// out: the game being played, and the player that picks moves (a network's search or a
// classical player; the session does not know which). One session per variant: in Grand
// Camelot positions are GFEN and the player moves for whichever seat is to move.

#include <iosfwd>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game_rules.hpp"
#include "players/player.hpp"

namespace camelot::cli {

template <class Rules>
class BasicEngineSession {
 public:
  explicit BasicEngineSession(std::unique_ptr<BasicPlayer<Rules>> player);

  // Answers one command line on `out` and flushes it; bad input gets an `error` line and
  // leaves the session as it was. Returns false after `quit`.
  bool handle(std::string_view line, std::ostream& out);

 private:
  using Words = std::span<const std::string_view>;

  // Each command's answer, without its line end; the quiet ones answer nothing. They throw
  // std::exception on bad input, before changing anything.
  void newGame(Words args);
  void position(Words args);
  std::string go(Words args);
  void move(std::string_view text);
  std::string legal(Words args) const;
  std::string status(Words args) const;
  // Throws unless the game is still running.
  void expectPlaying() const;

  std::unique_ptr<BasicPlayer<Rules>> player_;
  typename Rules::Game game_;
};

using EngineSession = BasicEngineSession<StandardRules>;
using GrandEngineSession = BasicEngineSession<GrandRules>;

// The protocol's words for a status: "in progress", "white wins castle", "draw repetition".
std::string statusWords(const GameStatus& status);

}  // namespace camelot::cli
