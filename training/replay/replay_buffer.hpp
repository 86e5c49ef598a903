#pragma once
// The replay buffer: a sliding window over the newest self-play samples, which the trainer
// draws its batches from (docs/replay_buffer.md). Samples arrive a chunk at a time (one
// self-play batch, one chunk file) and leave oldest first, so the buffer keeps whole chunks
// and trims only the oldest one. One per variant (engine/game_rules.hpp): ReplayBuffer,
// GrandReplayBuffer. Torch-free.

#include <cstddef>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "nn/training_sample.hpp"

namespace camelot {

template <class Rules>
class BasicReplayBuffer {
 public:
  using Sample = BasicTrainingSample<Rules>;

  // Keeps at most `window` most recent samples (oldest chunks dropped first, whole or
  // partially). Throws std::invalid_argument for a window of 0.
  explicit BasicReplayBuffer(std::size_t window);

  // Adds a chunk's samples as the newest.
  void add(std::vector<Sample> samples);

  // Loads every "*.chunk" file of `directory` in name order (the loop names them
  // chunk-<generation, 6 digits>-<sequence, 6 digits>.chunk, so names sort by age) as the
  // newest samples, skipping corrupt or truncated ones; returns one message per skipped file,
  // "skipped <file name>: <problem>". Chunks are read from the newest backwards until the
  // window is full; older ones only have their header read (their samples count towards
  // totalAdded(), and a corrupt header is still reported). Throws ChunkError if the directory
  // cannot be listed.
  std::vector<std::string> loadDirectory(const std::filesystem::path& directory);

  std::size_t window() const { return window_; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  // All samples ever added (including those dropped from the window).
  std::uint64_t totalAdded() const { return totalAdded_; }

  // The i-th sample of the window, 0 the oldest. Throws std::out_of_range.
  const Sample& at(std::size_t i) const;

  // n samples drawn uniformly with replacement from the window; a standard game's sample is
  // mirrored (nn/training_sample.hpp) with probability 1/2 (Grand Camelot's symmetry is in its
  // features). O(n log chunks). Throws std::logic_error when n > 0 and the buffer is empty.
  std::vector<Sample> sample(std::size_t n, std::mt19937_64& rng) const;

 private:
  struct Chunk {
    std::vector<Sample> samples;  // the part still in the window
    std::uint64_t end = 0;        // the stream position (streamEnd_) after its last sample
  };

  // Drops the oldest samples beyond the window.
  void trim();
  // The chunk holding stream position `position` (inside the window).
  const Chunk& chunkAt(std::uint64_t position) const;

  std::size_t window_;
  std::size_t size_ = 0;
  std::uint64_t totalAdded_ = 0;
  std::uint64_t streamEnd_ = 0;  // samples added to chunks_ ever: the positions of Chunk::end
  std::deque<Chunk> chunks_;     // oldest first; never empty chunks
};

using ReplayBuffer = BasicReplayBuffer<StandardRules>;
using GrandReplayBuffer = BasicReplayBuffer<GrandRules>;

}  // namespace camelot
