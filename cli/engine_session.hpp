#pragma once
// The engine line protocol (docs/engine_protocol.md), one command line in, its answer lines
// out: the game being played, and a searcher that picks moves. Torch-free: `camelot engine`
// gives it a network search or a classical player.

#include <iosfwd>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game.hpp"
#include "mcts/player.hpp"

namespace camelot::cli {

// What a tree search reports besides its move: the `info` line.
struct SearchReport {
  int visits = 0;        // of the root
  float value = 0.0f;    // for the side to move, in [-1, 1]
  std::vector<Move> pv;  // the principal variation, the chosen move first
};

struct EngineAnswer {
  Move move;
  std::optional<SearchReport> report;
};

// What the session asks of its engine. The game given is never finished.
class EngineSearcher {
 public:
  virtual ~EngineSearcher() = default;
  virtual EngineAnswer think(const Game& game, const ThinkingBudget& budget) = 0;
  virtual void newGame() {}
};

// A classical player as the searcher: a move and no report.
class PlayerSearcher final : public EngineSearcher {
 public:
  explicit PlayerSearcher(std::unique_ptr<Player> player) : player_(std::move(player)) {}
  EngineAnswer think(const Game& game, const ThinkingBudget& budget) override;
  void newGame() override { player_->newGame(); }

 private:
  std::unique_ptr<Player> player_;
};

class EngineSession {
 public:
  explicit EngineSession(std::unique_ptr<EngineSearcher> searcher);

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

  std::unique_ptr<EngineSearcher> searcher_;
  Game game_;
};

// The protocol's words for a status: "in progress", "white wins castle", "draw repetition".
std::string statusWords(const GameStatus& status);

}  // namespace camelot::cli
