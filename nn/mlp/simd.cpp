#include "nn/mlp/simd.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstring>

#if defined(__AVX512BW__) || defined(__AVX2__)
#include <immintrin.h>
#endif

namespace camelot::simd {
namespace {

// The largest number of input pairs a layer takes (an accumulator of 4,096).
constexpr int kMaxPairs = 2048;

// Inputs 2p and 2p + 1 as one 32-bit word.
std::int32_t pairAt(const std::int16_t* in, int p) {
  std::int32_t pair;
  std::memcpy(&pair, in + 2 * p, sizeof pair);
  return pair;
}

// The live pairs' indices, with room for a whole register's worth written past the last.
using LivePairs = std::array<std::int32_t, kMaxPairs + 16>;

#if defined(__AVX2__) && !defined(__AVX512BW__)
// For each byte, the positions of its set bits, lowest first (AVX2 has no compress instruction).
constexpr std::array<std::array<std::uint8_t, 8>, 256> kSetBits = [] {
  std::array<std::array<std::uint8_t, 8>, 256> table{};
  for (unsigned byte = 0; byte < 256; ++byte) {
    int k = 0;
    for (std::uint8_t bit = 0; bit < 8; ++bit)
      if ((byte >> bit) & 1u) table[byte][static_cast<std::size_t>(k++)] = bit;
  }
  return table;
}();
#endif

// The indices of the pairs of `in` that are not both 0, and their count (`pairs` is a multiple
// of 16: layers pad their inputs to simd::kLanes).
int nonZeroPairs(const std::int16_t* in, int pairs, LivePairs& out) {
  int count = 0;
#if defined(__AVX512BW__)
  // Sixteen pairs a step: a mask of the live ones, their indices packed to the front.
  __m512i index = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  for (int p = 0; p < pairs; p += 16) {
    const __m512i x = _mm512_loadu_si512(in + 2 * p);
    const __mmask16 live = _mm512_test_epi32_mask(x, x);
    _mm512_storeu_si512(out.data() + count, _mm512_maskz_compress_epi32(live, index));
    count += std::popcount(static_cast<unsigned>(live));
    index = _mm512_add_epi32(index, _mm512_set1_epi32(16));
  }
#elif defined(__AVX2__)
  // Eight pairs a step: a mask of the live ones, and from a table the positions of its set bits,
  // widened and offset to the step's first pair.
  for (int p = 0; p < pairs; p += 8) {
    const __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in + 2 * p));
    const unsigned live = ~static_cast<unsigned>(_mm256_movemask_ps(
                              _mm256_castsi256_ps(_mm256_cmpeq_epi32(x, _mm256_setzero_si256())))) &
                          0xFFu;
    const __m256i offsets = _mm256_cvtepu8_epi32(
        _mm_loadl_epi64(reinterpret_cast<const __m128i*>(kSetBits[live].data())));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out.data() + count),
                        _mm256_add_epi32(offsets, _mm256_set1_epi32(p)));
    count += std::popcount(live);
  }
#else
  for (int p = 0; p < pairs; ++p) {
    out[static_cast<std::size_t>(count)] = p;
    count += pairAt(in, p) != 0;  // no branch: half the pairs are 0, in no pattern a predictor
                                  // learns
  }
#endif
  return count;
}

// e^x for x <= 0 as 2^(x log2 e): the integer power set in a float's exponent bits, the
// fraction's power by a degree-6 polynomial; within 1.1e-5 of std::exp relatively (measured over
// [-80, 0]). These are the polynomial's coefficients, the highest power's first.
constexpr std::array<float, 7> kExp2 = {1.5353362e-4f, 1.3398874e-3f, 9.6180983e-3f, 5.5503334e-2f,
                                        2.4022652e-1f, 6.9314718e-1f, 1.0f};
constexpr float kLog2E = 1.44269504f;
constexpr float kLowestPower = -126.0f;  // below it, 0 as near as a float tells

