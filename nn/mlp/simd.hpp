#pragma once
// The kernels of the quantized mlp (nn/mlp/quantized_mlp.hpp) and of its policy, each for AVX-512,
// AVX2 and plain C++ (dot: AVX2 or plain); the build's -march picks one (CMakeLists.txt builds
// for the building machine's CPU unless CAMELOT_NATIVE is off, and then the plain form runs
// everywhere; on an Intel CPU it leaves AVX-512 out, CAMELOT_AVX512, since AVX2's forms run
// faster there).
//
// Buffers hold int16 activations and weights, and their lengths are multiples of kLanes (the
// layers pad their sizes to it; a small dense layer's inputs to a pair, paddedInputs), so those
// kernels have no tail; dot and expMinus are in float and take any length. Loads are unaligned,
// which costs nothing on aligned data.

#include <cstddef>
#include <cstdint>
#include <new>
#include <span>
#include <vector>

namespace camelot::simd {

// Every length passed to a kernel is a multiple of this: one AVX-512 register of int16.
inline constexpr int kLanes = 32;

// A dense layer's outputs are a multiple of this (one AVX-512 register of int32 sums): a layer
// of 16 outputs costs half one of 32.
inline constexpr int kOutputBlock = 16;

// An allocator whose blocks start on a cache line. A kernel's register loads step through its
// buffers in whole registers (32 or 64 bytes, the rows of the columns and weights whole multiples
// of them), so from an aligned start no load straddles two lines; from malloc's 16-byte alignment
// one load in two (AVX2) or every one (AVX-512) did, at the price of a second line's access.
template <class T>
struct CacheAligned {
  using value_type = T;
  static constexpr std::align_val_t kAlignment{64};
  CacheAligned() = default;
  template <class U>
  constexpr CacheAligned(const CacheAligned<U>&) noexcept {}
  T* allocate(std::size_t n) { return static_cast<T*>(::operator new(n * sizeof(T), kAlignment)); }
  // The unsized form: clang declares the sized aligned delete only under -fsized-deallocation.
  void deallocate(T* p, std::size_t) noexcept { ::operator delete(p, kAlignment); }
  template <class U>
  bool operator==(const CacheAligned<U>&) const noexcept {
    return true;
  }
};

// The buffers the kernels read and write: weights, columns, sums and activations.
template <class T>
using AlignedVector = std::vector<T, CacheAligned<T>>;

// The instruction set the kernels were built for, for the benchmarks' headers.
const char* instructionSet();

// One pass over an accumulator of n int16, in wrapping arithmetic: sums = from[0..n) + the
// `added` rows - the `removed` rows (each n long), written to `to`; then, unless `clipped` is
// null, sums + the `extra` rows clamped to [0, ceiling] (the clipped ReLU) written to
// `clipped`. A sum reached through any order of additions and subtractions is the same, so
// an accumulator updated step by step equals one summed at once. `to` may be `from`.
void accumulate(const std::int16_t* from, std::span<const std::int16_t* const> added,
                std::span<const std::int16_t* const> removed, std::int16_t* to,
                std::span<const std::int16_t* const> extra, std::int16_t ceiling,
                std::int16_t* clipped, int n);

// Where affine reads the weight of input i for output o of `outputs`: in pairs of inputs, the
// pair's two weights for an output side by side.
constexpr std::size_t pairedIndex(int input, int output, int outputs) {
  return (static_cast<std::size_t>(input / 2) * static_cast<std::size_t>(outputs) +
          static_cast<std::size_t>(output)) *
             2 +
         static_cast<std::size_t>(input % 2);
}

// A dense layer of at most this many inputs (a hidden layer's, the heads') takes every pair of
// them: finding the live ones would cost more than the few it skips, and its wide loads would wait
// for the narrower stores that wrote the inputs a moment before (the layer below's outputs).
inline constexpr int kMostInputsTakenWhole = 64;

// The number of inputs a dense layer of `inputs` is padded to, with zero weights: a pair's worth
// where every pair is taken, a multiple of kLanes where the live pairs are sought.
constexpr int paddedInputs(int inputs) {
  const int multiple = inputs <= kMostInputsTakenWhole ? 2 : kLanes;
  return (inputs + multiple - 1) / multiple * multiple;
}

// out[o] = bias[o] + the sum over i of in[i] * w(i, o) for o < outputs, with w stored in pairs
// of inputs: weights[pairedIndex(i, o, outputs)], that is [((i / 2) * outputs + o) * 2 + i % 2];
// `inputs` as paddedInputs gives. Above kMostInputsTakenWhole, pairs of inputs that are both 0
// (the clipped ReLU's floor, most of them) are skipped.
void affine(const std::int16_t* in, int inputs, const std::int16_t* weights,
            const std::int32_t* bias, int outputs, std::int32_t* out);

// affine's sums shifted right by `shift` (>= 0) and clamped to [0, ceiling] (the clipped
// ReLU at the next layer's scale), in int16: the same numbers as affine and then a clip, in one
// pass and without the int32 sums' trip through memory.
void affineClipped(const std::int16_t* in, int inputs, const std::int16_t* weights,
                   const std::int32_t* bias, int outputs, int shift, std::int16_t ceiling,
                   std::int16_t* out);

// x[i] = e^(x[i] - top) for i < n, where no x[i] exceeds top (a softmax's exponentials), within
// 1.1e-5 of std::exp relatively: one polynomial, vectorised where std::exp is a call a value.
void expMinus(float* x, int n, float top);

// a[0..n) . b[0..n) in float, for any n (the policy's query against a move embedding).
float dot(const float* a, const float* b, int n);

}  // namespace camelot::simd
