// The kernels of nn/mlp/simd.hpp against plain arithmetic. Built twice: into
// model_tests with the build's -march (AVX-512 or AVX2 on the machines seen), and as
// simd_portable_tests with nn/mlp/simd.cpp compiled for plain x86-64, so the fallback is tested on
// every machine too.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "nn/mlp/simd.hpp"

namespace camelot {
namespace {

#ifdef CAMELOT_PORTABLE_KERNELS
TEST(SimdKernels, ThePortableFormIsTheOneBuilt) {
  EXPECT_EQ(std::string(simd::instructionSet()), "portable C++");
}
#endif

// A dense layer's inputs, weights and bias drawn at random: inputs in [lowest, highest] with a
// third of the pairs both 0, as after the clipped ReLU; weights within ±weightBound, biases
// within ±100 times it.
struct RandomLayer {
  std::vector<std::int16_t> in, weights;
  std::vector<std::int32_t> bias;
};
RandomLayer randomLayer(std::uint64_t seed, int inputs, int outputs, int lowest, int highest,
                        int weightBound) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int> activation(lowest, highest), weight(-weightBound, weightBound);
  RandomLayer layer{std::vector<std::int16_t>(static_cast<std::size_t>(inputs)),
                    std::vector<std::int16_t>(static_cast<std::size_t>(inputs) * outputs),
                    std::vector<std::int32_t>(static_cast<std::size_t>(outputs))};
  for (int i = 0; i < inputs; ++i)
    layer.in[static_cast<std::size_t>(i)] =
        (i / 2) % 3 == 0 ? 0 : static_cast<std::int16_t>(activation(rng));
  for (std::int16_t& w : layer.weights)
    w = static_cast<std::int16_t>(weight(rng));
  for (std::int32_t& b : layer.bias)
    b = weight(rng) * 100;
  return layer;
}

// Every number of output blocks: one alone (a 16-unit layer), two, and two then one; and both
// ways through the pairs of inputs: every pair (a small layer, 64 inputs or fewer) and the live
// ones alone (a wider layer).
TEST(SimdKernels, AffineEqualsPlainIntegerArithmetic) {
  for (const int inputs : {32, 96})
    for (const int outputs : {simd::kOutputBlock, 4 * simd::kOutputBlock, 3 * simd::kOutputBlock}) {
      const auto [in, weights, bias] = randomLayer(3, inputs, outputs, -300, 1024, 32767);
      std::vector<std::int32_t> out(static_cast<std::size_t>(outputs));
      simd::affine(in.data(), inputs, weights.data(), bias.data(), outputs, out.data());
      for (int o = 0; o < outputs; ++o) {
        std::int64_t expected = bias[static_cast<std::size_t>(o)];
        for (int i = 0; i < inputs; ++i)
          expected += std::int64_t{in[static_cast<std::size_t>(i)]} *
                      weights[(static_cast<std::size_t>(i / 2) * outputs + o) * 2 + i % 2];
        EXPECT_EQ(out[static_cast<std::size_t>(o)], expected)
            << inputs << " inputs, " << outputs << " outputs, output " << o;
      }
    }
}

// The live pairs in any pattern: 4,096 inputs (the widest accumulator), each pair live or not at
// random, so the kernels' masks of eight or sixteen pairs take most of their values.
TEST(SimdKernels, AffineSkipsTheDeadPairsInAnyPattern) {
  constexpr int kInputs = 4096, kOutputs = simd::kOutputBlock;
  RandomLayer layer = randomLayer(5, kInputs, kOutputs, 1, 127, 1000);  // no sum leaves int32
  std::mt19937_64 rng(6);
  for (std::size_t p = 0; p < kInputs / 2; ++p)
    if (rng() % 2 == 0) std::fill_n(layer.in.begin() + static_cast<std::ptrdiff_t>(2 * p), 2, 0);
  std::vector<std::int32_t> out(kOutputs);
  simd::affine(layer.in.data(), kInputs, layer.weights.data(), layer.bias.data(), kOutputs,
               out.data());
  for (int o = 0; o < kOutputs; ++o) {
    std::int64_t expected = layer.bias[static_cast<std::size_t>(o)];
    for (int i = 0; i < kInputs; ++i)
      expected += std::int64_t{layer.in[static_cast<std::size_t>(i)]} *
                  layer.weights[simd::pairedIndex(i, o, kOutputs)];
    EXPECT_EQ(out[static_cast<std::size_t>(o)], expected) << "output " << o;
  }
}

// The kernels' buffers start on a cache line whatever their length, so no register load splits
// one.
TEST(SimdKernels, AlignedVectorsStartOnACacheLine) {
  for (const std::size_t n : {1, 31, 256, 100000}) {
    const simd::AlignedVector<std::int16_t> a(n);
    const simd::AlignedVector<std::int32_t> b(n);
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(a.data()) % 64, 0u) << n;
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(b.data()) % 64, 0u) << n;
  }
}

TEST(SimdKernels, AffineClippedIsAffineShiftedAndClamped) {
  // Sums on both sides of 0 and of the ceiling after the shift, and shifts of 0 and more; every
  // pair taken (64 inputs) and the live ones alone (96).
  const int outputs = 3 * simd::kOutputBlock;
  const std::int16_t ceiling = 512;
  for (const int inputs : {64, 96}) {
    const auto [in, weights, bias] = randomLayer(4, inputs, outputs, 0, ceiling, 2000);
    std::vector<std::int32_t> sums(outputs);
    simd::affine(in.data(), inputs, weights.data(), bias.data(), outputs, sums.data());
    for (const int shift : {0, 5, 9, 14}) {
      std::vector<std::int16_t> out(outputs);
      simd::affineClipped(in.data(), inputs, weights.data(), bias.data(), outputs, shift, ceiling,
                          out.data());
      int low = 0, high = 0;
      for (int o = 0; o < outputs; ++o) {
        const std::int32_t shifted = sums[static_cast<std::size_t>(o)] >> shift;
        low += shifted<0, high += shifted> ceiling;
        EXPECT_EQ(out[static_cast<std::size_t>(o)], std::clamp<std::int32_t>(shifted, 0, ceiling))
            << inputs << " inputs, shift " << shift << ", output " << o;
      }
      if (shift == 9) {
        EXPECT_TRUE(low > 0 && high > 0 && low + high < outputs)  // every case met
            << inputs << " inputs";
      }
    }
  }
}

