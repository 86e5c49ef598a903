#include "nn/mlp/mlp_policy.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

#include "nn/features/encoding.hpp"
#include "nn/features/sparse_features.hpp"
#include "nn/mlp/simd.hpp"

namespace camelot {

EmbeddingScores::EmbeddingScores(int rows)
    : score_(static_cast<std::size_t>(rows)), stamp_(static_cast<std::size_t>(rows), 0) {}

void EmbeddingScores::reset() {
  if (++now_ != 0) return;
  std::fill(stamp_.begin(), stamp_.end(), 0u);
  now_ = 1;
}

float EmbeddingScores::score(const std::vector<float>& table, const float* query, int width,
                             std::size_t row) {
  return simd::dot(table.data() + row * static_cast<std::size_t>(width), query, width);
}

namespace {

// The query's int16 scale's 1.0: the largest of a position's query values maps to it.
constexpr int kQueryOne = 4096;

// The real squares' cells in order (the outline is the same from both sides).
std::vector<int> realCells() {
  std::vector<bool> real(kGridCells, false);
  for (int s = 0; s < kGridSquares; ++s)
    if (const int cell = cellTable(Color::White)[s]; cell >= 0)
      real[static_cast<std::size_t>(cell)] = true;
  std::vector<int> cells;
  for (int c = 0; c < kGridCells; ++c)
    if (real[static_cast<std::size_t>(c)]) cells.push_back(c);
  return cells;
}

// The layer's rows: the from table's rows of the real cells, the to table's, then the kinds'.
QuantizedLayer scoreLayer(const MoveEmbeddings& e, const std::vector<int>& cells) {
  std::vector<float> rows;
  for (const std::vector<float>* table : {e.from, e.to})
    for (const int c : cells)
      rows.insert(rows.end(), table->begin() + static_cast<std::ptrdiff_t>(c) * e.width,
                  table->begin() + static_cast<std::ptrdiff_t>(c + 1) * e.width);
  rows.insert(rows.end(), e.kind->begin(), e.kind->end());
  const int outputs = 2 * static_cast<int>(cells.size()) + kMoveKinds;
  return quantizeLayer(rows, std::vector<float>(static_cast<std::size_t>(outputs), 0.0f), e.width,
                       outputs, kQueryOne);
}

}  // namespace

OnePassPolicy::OnePassPolicy(MoveEmbeddings embeddings) : width_(embeddings.width) {
  const std::vector<int> cells = realCells();
  realSquares_ = static_cast<int>(cells.size());
  std::vector<std::int16_t> place(kGridCells, -1);
  for (std::size_t i = 0; i < cells.size(); ++i)
    place[static_cast<std::size_t>(cells[i])] = static_cast<std::int16_t>(i);
  for (const Color side : {Color::White, Color::Black})
    for (int s = 0; s < kGridSquares; ++s) {
      const int cell = cellTable(side)[s];
      placeOf_[static_cast<std::size_t>(side)][static_cast<std::size_t>(s)] =
          cell < 0 ? -1 : place[static_cast<std::size_t>(cell)];
    }
  scores_ = scoreLayer(embeddings, cells);
  query_.assign(static_cast<std::size_t>(scores_.inputs), 0);
  sums_.resize(static_cast<std::size_t>(scores_.outputs));
  logitParts_.resize(static_cast<std::size_t>(scores_.outputs));
}

void OnePassPolicy::priors(const Position& position, const MoveList& moves, const float* query,
                           std::span<float> priors) {
  const std::size_t n = moves.size();
  if (n == 0) return;
  // A power of two at least twice the moves keeps probe chains short.
  const std::size_t size = std::max<std::size_t>(256, std::bit_ceil(2 * n));
  if (table_.size() < size) {
    table_.assign(size, Entry{});
    now_ = 0;
  }
  if (++now_ == 0) {
    std::fill(table_.begin(), table_.end(), Entry{});
    now_ = 1;
  }
  const std::size_t mask = table_.size() - 1;
  const int shift = 32 - std::countr_zero(table_.size());
  logits_.resize(n);
  slotOfMove_.resize(n);
  movesInSlot_.resize(n);
  float largest = 0.0f;
  for (int k = 0; k < width_; ++k)
    largest = std::max(largest, std::abs(query[k]));
  const float toQuery = largest > 0.0f ? kQueryOne / largest : 0.0f;
  for (int k = 0; k < width_; ++k)
    query_[static_cast<std::size_t>(k)] =
        static_cast<std::int16_t>(std::nearbyint(query[k] * toQuery));
  simd::affine(query_.data(), scores_.inputs, scores_.weights.data(), scores_.bias.data(),
               scores_.outputs, sums_.data());
  const float toScore = largest / (kQueryOne * std::ldexp(1.0f, scores_.shift));
  for (std::size_t c = 0; c < sums_.size(); ++c)
    logitParts_[c] = static_cast<float>(sums_[c]) * toScore;
  const float* fromScores = logitParts_.data();
  const float* toScores = fromScores + realSquares_;
  const float* kindScores = toScores + realSquares_;

  // The pairs first, each move on its own, so that the loads of one overlap the next's;
  // slotOfMove_ holds them until the grouping below replaces each by its slot.
  const auto& place = placeOf_[static_cast<std::size_t>(position.sideToMove())];
  for (std::size_t m = 0; m < n; ++m)
    slotOfMove_[m] = place[moves[m].from()] << 8 | place[moves[m].to()];

  std::int32_t slots = 0;
  float top = -std::numeric_limits<float>::infinity();
  for (std::size_t m = 0; m < n; ++m) {
    const std::int32_t pair = slotOfMove_[m];
    // Fibonacci hashing of the pair: the top bits of a multiplication by 2^32 / phi.
    std::size_t h = (static_cast<std::uint32_t>(pair) * 2654435769u) >> shift;
    while (table_[h].stamp == now_ && table_[h].pair != pair)
      h = (h + 1) & mask;
    Entry& entry = table_[h];
    if (entry.stamp != now_) {
      entry = {now_, pair, slots};
      const float logit =
          fromScores[pair >> 8] + toScores[pair & 0xff] + kindScores[moveKind(moves[m])];
      logits_[static_cast<std::size_t>(slots)] = logit;
      top = std::max(top, logit);
      movesInSlot_[static_cast<std::size_t>(slots)] = 0;
      ++slots;
    }
    ++movesInSlot_[static_cast<std::size_t>(entry.slot)];
    slotOfMove_[m] = entry.slot;
  }

  const auto count = static_cast<std::size_t>(slots);
  float* shares = logits_.data();
  simd::expMinus(shares, slots, top);
  float sum = 0.0f;
  for (std::size_t s = 0; s < count; ++s)
    sum += shares[s];
  const float scale = 1.0f / sum;
  for (std::size_t s = 0; s < count; ++s)
    shares[s] *= scale / static_cast<float>(movesInSlot_[s]);
  for (std::size_t m = 0; m < n; ++m)
    priors[m] = shares[slotOfMove_[m]];
}

}  // namespace camelot