float expNonPositive(float x) {
  const float t = std::max(x * kLog2E, kLowestPower);
  const float whole = std::floor(t);
  const float f = t - whole;  // in [0, 1)
  float p = kExp2[0];
  for (std::size_t c = 1; c < kExp2.size(); ++c)
    p = p * f + kExp2[c];
  return p * std::bit_cast<float>((static_cast<std::int32_t>(whole) + 127) << 23);
}

#if defined(__AVX2__) && defined(__FMA__)
// The sum of the eight floats of x (dot's last step).
float sum8(__m256 x) {
  const __m128 half = _mm_add_ps(_mm256_castps256_ps128(x), _mm256_extractf128_ps(x, 1));
  const __m128 pairs = _mm_add_ps(half, _mm_movehl_ps(half, half));
  return _mm_cvtss_f32(_mm_add_ss(pairs, _mm_movehdup_ps(pairs)));
}
#endif

}  // namespace

const char* instructionSet() {
#if defined(__AVX512BW__) && defined(__AVX512VNNI__)
  return "AVX-512 VNNI";
#elif defined(__AVX512BW__)
  return "AVX-512";
#elif defined(__AVX2__)
  return "AVX2";
#else
  return "portable C++";
#endif
}

// A block of kLanes int16 is held in registers across all the rows and written once or twice.
void accumulate(const std::int16_t* from, std::span<const std::int16_t* const> added,
                std::span<const std::int16_t* const> removed, std::int16_t* to,
                std::span<const std::int16_t* const> extra, std::int16_t ceiling,
                std::int16_t* clipped, int n) {
  for (int j = 0; j < n; j += kLanes) {
#if defined(__AVX512BW__)
    __m512i block = _mm512_loadu_si512(from + j);
    for (const std::int16_t* row : added)
      block = _mm512_add_epi16(block, _mm512_loadu_si512(row + j));
    for (const std::int16_t* row : removed)
      block = _mm512_sub_epi16(block, _mm512_loadu_si512(row + j));
    _mm512_storeu_si512(to + j, block);
    if (clipped == nullptr) continue;
    for (const std::int16_t* row : extra)
      block = _mm512_add_epi16(block, _mm512_loadu_si512(row + j));
    _mm512_storeu_si512(clipped + j,
                        _mm512_min_epi16(_mm512_max_epi16(block, _mm512_setzero_si512()),
                                         _mm512_set1_epi16(ceiling)));
#elif defined(__AVX2__)
    const auto at = [j](const std::int16_t* p, int half) {
      return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + j + 16 * half));
    };
    const auto put = [j](std::int16_t* p, int half, __m256i x) {
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(p + j + 16 * half), x);
    };
    __m256i low = at(from, 0), high = at(from, 1);
    for (const std::int16_t* row : added) {
      low = _mm256_add_epi16(low, at(row, 0));
      high = _mm256_add_epi16(high, at(row, 1));
    }
    for (const std::int16_t* row : removed) {
      low = _mm256_sub_epi16(low, at(row, 0));
      high = _mm256_sub_epi16(high, at(row, 1));
    }
    put(to, 0, low);
    put(to, 1, high);
    if (clipped == nullptr) continue;
    for (const std::int16_t* row : extra) {
      low = _mm256_add_epi16(low, at(row, 0));
      high = _mm256_add_epi16(high, at(row, 1));
    }
    const __m256i zero = _mm256_setzero_si256(), top = _mm256_set1_epi16(ceiling);
    put(clipped, 0, _mm256_min_epi16(_mm256_max_epi16(low, zero), top));
    put(clipped, 1, _mm256_min_epi16(_mm256_max_epi16(high, zero), top));
