// Grand Camelot's samples in the replay machinery: a chunk of samples from random games holds
// GFEN positions and the variant's policy indices and reads back exactly, a standard game's
// reader refuses it by name, and the buffer draws Grand Camelot samples as they are (their
// symmetry is in the features, not in a mirror).

#include "tests/grand_samples.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "tests/scratch_dir.hpp"
#include "training/replay/chunk_file.hpp"
#include "training/replay/replay_buffer.hpp"

namespace camelot {
namespace {

using testing_support::randomGrandSamples;

TEST(GrandSamples, G14_AChunkOfGfenPositionsReadsBackExactly) {
  const testing_support::ScratchDir dir;
  const std::vector<GrandTrainingSample> samples = randomGrandSamples(3, 400);
  const auto path = dir / "grand.chunk";
  writeChunk(path, samples);
  EXPECT_EQ(readChunk<GrandRules>(path), samples);
  EXPECT_EQ(decodeChunk<GrandRules>(encodeChunk(samples, "memory"), "memory"), samples);
  // A standard game's reader names what it cannot read.
  try {
    readChunk(path);
    FAIL() << "a Grand Camelot chunk read as the standard game's";
  } catch (const ChunkError& e) {
    EXPECT_TRUE(std::string(e.what()).starts_with(path.string() + ": bad sample 0: the position: "))
        << e.what();
  }
  // An index past the variant's policy is refused on writing.
  std::vector<GrandTrainingSample> bad(samples.begin(), samples.begin() + 1);
  bad[0].policyIndices[0] = kGrandPolicySize;
  EXPECT_THROW(writeChunk(dir / "bad.chunk", bad), ChunkError);
  EXPECT_FALSE(std::filesystem::exists(dir / "bad.chunk"));
}

TEST(GrandSamples, TheBufferDrawsThemAsTheyAreAndLoadsTheirChunks) {
  const testing_support::ScratchDir dir;
  const std::vector<GrandTrainingSample> samples = randomGrandSamples(5, 120);
  writeChunk(dir / "chunk-000001-000000.chunk", std::span(samples).first(60));
  writeChunk(dir / "chunk-000002-000000.chunk", std::span(samples).subspan(60));
  GrandReplayBuffer buffer(100);
  EXPECT_TRUE(buffer.loadDirectory(dir).empty());
  EXPECT_EQ(buffer.size(), 100u);
  EXPECT_EQ(buffer.totalAdded(), 120u);
  EXPECT_EQ(buffer.at(0), samples[20]);
  std::mt19937_64 rng(1);
  for (const GrandTrainingSample& drawn : buffer.sample(300, rng))
    EXPECT_NE(std::find(samples.begin() + 20, samples.end(), drawn), samples.end());
}

}  // namespace
}  // namespace camelot
