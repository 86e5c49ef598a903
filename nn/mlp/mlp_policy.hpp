#pragma once
// The mlp's policy at inference: a move's logit is the policy query's dot product with the
// embeddings of its from cell, its to cell and its kind (docs/network.md). EmbeddingScores
// computes each of those dot products once a position; OnePassPolicy turns a position's moves
// into priors in one pass over them, for the integer path (the float path keeps the reference
// form: LegalPolicy, slotKinds and priorsFromLogits, which give the same numbers).

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "engine/movegen.hpp"
#include "engine/position.hpp"
#include "nn/mlp/quantized_mlp.hpp"

namespace camelot {

// The query's dot products with the rows of one embedding table ([rows][width]), each computed
// the first time a position's moves ask for it: the moves of a position use a few dozen of the
// board's cells, so scoring them all would be most of the policy's cost.
class EmbeddingScores {
 public:
  explicit EmbeddingScores(int rows);

  // Forgets the last position's scores.
  void reset();
  float operator()(const std::vector<float>& table, const float* query, int width, int row) {
    const auto r = static_cast<std::size_t>(row);
    if (stamp_[r] != now_) {
      stamp_[r] = now_;
      score_[r] = score(table, query, width, r);
    }
    return score_[r];
  }

 private:
  static float score(const std::vector<float>& table, const float* query, int width,
                     std::size_t row);

  std::vector<float> score_;
  std::vector<std::uint32_t> stamp_;
  std::uint32_t now_ = 0;
};

// The embedding tables a policy reads ([rows][width] each, MlpWeights' layout).
struct MoveEmbeddings {
  const std::vector<float>* from = nullptr;
  const std::vector<float>* to = nullptr;
  const std::vector<float>* kind = nullptr;
  int width = 0;
};

// The standard game's priors in one pass: the query is scored against the from and to
// embeddings of every real square and the kinds' at once, in integers (the query scaled to int16
// for the position, the tables quantized once: one dense layer of 330 outputs, cheaper than
// scoring in float the few dozen rows a position's moves use), then each move's (from, to) pair
// is looked up in a small stamped hash table, a pair met for the first time gets its logit
// there (the kind is its first move's, as slotKinds gives it), and one softmax over the pairs
// is split evenly among the moves that share a pair (R10 paths and capture choices with the
// same ends).
class OnePassPolicy {
 public:
  explicit OnePassPolicy(MoveEmbeddings embeddings);

  // priors[m] for each of `moves` (the legal moves of `position`), from the policy `query`.
  void priors(const Position& position, const MoveList& moves, const float* query,
              std::span<float> priors);

 private:
  struct Entry {
    std::uint32_t stamp = 0;
    std::int32_t pair = 0;  // from square's place << 8 | to square's place
    std::int32_t slot = 0;
  };

  int width_ = 0;  // of the query
  // Each real square's place among them, [side][square] (-1 off the board), and their count.
  std::array<std::array<std::int16_t, kGridSquares>, 2> placeOf_{};
  int realSquares_ = 0;
  // The from, to and kind rows as one layer (real squares' from rows, their to rows, the kinds),
  // the query in int16, and the query's scores against them.
  QuantizedLayer scores_;
  simd::AlignedVector<std::int16_t> query_;
  simd::AlignedVector<std::int32_t> sums_;
  std::vector<float> logitParts_;
  std::vector<Entry> table_;
  std::uint32_t now_ = 0;
  std::vector<float> logits_;
  std::vector<std::int32_t> slotOfMove_, movesInSlot_;
};

}  // namespace camelot