#else
    std::int16_t block[kLanes];
    const auto add = [&block, j](const std::int16_t* row, int sign) {
      for (int t = 0; t < kLanes; ++t)
        block[t] = static_cast<std::int16_t>(block[t] + sign * row[j + t]);
    };
    for (int t = 0; t < kLanes; ++t)
      block[t] = from[j + t];
    for (const std::int16_t* row : added)
      add(row, 1);
    for (const std::int16_t* row : removed)
      add(row, -1);
    std::copy(block, block + kLanes, to + j);
    if (clipped == nullptr) continue;
    for (const std::int16_t* row : extra)
      add(row, 1);
    for (int t = 0; t < kLanes; ++t)
      clipped[j + t] = std::clamp<std::int16_t>(block[t], 0, ceiling);
#endif
  }
}

// Outputs are taken kOutputBlock at a time (one AVX-512 register of int32, two AVX2 ones), two
// blocks together where there are two, each input pair broadcast and multiplied into all of them:
// no horizontal sums.
namespace {
// affine's sums for `Blocks` blocks of outputs from `o` over the `count` pairs pairOf(0),
// pairOf(1), ..., handed to `store(o, sums, Blocks)` (AVX-512: one register of 16 a block; AVX2:
// two of 8; plain: 16 int32).
template <int Blocks, class PairOf, class Store>
void affineBlocks(const std::int16_t* in, PairOf pairOf, int count, const std::int16_t* weights,
                  const std::int32_t* bias, int outputs, int o, Store store) {
#if defined(__AVX512BW__)
  // Successive live pairs go to separate chains of sums, four registers in all, so that a
  // multiply-add waits for the one four registers back and not for the last (the chains hide the
  // instruction's latency of five cycles at its throughput of two a cycle).
  constexpr int kChains = 4 / Blocks;
  __m512i chain[kChains][Blocks];
  for (int c = 0; c < kChains; ++c)
    for (int b = 0; b < Blocks; ++b)
      chain[c][b] =
          c == 0 ? _mm512_loadu_si512(bias + o + kOutputBlock * b) : _mm512_setzero_si512();
  const auto step = [&](int k, __m512i* sum) {
    const int p = pairOf(k);
    const __m512i x = _mm512_set1_epi32(pairAt(in, p));
    const std::int16_t* w = weights + (static_cast<std::size_t>(p) * outputs + o) * 2;
    for (int b = 0; b < Blocks; ++b) {
      const __m512i row = _mm512_loadu_si512(w + 2 * kOutputBlock * b);
#if defined(__AVX512VNNI__)
      sum[b] = _mm512_dpwssd_epi32(sum[b], x, row);
#else
      sum[b] = _mm512_add_epi32(sum[b], _mm512_madd_epi16(x, row));
#endif
    }
  };
  int k = 0;
  for (; k + kChains <= count; k += kChains)
    for (int c = 0; c < kChains; ++c)
      step(k + c, chain[c]);
  for (; k < count; ++k)
    step(k, chain[0]);
  __m512i sum[Blocks];
  for (int b = 0; b < Blocks; ++b) {
    sum[b] = chain[0][b];
    for (int c = 1; c < kChains; ++c)
      sum[b] = _mm512_add_epi32(sum[b], chain[c][b]);
  }
  store(o, sum, Blocks);
#elif defined(__AVX2__)
  __m256i sum[2 * Blocks];
  for (int r = 0; r < 2 * Blocks; ++r)
    sum[r] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(bias + o + 8 * r));
  for (int k = 0; k < count; ++k) {
    const int p = pairOf(k);
    const __m256i x = _mm256_set1_epi32(pairAt(in, p));
    const std::int16_t* w = weights + (static_cast<std::size_t>(p) * outputs + o) * 2;
    for (int r = 0; r < 2 * Blocks; ++r)
      sum[r] = _mm256_add_epi32(
          sum[r],
          _mm256_madd_epi16(x, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w + 16 * r))));
  }
  store(o, sum, Blocks);
