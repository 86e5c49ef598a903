#pragma once
// SplitMix64 (Steele, Lea and Flood, 2014): a finaliser that spreads every input bit over the
// output, stepped by the golden-ratio increment. It makes the fixed Zobrist keys and derives
// independent seeds (per game, per position) from one seed.

#include <cstdint>

namespace camelot {

inline constexpr std::uint64_t kGoldenGamma = 0x9E3779B97F4A7C15ull;

constexpr std::uint64_t mixBits(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// The next number of the sequence that `state` walks.
constexpr std::uint64_t splitMix64(std::uint64_t& state) {
  return mixBits(state += kGoldenGamma);
}

// A seed for stream `stream` (a game, a position) of a run seeded with `seed`.
constexpr std::uint64_t mixSeed(std::uint64_t seed, std::uint64_t stream) {
  return mixBits(seed + kGoldenGamma * (stream + 1));
}

}  // namespace camelot
