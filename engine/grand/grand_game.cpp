#include "engine/grand/grand_game.hpp"

#include <algorithm>
#include <stdexcept>

#include "engine/splitmix64.hpp"

namespace camelot::grand {

bool sameForRepetition(const GrandPosition& a, const GrandPosition& b) {
  return a.toMove == b.toMove && a.castleMovesUsed == b.castleMovesUsed && a.board == b.board;
}

std::uint64_t repetitionHash(const GrandPosition& position) {
  std::uint64_t hash = mixBits(static_cast<std::uint64_t>(index(position.toMove)));
  for (int s = 0; s < kGridSquares; ++s)
    if (const Piece piece = position.board[static_cast<std::size_t>(s)]; !piece.empty())
      hash ^= mixBits(static_cast<std::uint64_t>(s) * 16 + piece.code);
  for (int p = 0; p < kPlayers; ++p)
    hash ^=
        mixBits(0x1000 + static_cast<std::uint64_t>(p) * 4 +
                static_cast<std::uint64_t>(position.castleMovesUsed[static_cast<std::size_t>(p)]));
  return hash;
}

GrandOutcome gameOutcome(const GrandPosition& position, const std::vector<GrandMove>& legal,
                         bool standsForTheThirdTime) {
  if (legal.empty()) return outcomeOf(position);
  if (standsForTheThirdTime) return {GrandOutcome::Kind::Draw, -1, "repetition"};
  if (position.clock >= kClockLimit) return {GrandOutcome::Kind::Draw, -1, "clock"};
  return {};
}

GrandGame::GrandGame(const GrandPosition& start) : positions_{start} {
  refresh();
}

void GrandGame::play(const GrandMove& move) {
  if (finished()) throw std::logic_error("GrandGame::play: the game is over");
  positions_.push_back(afterMove(position(), move));
  moves_.push_back(move);
  refresh();
}

void GrandGame::undo() {
  if (moves_.empty()) throw std::logic_error("GrandGame::undo: no move to take back");
  positions_.pop_back();
  moves_.pop_back();
  refresh();
}

int GrandGame::repetitions() const {
  const GrandPosition& now = position();
  // Only the plies since the clock last restarted can repeat (a capture or a goal entry
  // changes the placement for good), and only every fourth one has the same player to move.
  const int window = std::min<int>(now.clock, static_cast<int>(positions_.size()) - 1);
  int count = 1;
  for (int back = kPlayers; back <= window; back += kPlayers)
    if (sameForRepetition(positions_[positions_.size() - 1 - static_cast<std::size_t>(back)], now))
      ++count;
  return count;
}

void GrandGame::refresh() {
  const GrandPosition& now = position();
  legal_ = grand::legalMoves(now);
  outcome_ = gameOutcome(now, legal_, repetitions() >= 3);
  if (outcome_.finished()) legal_.clear();
}

}  // namespace camelot::grand
