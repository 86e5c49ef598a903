#include "nn/mlp/mlp_policy.hpp"

#include <algorithm>
#include <bit>
#include <cmath>

#include "nn/features/encoding.hpp"
#include "nn/features/sparse_features.hpp"
#include "nn/mlp/simd.hpp"

namespace camelot {
namespace {

// e^x for x <= 0 (a logit minus the largest), within 1.1e-5 of it relatively (measured over
// [-80, 0]): 2^(x log2 e) split into an integer power, set in the exponent bits, and the
// fraction's power by a degree-6 polynomial.
// Plain arithmetic, inlined where std::exp is a call per logit.
float expNonPositive(float x) {
  const float t = std::max(x * 1.44269504f, -126.0f);
  const float whole = std::floor(t);
  const float f = t - whole;  // in [0, 1)
  float p = 1.5353362e-4f;
  p = p * f + 1.3398874e-3f;
  p = p * f + 9.6180983e-3f;
  p = p * f + 5.5503334e-2f;
  p = p * f + 2.4022652e-1f;
  p = p * f + 6.9314718e-1f;
  p = p * f + 1.0f;
  return p * std::bit_cast<float>((static_cast<std::int32_t>(whole) + 127) << 23);
}

}  // namespace

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

// The from table's rows, then the to table's: one layer of 2 x kGridCells outputs.
QuantizedLayer cellLayer(const MoveEmbeddings& e) {
  std::vector<float> rows(*e.from);
  rows.insert(rows.end(), e.to->begin(), e.to->end());
  return quantizeLayer(rows, std::vector<float>(2 * kGridCells, 0.0f), e.width, 2 * kGridCells,
                       kQueryOne);
}

}  // namespace

OnePassPolicy::OnePassPolicy(MoveEmbeddings embeddings)
    : embeddings_(embeddings),
      cells_(cellLayer(embeddings)),
      query_(static_cast<std::size_t>(cells_.inputs), 0),
      sums_(static_cast<std::size_t>(cells_.outputs)),
      cellScores_(static_cast<std::size_t>(cells_.outputs)),
      kindScores_(kMoveKinds) {}

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
  const MoveEmbeddings& e = embeddings_;
  float largest = 0.0f;
  for (int k = 0; k < e.width; ++k)
    largest = std::max(largest, std::abs(query[k]));
  const float toQuery = largest > 0.0f ? kQueryOne / largest : 0.0f;
  for (int k = 0; k < e.width; ++k)
    query_[static_cast<std::size_t>(k)] =
        static_cast<std::int16_t>(std::nearbyint(query[k] * toQuery));
  simd::affine(query_.data(), cells_.inputs, cells_.weights.data(), cells_.bias.data(),
               cells_.outputs, sums_.data());
  const float toScore = largest / (kQueryOne * std::ldexp(1.0f, cells_.shift));
  for (std::size_t c = 0; c < sums_.size(); ++c)
    cellScores_[c] = static_cast<float>(sums_[c]) * toScore;
  const float* fromScores = cellScores_.data();
  const float* toScores = fromScores + kGridCells;
  for (int k = 0; k < kMoveKinds; ++k)
    kindScores_[static_cast<std::size_t>(k)] =
        simd::dot(e.kind->data() + static_cast<std::size_t>(k) * e.width, query, e.width);

  // The pairs first, each move on its own, so that the loads of one overlap the next's;
  // slotOfMove_ holds them until the grouping below replaces each by its slot.
  const std::int16_t* cell = cellTable(position.sideToMove());
  for (std::size_t m = 0; m < n; ++m)
    slotOfMove_[m] = cell[moves[m].from()] * kGridCells + cell[moves[m].to()];

  std::int32_t slots = 0;
  for (std::size_t m = 0; m < n; ++m) {
    const std::int32_t pair = slotOfMove_[m];
    // Fibonacci hashing of the pair: the top bits of a multiplication by 2^32 / phi.
    std::size_t h = (static_cast<std::uint32_t>(pair) * 2654435769u) >> shift;
    while (table_[h].stamp == now_ && table_[h].pair != pair)
      h = (h + 1) & mask;
    Entry& entry = table_[h];
    if (entry.stamp != now_) {
      entry = {now_, pair, slots};
      logits_[static_cast<std::size_t>(slots)] =
          fromScores[pair / kGridCells] + toScores[pair % kGridCells] +
          kindScores_[static_cast<std::size_t>(moveKind(moves[m]))];
      movesInSlot_[static_cast<std::size_t>(slots)] = 0;
      ++slots;
    }
    ++movesInSlot_[static_cast<std::size_t>(entry.slot)];
    slotOfMove_[m] = entry.slot;
  }

  const auto count = static_cast<std::size_t>(slots);
  const float top = *std::max_element(logits_.begin(), logits_.begin() + slots);
  float* shares = logits_.data();
  for (std::size_t s = 0; s < count; ++s)
    shares[s] = expNonPositive(shares[s] - top);
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