#else
  constexpr int kWidth = Blocks * kOutputBlock;
  std::int32_t sum[kWidth];
  for (int t = 0; t < kWidth; ++t)
    sum[t] = bias[o + t];
  for (int k = 0; k < count; ++k) {
    const int p = pairOf(k);
    const std::int32_t x0 = in[2 * p], x1 = in[2 * p + 1];
    const std::int16_t* w = weights + (static_cast<std::size_t>(p) * outputs + o) * 2;
    for (int t = 0; t < kWidth; ++t)
      sum[t] += x0 * w[2 * t] + x1 * w[2 * t + 1];
  }
  store(o, sum, Blocks);
#endif
}

// affine's sums over the `count` pairs pairOf(0), pairOf(1), ..., kOutputBlock outputs at a
// time, handed to `store` as affineBlocks does.
template <class PairOf, class Store>
void affineOverPairs(const std::int16_t* in, PairOf pairOf, int count, const std::int16_t* weights,
                     const std::int32_t* bias, int outputs, Store store) {
  int o = 0;
  for (; o + 2 * kOutputBlock <= outputs; o += 2 * kOutputBlock)
    affineBlocks<2>(in, pairOf, count, weights, bias, outputs, o, store);
  if (o < outputs) affineBlocks<1>(in, pairOf, count, weights, bias, outputs, o, store);
}

// affine's sums, handed to `store` as affineBlocks does.
template <class Store>
void affineSums(const std::int16_t* in, int inputs, const std::int16_t* weights,
                const std::int32_t* bias, int outputs, Store store) {
  if (inputs <= kMostInputsTakenWhole) {
    affineOverPairs(
        in, [](int k) { return k; }, inputs / 2, weights, bias, outputs, store);
    return;
  }
  LivePairs live;
  const int count = nonZeroPairs(in, inputs / 2, live);
  affineOverPairs(
      in, [&live](int k) { return live[static_cast<std::size_t>(k)]; }, count, weights, bias,
      outputs, store);
}
}  // namespace

void affine(const std::int16_t* in, int inputs, const std::int16_t* weights,
            const std::int32_t* bias, int outputs, std::int32_t* out) {
  affineSums(in, inputs, weights, bias, outputs, [out](int o, const auto* sum, int blocks) {
#if defined(__AVX512BW__)
    for (int b = 0; b < blocks; ++b)
      _mm512_storeu_si512(out + o + kOutputBlock * b, sum[b]);
#elif defined(__AVX2__)
    for (int r = 0; r < 2 * blocks; ++r)
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + o + 8 * r), sum[r]);
#else
    std::copy(sum, sum + blocks * kOutputBlock, out + o);
#endif
  });
}

// GCC 12 warns in affineClipped and expMinus of the AVX-512 intrinsics' own pass-through
// operand, which they leave undefined and never read: a false alarm.
#pragma GCC diagnostic push
#if !defined(__clang__)  // a GCC warning clang does not know
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#pragma GCC diagnostic ignored "-Wuninitialized"
void affineClipped(const std::int16_t* in, int inputs, const std::int16_t* weights,
                   const std::int32_t* bias, int outputs, int shift, std::int16_t ceiling,
                   std::int16_t* out) {
#if defined(__AVX512BW__)
  const __m128i count = _mm_cvtsi32_si128(shift);
  const __m512i top = _mm512_set1_epi32(ceiling);
  const auto clip = [&](__m512i x) {
    return _mm512_cvtepi32_epi16(_mm512_min_epi32(
        _mm512_max_epi32(_mm512_sra_epi32(x, count), _mm512_setzero_si512()), top));
  };
  affineSums(in, inputs, weights, bias, outputs, [&](int o, const __m512i* sum, int blocks) {
    for (int b = 0; b < blocks; ++b)
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + o + kOutputBlock * b), clip(sum[b]));
  });
