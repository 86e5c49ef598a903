#pragma once
// An outside program as a player (`engine:CMD`): `/bin/sh -c CMD` runs as a child process that
// speaks the engine protocol (docs/engine_protocol.md) on its standard input and output. Each
// move sends the whole game (`position fen START moves ...`) and `go`, then reads until
// `bestmove`. An engine that breaks the protocol forfeits: chooseMove throws EngineForfeit and
// the referee (playMatch) scores the game as lost.

#include <chrono>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include "players/player.hpp"

namespace camelot {

// An outside engine broke the protocol: an error answer, an unreadable or illegal move, its
// output closed (it ended), or no answer in time. what() is one line naming the engine and why,
// e.g. "engine './bad': illegal move 'F6-F7': ...".
class EngineForfeit : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// An outside engine that never became a player: it did not start, or did not answer the
// `status` handshake in time. Not a forfeit: the match (or run) it was to play in stops.
class EngineStartError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class EnginePlayer final : public Player {
 public:
  // Generous: an engine's search may be slow, but a hung one must not stop a match for good.
  // A budget's time is added on top.
  static constexpr std::chrono::milliseconds kAnswerTimeout{60'000};

  // Starts the command and waits for its answer to `status` (the handshake), within
  // `answerTimeout`. Throws EngineStartError naming the command and why when it ends first (a
  // command that does not exist), answers something else or nothing in time, and
  // std::runtime_error if no process can be started at all.
  explicit EnginePlayer(std::string command,
                        std::chrono::milliseconds answerTimeout = kAnswerTimeout);
  // Sends `quit`, closes the pipes, and kills the engine if it has not ended within a second.
  ~EnginePlayer() override;
  EnginePlayer(const EnginePlayer&) = delete;
  EnginePlayer& operator=(const EnginePlayer&) = delete;

  // "engine:CMD".
  std::string name() const override;
  // Throws EngineForfeit, also on every call after the engine has once failed.
  Move chooseMove(const Game& game, const ThinkingBudget& budget = {}) override;
  // Sends `newgame`; a failure surfaces as a forfeit at the next chooseMove.
  void newGame() override;

 private:
  class Process;  // the child and its pipes (POSIX)

  // Reads one line by `deadline`; forfeits if the engine ended, sent too long a line, or
  // said nothing (`silence` is then the reason).
  void readLine(std::string& line, std::chrono::steady_clock::time_point deadline,
                const std::string& silence);
  // Sends `status` and reads until its answer; forfeits if none comes.
  void handshake();
  [[noreturn]] void forfeit(const std::string& reason);
  // "ended (exit status 3)" if the engine has ended, else `otherwise`.
  std::string endedOr(const std::string& otherwise);
  // Writes one command line by `deadline` (`allowed` after the exchange began); forfeits if
  // the engine does not read it.
  void send(const std::string& line, std::chrono::steady_clock::time_point deadline,
            std::chrono::milliseconds allowed);

  std::string command_;
  std::chrono::milliseconds answerTimeout_;
  std::unique_ptr<Process> process_;
  std::optional<std::string> failure_;  // the forfeit's what(), once the engine has failed
};

}  // namespace camelot