TEST(SimdKernels, RowsAddAndSubtractInWrappingArithmeticInAnyOrder) {
  const int n = 64;
  std::vector<std::int16_t> base(n, 32000), a(n), b(n), once(n), stepwise(n);
  for (int j = 0; j < n; ++j) {
    a[static_cast<std::size_t>(j)] = static_cast<std::int16_t>(1000 + j);
    b[static_cast<std::size_t>(j)] = static_cast<std::int16_t>(-7 * j);
  }
  const std::int16_t* pa = a.data();
  const std::int16_t* pb = b.data();
  const auto applyRows = [n](const std::int16_t* from, std::vector<const std::int16_t*> added,
                             std::vector<const std::int16_t*> removed, std::int16_t* to) {
    simd::accumulate(from, added, removed, to, {}, 0, nullptr, n);
  };
  applyRows(base.data(), {pa}, {pb}, once.data());
  applyRows(base.data(), {pa, pa}, {}, stepwise.data());  // past 32767
  applyRows(stepwise.data(), {}, {pa, pb}, stepwise.data());
  EXPECT_EQ(once, stepwise);
  EXPECT_EQ(once[5], static_cast<std::int16_t>(32000 + 1005 + 35));
}

TEST(SimdKernels, ExtraRowsAreAddedAfterTheStoredSumAndClippedToZeroAndTheCeiling) {
  const int n = 64;
  std::vector<std::int16_t> base(n, -5), a(n, 0), b(n, 0), stored(n), clipped(n);
  base[1] = 40, base[2] = 400;
  a[3] = 50, b[3] = 30;        // -5 + 50 + 30 = 75
  a[4] = 32000, b[4] = 32000;  // wraps below 0 before the clamp, as the accumulator's int16 does
  simd::accumulate(base.data(), {}, {}, stored.data(), {}, 100, clipped.data(), n);
  EXPECT_EQ((std::vector<std::int16_t>{clipped[0], clipped[1], clipped[2], clipped[63]}),
            (std::vector<std::int16_t>{0, 40, 100, 0}));
  const std::int16_t* pa = a.data();
  const std::int16_t* pb = b.data();
  simd::accumulate(base.data(), std::vector{pa}, {}, stored.data(), std::vector{pb}, 100,
                   clipped.data(), n);
  EXPECT_EQ((std::vector<std::int16_t>{stored[3], stored[4]}),
            (std::vector<std::int16_t>{45, 31995}));  // the extra row is not in the stored sum
  EXPECT_EQ((std::vector<std::int16_t>{clipped[0], clipped[1], clipped[2], clipped[3], clipped[4]}),
            (std::vector<std::int16_t>{0, 40, 100, 75, 0}));
}

TEST(SimdKernels, DotEqualsThePlainSumForEveryLength) {
  // Lengths around the vector width, with and without a tail; values that are exact in float
  // (small integers), so every order of summation gives the same result.
  std::mt19937_64 rng(5);
  std::uniform_int_distribution<int> value(-20, 20);
  for (const int n : {0, 1, 7, 8, 9, 16, 31, 32, 33, 100}) {
    std::vector<float> a(static_cast<std::size_t>(n)), b(static_cast<std::size_t>(n));
    float expected = 0.0f;
    for (int k = 0; k < n; ++k) {
      a[static_cast<std::size_t>(k)] = static_cast<float>(value(rng));
      b[static_cast<std::size_t>(k)] = static_cast<float>(value(rng));
      expected += a[static_cast<std::size_t>(k)] * b[static_cast<std::size_t>(k)];
    }
    EXPECT_EQ(simd::dot(a.data(), b.data(), n), expected) << "length " << n;
  }
}

TEST(SimdKernels, ExpMinusStaysWithinItsBoundOfStdExpForEveryLength) {
  // A softmax's exponentials: every value at most `top`, down to far below e^-87 (0 as near as a
  // float tells); lengths with and without a tail after the vector steps.
  std::mt19937_64 rng(9);
  std::uniform_real_distribution<float> below(0.0f, 100.0f);
  const float top = 2.5f;
  for (const int n : {0, 1, 7, 8, 15, 16, 17, 40, 100}) {
    std::vector<float> x(static_cast<std::size_t>(n));
    for (float& v : x)
      v = top - below(rng);
    if (n > 0) x[0] = top;  // the largest itself: e^0
    std::vector<float> e = x;
    simd::expMinus(e.data(), n, top);
    for (int i = 0; i < n; ++i) {
      const double expected = std::exp(static_cast<double>(x[static_cast<std::size_t>(i)]) - top);
      const double got = e[static_cast<std::size_t>(i)];
      if (expected < 1e-37) {
        EXPECT_LT(got, 1e-37) << "length " << n << ", x " << x[static_cast<std::size_t>(i)];
      } else {
        EXPECT_NEAR(got / expected, 1.0, 1.2e-5)
            << "length " << n << ", x " << x[static_cast<std::size_t>(i)];
      }
    }
    if (n > 0) {
      EXPECT_FLOAT_EQ(e[0], 1.0f);
    }
  }
}

}  // namespace
}  // namespace camelot