#elif defined(__AVX2__)
  const __m128i count = _mm_cvtsi32_si128(shift);
  const __m256i top = _mm256_set1_epi32(ceiling);
  const auto clip = [&](__m256i x) {
    return _mm256_min_epi32(_mm256_max_epi32(_mm256_sra_epi32(x, count), _mm256_setzero_si256()),
                            top);
  };
  affineSums(in, inputs, weights, bias, outputs, [&](int o, const __m256i* sum, int blocks) {
    for (int b = 0; b < blocks; ++b) {
      // packs interleaves its two sources by 128-bit lanes; the permute puts them back in order.
      const __m256i packed = _mm256_packs_epi32(clip(sum[2 * b]), clip(sum[2 * b + 1]));
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + o + kOutputBlock * b),
                          _mm256_permute4x64_epi64(packed, 0xD8));
    }
  });
#else
  affineSums(in, inputs, weights, bias, outputs, [&](int o, const std::int32_t* sum, int blocks) {
    for (int t = 0; t < blocks * kOutputBlock; ++t)
      out[o + t] = static_cast<std::int16_t>(std::clamp<std::int32_t>(sum[t] >> shift, 0, ceiling));
  });
#endif
}

void expMinus(float* x, int n, float top) {
  int i = 0;
#if defined(__AVX512F__)
  const __m512 topv = _mm512_set1_ps(top);
  for (; i + 16 <= n; i += 16) {
    const __m512 t = _mm512_max_ps(
        _mm512_mul_ps(_mm512_sub_ps(_mm512_loadu_ps(x + i), topv), _mm512_set1_ps(kLog2E)),
        _mm512_set1_ps(kLowestPower));
    const __m512 whole = _mm512_roundscale_ps(t, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
    const __m512 f = _mm512_sub_ps(t, whole);
    __m512 p = _mm512_set1_ps(kExp2[0]);
    for (std::size_t c = 1; c < kExp2.size(); ++c)
      p = _mm512_fmadd_ps(p, f, _mm512_set1_ps(kExp2[c]));
    const __m512i power =
        _mm512_slli_epi32(_mm512_add_epi32(_mm512_cvtps_epi32(whole), _mm512_set1_epi32(127)), 23);
    _mm512_storeu_ps(x + i, _mm512_mul_ps(p, _mm512_castsi512_ps(power)));
  }
#elif defined(__AVX2__) && defined(__FMA__)
  const __m256 topv = _mm256_set1_ps(top);
  for (; i + 8 <= n; i += 8) {
    const __m256 t = _mm256_max_ps(
        _mm256_mul_ps(_mm256_sub_ps(_mm256_loadu_ps(x + i), topv), _mm256_set1_ps(kLog2E)),
        _mm256_set1_ps(kLowestPower));
    const __m256 whole = _mm256_floor_ps(t);
    const __m256 f = _mm256_sub_ps(t, whole);
    __m256 p = _mm256_set1_ps(kExp2[0]);
    for (std::size_t c = 1; c < kExp2.size(); ++c)
      p = _mm256_fmadd_ps(p, f, _mm256_set1_ps(kExp2[c]));
    const __m256i power =
        _mm256_slli_epi32(_mm256_add_epi32(_mm256_cvtps_epi32(whole), _mm256_set1_epi32(127)), 23);
    _mm256_storeu_ps(x + i, _mm256_mul_ps(p, _mm256_castsi256_ps(power)));
  }
#endif
  for (; i < n; ++i)
    x[i] = expNonPositive(x[i] - top);
}

#pragma GCC diagnostic pop

float dot(const float* a, const float* b, int n) {
  int k = 0;
  float sum = 0.0f;
#if defined(__AVX2__) && defined(__FMA__)  // 256 bits on AVX-512 too: the rows are short
  __m256 acc = _mm256_setzero_ps();
  for (; k + 8 <= n; k += 8)
    acc = _mm256_fmadd_ps(_mm256_loadu_ps(a + k), _mm256_loadu_ps(b + k), acc);
  sum = sum8(acc);
#endif
  for (; k < n; ++k)
    sum += a[k] * b[k];
  return sum;
}

}  // namespace camelot::simd
