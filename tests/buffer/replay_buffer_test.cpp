// The replay buffer (training/replay/replay_buffer.hpp): the window keeps the newest samples in
// order across adds and directory loads, totalAdded counts everything, loadDirectory skips damaged
// chunks with a message naming them and does not read chunks outside the window, and sample()
// draws only the window's samples, each mirrored about half the time.

#include "training/replay/replay_buffer.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "tests/scratch_dir.hpp"
#include "training/replay/chunk_file.hpp"

namespace camelot {

namespace buffer_test {
// Defined in chunk_file_test.cpp: samples of seeded random games.
std::vector<TrainingSample> randomSamples(std::uint64_t seed, std::size_t count);
}  // namespace buffer_test

namespace {

namespace fs = std::filesystem;
using buffer_test::randomSamples;
using Samples = std::vector<TrainingSample>;

Samples slice(const Samples& all, std::size_t begin, std::size_t end) {
  return Samples(all.begin() + static_cast<std::ptrdiff_t>(begin),
                 all.begin() + static_cast<std::ptrdiff_t>(end));
}

Samples contents(const ReplayBuffer& buffer) {
  Samples out;
  for (std::size_t i = 0; i < buffer.size(); ++i)
    out.push_back(buffer.at(i));
  return out;
}

// Flips one byte of a file (somewhere in the compressed payload when `at` is past the header).
void flipByte(const fs::path& path, std::size_t at) {
  std::fstream file(path, std::ios::binary | std::ios::in | std::ios::out);
  file.seekg(static_cast<std::streamoff>(at));
  char c = 0;
  file.get(c);
  file.seekp(static_cast<std::streamoff>(at));
  file.put(static_cast<char>(c ^ 0x5a));
}

class ReplayBufferTest : public ::testing::Test {
 protected:
  testing_support::ScratchDir dir_;
};

TEST(ReplayBuffer, WindowKeepsTheNewestSamplesInOrder) {
  const Samples all = randomSamples(21, 27);
  ReplayBuffer buffer(10);
  EXPECT_EQ(buffer.window(), 10u);
  EXPECT_TRUE(buffer.empty());
  buffer.add(slice(all, 0, 4));
  EXPECT_EQ(contents(buffer), slice(all, 0, 4));
  buffer.add(slice(all, 4, 8));
  buffer.add(slice(all, 8, 12));  // the first chunk loses two samples
  EXPECT_EQ(buffer.size(), 10u);
  EXPECT_EQ(buffer.totalAdded(), 12u);
  EXPECT_EQ(contents(buffer), slice(all, 2, 12));
  buffer.add({});
  EXPECT_EQ(buffer.totalAdded(), 12u);
  EXPECT_EQ(contents(buffer), slice(all, 2, 12));
  buffer.add(slice(all, 12, 27));  // larger than the window: only its newest ten stay
  EXPECT_EQ(buffer.size(), 10u);
  EXPECT_EQ(buffer.totalAdded(), 27u);
  EXPECT_EQ(contents(buffer), slice(all, 17, 27));
  buffer.add(slice(all, 0, 1));
  EXPECT_EQ(buffer.at(9), all[0]);
  EXPECT_EQ(buffer.at(0), all[18]);
  EXPECT_THROW(buffer.at(10), std::out_of_range);
}

TEST(ReplayBuffer, RefusesAnEmptyWindowAndSamplingNothing) {
  EXPECT_THROW(ReplayBuffer(0), std::invalid_argument);
  ReplayBuffer buffer(5);
  std::mt19937_64 rng(1);
  EXPECT_TRUE(buffer.sample(0, rng).empty());
  EXPECT_THROW(buffer.sample(1, rng), std::logic_error);
  EXPECT_THROW(buffer.at(0), std::out_of_range);
}

TEST_F(ReplayBufferTest, LoadDirectorySkipsDamagedChunksAndLoadsTheRestInNameOrder) {
  const Samples all = randomSamples(31, 20);
  // Written newest first, so only the names give the order.
  writeChunk(dir_ / "chunk-000001-000000.chunk", slice(all, 10, 15));
  writeChunk(dir_ / "chunk-000000-000002.chunk", slice(all, 5, 10));
  writeChunk(dir_ / "chunk-000000-000001.chunk", slice(all, 15, 20));
  flipByte(dir_ / "chunk-000000-000001.chunk", kChunkHeaderBytes + 10);
  writeChunk(dir_ / "chunk-000000-000000.chunk", slice(all, 0, 5));
  // Not chunks: ignored without a message.
  std::ofstream(dir_ / "notes.txt") << "hello";
  std::ofstream(dir_ / "chunk-000002-000000.chunk.tmp-77") << "half written";
  fs::create_directory(dir_ / "old.chunk");

  ReplayBuffer buffer(100);
  const auto messages = buffer.loadDirectory(dir_);
  ASSERT_EQ(messages.size(), 1u);
  EXPECT_TRUE(messages[0].starts_with("skipped chunk-000000-000001.chunk: ")) << messages[0];
  EXPECT_EQ(messages[0].find(dir_.path().string()), std::string::npos) << messages[0];
  EXPECT_EQ(contents(buffer), slice(all, 0, 15));
  EXPECT_EQ(buffer.totalAdded(), 15u);
}

TEST_F(ReplayBufferTest, LoadDirectoryKeepsTheWindowAndReadsOnlyWhatItNeeds) {
  const Samples all = randomSamples(41, 30);
  writeChunk(dir_ / "chunk-000000-000000.chunk", slice(all, 0, 6));
  writeChunk(dir_ / "chunk-000000-000001.chunk", slice(all, 6, 12));
  writeChunk(dir_ / "chunk-000001-000000.chunk", slice(all, 12, 18));
  writeChunk(dir_ / "chunk-000001-000001.chunk", slice(all, 18, 24));
  // The oldest two lie outside a window of 8: the payload of one is damaged (never read, so
  // never reported), the header of the other is (reported, since its count is read).
  flipByte(dir_ / "chunk-000000-000001.chunk", kChunkHeaderBytes + 10);
  flipByte(dir_ / "chunk-000000-000000.chunk", 0);

  ReplayBuffer buffer(8);
  buffer.add(slice(all, 24, 30));  // older than anything loaded: pushed out
  const auto messages = buffer.loadDirectory(dir_);
  ASSERT_EQ(messages.size(), 1u);
  EXPECT_EQ(messages[0], "skipped chunk-000000-000000.chunk: bad magic (not a chunk file)");
  EXPECT_EQ(contents(buffer), slice(all, 16, 24));
  // The six added, the twelve loaded and the six counted from a header.
  EXPECT_EQ(buffer.totalAdded(), 24u);

  // Adds after a load are newer still.
  buffer.add(slice(all, 0, 3));
  Samples expected = slice(all, 19, 24);
  for (std::size_t i = 0; i < 3; ++i)
    expected.push_back(all[i]);
  EXPECT_EQ(contents(buffer), expected);
  EXPECT_EQ(buffer.totalAdded(), 27u);
}

TEST_F(ReplayBufferTest, LoadDirectoryAfterAddsAppendsAsTheNewest) {
  const Samples all = randomSamples(51, 12);
  writeChunk(dir_ / "chunk-000003-000000.chunk", slice(all, 6, 12));
  ReplayBuffer buffer(100);
  buffer.add(slice(all, 0, 6));
  EXPECT_TRUE(buffer.loadDirectory(dir_).empty());
  EXPECT_EQ(contents(buffer), all);
  EXPECT_EQ(buffer.totalAdded(), 12u);
}

TEST_F(ReplayBufferTest, LoadingAnEmptyOrMissingDirectory) {
  ReplayBuffer buffer(10);
  EXPECT_TRUE(buffer.loadDirectory(dir_).empty());
  EXPECT_EQ(buffer.size(), 0u);
  try {
    buffer.loadDirectory(dir_ / "missing");
    ADD_FAILURE() << "no ChunkError";
  } catch (const ChunkError& e) {
    EXPECT_TRUE(std::string(e.what()).starts_with((dir_ / "missing").string() + ": cannot list"))
        << e.what();
  }
}

TEST(ReplayBuffer, SampleDrawsTheWindowUniformlyMirroringHalf) {
  // Samples whose mirror differs from them, so each draw tells whether it was mirrored.
  Samples all;
  for (const TrainingSample& s : randomSamples(61, 60)) {
    if (mirrored(s) != s) all.push_back(s);
  }
  ASSERT_GE(all.size(), 40u);
  ReplayBuffer buffer(30);
  buffer.add(slice(all, 0, 15));
  buffer.add(slice(all, 15, 25));
  buffer.add(slice(all, 25, 40));  // the first chunk keeps its last five
  const Samples window = contents(buffer);
  ASSERT_EQ(window, slice(all, 10, 40));

  std::mt19937_64 rng(7);
  const Samples drawn = buffer.sample(2000, rng);
  ASSERT_EQ(drawn.size(), 2000u);
  std::vector<int> seen(window.size(), 0);
  int mirroredDraws = 0;
  for (const TrainingSample& d : drawn) {
    bool found = false;
    for (std::size_t i = 0; i < window.size() && !found; ++i) {
      if (d == window[i]) {
        found = true;
      } else if (d == mirrored(window[i])) {
        found = true;
        ++mirroredDraws;
      }
      if (found) ++seen[i];
    }
    EXPECT_TRUE(found) << "a drawn sample is not in the window";
  }
  EXPECT_GE(mirroredDraws, 800);
  EXPECT_LE(mirroredDraws, 1200);
  // 2000 draws over 30 samples: about 67 each; every one drawn, none far off.
  for (std::size_t i = 0; i < seen.size(); ++i) {
    EXPECT_GE(seen[i], 30) << "sample " << i;
    EXPECT_LE(seen[i], 110) << "sample " << i;
  }

  // The same seed draws the same samples.
  std::mt19937_64 again(7);
  EXPECT_EQ(buffer.sample(2000, again), drawn);
}

}  // namespace
}  // namespace camelot
