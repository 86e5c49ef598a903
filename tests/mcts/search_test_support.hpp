#pragma once
// Helpers for the search tests: engine-checked facts about moves (wins at once, loses at once,
// forced win in two), a counting evaluator, and seeded middle-game positions.

#include <cstdint>
#include <random>
#include <span>
#include <vector>

#include "engine/game.hpp"
#include "engine/rules_status.hpp"
#include "mcts/evaluator.hpp"
#include "mcts/tree_search.hpp"
#include "mcts/uniform_evaluator.hpp"
#include "tests/engine/hand_built.hpp"

namespace camelot::search_test {

// Positions every search must handle (PUCT and Gumbel alike).
// R9 a: White holds F16; G15 can step and G14 canter into G16.
inline const Position kWinInOne = hand_built::board("MF16 MG15 MG14 mF1");
// White holds F16; G14 needs two moves to reach G16 and the lone Black man is far away.
inline const Position kWinInTwo = hand_built::board("MF16 MG14 mA4");
// Black holds F1. G3-F2 would let E3 jump it into G1 (R8, R9 a); every other move is safe.
inline const Position kOneLosingMove = hand_built::board("mF1 mE3 MG3 ML13");
// R4: White must capture. G14xG16 takes one man and wins on the castle; C5xC7xC9 takes two.
inline const Position kCastleOrCapture = hand_built::board("MF16 MG14 mG15 MC5 mC6 mC8");

// One search of `simulations` from `root` with the uniform evaluator.
template <typename Search>
SearchResult searchWith(const Position& root, int simulations, const SearchParams& params = {},
                        std::uint64_t seed = 1) {
  UniformEvaluator evaluator;
  Search s(params, seed);
  s.setRoot(root);
  return s.run(evaluator, simulations);
}

inline Outcome winFor(Color c) {
  return c == Color::White ? Outcome::WhiteWins : Outcome::BlackWins;
}

// The mover wins as soon as `m` is played (R9).
inline bool winsAtOnce(const Position& p, const Move& m) {
  return positionStatus(p.after(m)).outcome == winFor(p.sideToMove());
}

inline bool hasWinAtOnce(const Position& p) {
  for (const Move& m : legalMoves(p))
    if (winsAtOnce(p, m)) return true;
  return false;
}

// After `m` the opponent has a move that wins at once.
inline bool losesAtOnce(const Position& p, const Move& m) {
  return hasWinAtOnce(p.after(m));
}

// `m` does not win yet, but every reply leaves the mover a win at once.
inline bool forcesWinInTwo(const Position& p, const Move& m) {
  const Position next = p.after(m);
  if (positionStatus(next).finished()) return false;
  for (const Move& reply : legalMoves(next))
    if (!hasWinAtOnce(next.after(reply))) return false;
  return true;
}

// Passes requests on and counts them; remembers every position evaluated.
class CountingEvaluator final : public Evaluator {
 public:
  explicit CountingEvaluator(Evaluator& inner) : inner_(inner) {}

  void evaluate(std::span<const EvaluationRequest> requests,
                std::span<Evaluation> results) override {
    ++calls;
    for (const EvaluationRequest& r : requests)
      positions.push_back(*r.position);
    inner_.evaluate(requests, results);
  }

  int calls = 0;
  std::vector<Position> positions;

 private:
  Evaluator& inner_;
};

// A position `plies` random moves into a game from the start (or earlier if it ends).
inline Position randomGamePosition(std::uint64_t seed, int plies) {
  std::mt19937_64 rng(seed);
  Game game;
  for (int i = 0; i < plies; ++i) {
    const MoveList& moves = game.legalMoves();
    const Move m = moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)];
    game.play(m);
    if (game.finished()) {
      game.undo();
      break;
    }
  }
  return game.position();
}

// The result's chosen move.
inline const Move& chosenMove(const SearchResult& r) {
  return r.moves.at(static_cast<std::size_t>(r.chosen));
}

}  // namespace camelot::search_test
