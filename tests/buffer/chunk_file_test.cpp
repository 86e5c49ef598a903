// Chunk files (training/replay/chunk_file.hpp): exact round trips of samples from random games, the
// byte layout the header comment documents (checked with an encoder written here from the
// documentation), and refusal with a one-line message naming the file of every damaged file:
// each truncation, each flipped byte, bad magic, newer versions and every out-of-range field.
// Atomic replacement and writes that cannot happen.

#include "training/replay/chunk_file.hpp"

#include <gtest/gtest.h>
#include <zstd.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <fstream>
#include <functional>
#include <iterator>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "engine/cfen.hpp"
#include "engine/game.hpp"
#include "nn/features/encoding.hpp"
#include "tests/scratch_dir.hpp"

namespace camelot {

namespace buffer_test {

// Samples of seeded random games: every position of a game (restarted when it ends or passes 150
// plies) with the last two positions before it, its repetitions, its legal policy indices with
// random normalised targets, and random result, value and moves left. replay_buffer_test.cpp
// uses it too.
std::vector<TrainingSample> randomSamples(std::uint64_t seed, std::size_t count) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f);
  std::vector<TrainingSample> samples;
  Game game;
  LegalPolicy legal;
  while (samples.size() < count) {
    if (game.finished() || game.positions().size() > 150) game = Game();
    const MoveList& moves = game.legalMoves();
    TrainingSample s;
    s.position = game.position();
    // The last two positions before it, fewer at the start.
    const std::vector<Position>& positions = game.positions();
    const std::size_t before = positions.size() - 1;
    for (std::size_t i = before > 2 ? before - 2 : 0; i < before; ++i) {
      s.history.push_back(positions[i]);
    }
    s.repetitions = static_cast<std::uint8_t>(game.repetitions() - 1);
    legal.assign(moves, s.position.sideToMove());
    s.policyIndices = legal.indices;
    float sum = 0.0f;
    for (std::size_t i = 0; i < legal.size(); ++i) {
      s.policyTarget.push_back(0.01f + unit(rng));
      sum += s.policyTarget.back();
    }
    for (float& target : s.policyTarget)
      target /= sum;
    s.result = static_cast<std::int8_t>(static_cast<int>(rng() % 3) - 1);
    s.rootValue = 2.0f * unit(rng) - 1.0f;
    s.movesLeft = static_cast<std::int32_t>(rng() % 300);
    samples.push_back(std::move(s));
    game.play(moves[static_cast<std::size_t>(rng() % moves.size())]);
  }
  return samples;
}

}  // namespace buffer_test

namespace {

namespace fs = std::filesystem;
using buffer_test::randomSamples;
using Bytes = std::vector<unsigned char>;

Bytes readBytes(const fs::path& path) {
  std::ifstream file(path, std::ios::binary);
  return Bytes(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
}

void writeBytes(const fs::path& path, const Bytes& bytes) {
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  file.write(reinterpret_cast<const char*>(bytes.data()),
             static_cast<std::streamsize>(bytes.size()));
}

// Rewrites a file of the same size in place.
void overwriteBytes(const fs::path& path, const Bytes& bytes) {
  std::fstream file(path, std::ios::binary | std::ios::in | std::ios::out);
  file.write(reinterpret_cast<const char*>(bytes.data()),
             static_cast<std::streamsize>(bytes.size()));
}

// ---- An encoder written from the documented layout, independently of chunk_file.cpp ----

template <typename T>
void put(Bytes& out, T value) {
  using U = std::make_unsigned_t<T>;
  const auto bits = static_cast<U>(value);
  for (std::size_t i = 0; i < sizeof(T); ++i) {
    out.push_back(static_cast<unsigned char>(static_cast<std::uint64_t>(bits) >> (8 * i)));
  }
}

void putFloat(Bytes& out, float v) {
  put(out, std::bit_cast<std::uint32_t>(v));
}

void putText(Bytes& out, const std::string& text) {
  put(out, static_cast<std::uint16_t>(text.size()));
  out.insert(out.end(), text.begin(), text.end());
}

// One sample's payload bytes; the fields are raw so tests can put anything in them.
struct RawSample {
  std::string position = std::string(kStartCfen);
  std::vector<std::string> history;
  int historyCount = -1;  // -1: history.size()
  std::uint8_t repetitions = 0;
  std::vector<std::int32_t> indices{0};
  std::vector<float> targets{1.0f};
  int entryCount = -1;  // -1: indices.size()
  std::int8_t result = 0;
  float rootValue = 0.0f;
  std::int32_t movesLeft = 0;

  static RawSample of(const TrainingSample& s) {
    RawSample r;
    r.position = toCfen(s.position);
    for (const Position& p : s.history)
      r.history.push_back(toCfen(p));
    r.repetitions = s.repetitions;
    r.indices = s.policyIndices;
    r.targets = s.policyTarget;
    r.result = s.result;
    r.rootValue = s.rootValue;
    r.movesLeft = s.movesLeft;
    return r;
  }

  void encode(Bytes& out) const {
    putText(out, position);
    put(out, static_cast<std::uint8_t>(historyCount < 0 ? history.size() : historyCount));
    for (const std::string& h : history)
      putText(out, h);
    put(out, repetitions);
    put(out, static_cast<std::uint16_t>(entryCount < 0 ? indices.size() : entryCount));
    for (const std::int32_t i : indices)
      put(out, i);
    for (const float t : targets)
      putFloat(out, t);
    put(out, result);
    putFloat(out, rootValue);
    put(out, movesLeft);
  }
};

std::uint64_t fnv1a(const Bytes& bytes) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (const unsigned char b : bytes)
    h = (h ^ b) * 0x100000001b3ULL;
  return h;
}

// A whole chunk file around `payload`, as the documentation describes it.
Bytes rawChunk(const Bytes& payload, std::uint32_t count, std::uint32_t version = 1) {
  Bytes compressed(ZSTD_compressBound(payload.size()));
  compressed.resize(
      ZSTD_compress(compressed.data(), compressed.size(), payload.data(), payload.size(), 3));
  Bytes file(kChunkMagic.begin(), kChunkMagic.end());
  put(file, version);
  put(file, count);
  put(file, static_cast<std::uint64_t>(payload.size()));
  put(file, static_cast<std::uint64_t>(compressed.size()));
  put(file, fnv1a(payload));
  file.insert(file.end(), compressed.begin(), compressed.end());
  return file;
}

Bytes decompressedPayload(const Bytes& file) {
  const Bytes compressed(file.begin() + kChunkHeaderBytes, file.end());
  const auto size = ZSTD_getFrameContentSize(compressed.data(), compressed.size());
  Bytes payload(static_cast<std::size_t>(size) + 1);
  payload.resize(ZSTD_decompress(payload.data(), static_cast<std::size_t>(size), compressed.data(),
                                 compressed.size()));
  return payload;
}

class ChunkFileTest : public ::testing::Test {
 protected:
  // Reads `path`, expecting a ChunkError whose message is one line starting with the path and
  // containing `part`; returns the message.
  static std::string expectChunkError(const fs::path& path, const std::string& part) {
    try {
      readChunk(path);
    } catch (const ChunkError& e) {
      const std::string message = e.what();
      EXPECT_TRUE(message.starts_with(path.string() + ": ")) << message;
      EXPECT_EQ(message.find('\n'), std::string::npos) << message;
      EXPECT_NE(message.find(part), std::string::npos) << message;
      return message;
    }
    ADD_FAILURE() << "no ChunkError reading " << path << " (expected '" << part << "')";
    return {};
  }

  // The message of reading a chunk whose payload is `samples`' raw encodings.
  std::string expectRawError(const std::vector<RawSample>& samples, const std::string& part,
                             std::size_t count = std::numeric_limits<std::size_t>::max()) {
    Bytes payload;
    for (const RawSample& s : samples)
      s.encode(payload);
    const fs::path path = dir_ / "raw.chunk";
    writeBytes(path, rawChunk(payload,
                              static_cast<std::uint32_t>(
                                  count == std::numeric_limits<std::size_t>::max() ? samples.size()
                                                                                   : count)));
    return expectChunkError(path, part);
  }

  testing_support::ScratchDir dir_;
};

TEST(RandomSamples, CoverHistoriesRepetitionsAndPolicies) {
  const auto samples = randomSamples(1, 300);
  ASSERT_EQ(samples.size(), 300u);
  bool shortHistory = false;
  bool fullHistory = false;
  for (const TrainingSample& s : samples) {
    EXPECT_LE(s.history.size(), 2u);
    shortHistory |= s.history.size() < 2;
    fullHistory |= s.history.size() == 2;
    EXPECT_EQ(s.policyIndices.size(), s.policyTarget.size());
    EXPECT_FALSE(s.policyIndices.empty());
  }
  EXPECT_TRUE(shortHistory);
  EXPECT_TRUE(fullHistory);
}

TEST_F(ChunkFileTest, RoundTripIsExact) {
  const auto samples = randomSamples(7, 400);
  const fs::path path = dir_ / "chunk-000001-000001.chunk";
  writeChunk(path, samples);
  const auto back = readChunk(path);
  ASSERT_EQ(back.size(), samples.size());
  for (std::size_t i = 0; i < samples.size(); ++i)
    EXPECT_EQ(back[i], samples[i]) << "sample " << i;

  const ChunkHeader header = readChunkHeader(path);
  EXPECT_EQ(header.formatVersion, kChunkFormatVersion);
  EXPECT_EQ(header.sampleCount, samples.size());
  EXPECT_EQ(header.compressedBytes + kChunkHeaderBytes, fs::file_size(path));
  // zstd pays for itself on CFEN text.
  EXPECT_LT(header.compressedBytes, header.payloadBytes / 2);
}

// What ranks send under MPI: a chunk's bytes in memory are the file's, and decode as it reads.
TEST_F(ChunkFileTest, InMemoryChunksAreTheFilesBytes) {
  const auto samples = randomSamples(9, 50);
  const fs::path path = dir_ / "chunk-000001-000002.chunk";
  writeChunk(path, samples);
  const std::vector<std::byte> chunk = encodeChunk(samples, "rank 2");
  const Bytes file = readBytes(path);
  ASSERT_EQ(chunk.size(), file.size());
  EXPECT_TRUE(std::equal(file.begin(), file.end(), chunk.begin(),
                         [](unsigned char a, std::byte b) { return std::byte{a} == b; }));
  EXPECT_EQ(decodeChunk(chunk, "rank 2"), samples);
  std::vector<std::byte> damaged = chunk;
  damaged.back() ^= std::byte{1};
  try {
    decodeChunk(damaged, "game 7 from rank 2");
    FAIL() << "a damaged chunk was read";
  } catch (const ChunkError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("game 7 from rank 2: ", 0), 0u) << e.what();
  }
}

TEST_F(ChunkFileTest, LayoutIsTheDocumentedOne) {
  const auto samples = randomSamples(3, 20);
  const fs::path path = dir_ / "c.chunk";
  writeChunk(path, samples);
  const Bytes file = readBytes(path);
  Bytes expected;
  for (const TrainingSample& s : samples)
    RawSample::of(s).encode(expected);
  EXPECT_EQ(decompressedPayload(file), expected);
  // The header, field by field.
  EXPECT_EQ(std::string(file.begin(), file.begin() + 8), "CAMZCHK\n");
  Bytes header;
  put(header, std::uint32_t{1});
  put(header, static_cast<std::uint32_t>(samples.size()));
  put(header, static_cast<std::uint64_t>(expected.size()));
  put(header, static_cast<std::uint64_t>(file.size() - 40));
  put(header, fnv1a(expected));
  EXPECT_EQ(Bytes(file.begin() + 8, file.begin() + 40), header);

  // And a file built from the documentation reads back as the samples.
  writeBytes(path, rawChunk(expected, static_cast<std::uint32_t>(samples.size())));
  EXPECT_EQ(readChunk(path), samples);
}

TEST_F(ChunkFileTest, EmptyChunk) {
  const fs::path path = dir_ / "empty.chunk";
  writeChunk(path, std::span<const TrainingSample>{});
  EXPECT_TRUE(readChunk(path).empty());
  EXPECT_EQ(readChunkHeader(path).sampleCount, 0u);
  EXPECT_EQ(readChunkHeader(path).payloadBytes, 0u);
}

TEST_F(ChunkFileTest, EveryTruncationIsRefused) {
  const fs::path good = dir_ / "good.chunk";
  writeChunk(good, randomSamples(5, 3));
  const Bytes bytes = readBytes(good);
  // Cut shorter a byte at a time (rewriting a file from empty costs milliseconds on some file
  // systems; shrinking it within its block does not).
  const fs::path path = dir_ / "cut.chunk";
  writeBytes(path, bytes);
  for (std::size_t length = bytes.size(); length-- > 0;) {
    SCOPED_TRACE("length " + std::to_string(length));
    fs::resize_file(path, length);
    ASSERT_EQ(readBytes(path),
              Bytes(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(length)));
    expectChunkError(path, "truncated");
    EXPECT_THROW(readChunkHeader(path), ChunkError);
  }
  // One byte too many is refused as well.
  Bytes longer = bytes;
  longer.push_back(0);
  const fs::path longerPath = dir_ / "longer.chunk";
  writeBytes(longerPath, longer);
  expectChunkError(longerPath, "1 unexpected bytes after the compressed payload");
}

// Every change to the data is refused. A zstd frame has a few bits its decoder ignores (the
// frame header's unused bit, padding in the entropy-coded streams); flipping one of those
// leaves the samples as they were, which the reader may accept.
TEST_F(ChunkFileTest, EveryFlippedByteIsRefusedUnlessTheDataIsUnchanged) {
  const fs::path good = dir_ / "good.chunk";
  const auto samples = randomSamples(6, 3);
  writeChunk(good, samples);
  const Bytes bytes = readBytes(good);
  // Rewritten in place each time: same size, no truncation.
  const fs::path path = dir_ / "flipped.chunk";
  writeBytes(path, bytes);
  int harmless = 0;
  int flips = 0;
  for (std::size_t at = 0; at < bytes.size(); ++at) {
    for (const unsigned char mask : {0x01, 0x10, 0x80, 0xff}) {
      SCOPED_TRACE("byte " + std::to_string(at) + " mask " + std::to_string(mask));
      Bytes damaged = bytes;
      damaged[at] ^= mask;
      overwriteBytes(path, damaged);
      ++flips;
      try {
        const auto back = readChunk(path);
        ++harmless;
        EXPECT_GE(at, kChunkHeaderBytes) << "a header flip was accepted";
        EXPECT_EQ(back, samples) << "a flip changed the samples and was accepted";
      } catch (const ChunkError& e) {
        EXPECT_TRUE(std::string(e.what()).starts_with(path.string() + ": ")) << e.what();
      }
    }
  }
  EXPECT_LT(harmless * 100, flips) << harmless << " of " << flips << " flips accepted";
}

TEST_F(ChunkFileTest, DamageIsNamed) {
  const fs::path good = dir_ / "good.chunk";
  writeChunk(good, randomSamples(8, 4));
  const Bytes bytes = readBytes(good);
  const fs::path path = dir_ / "damaged.chunk";
  const auto flipped = [&](std::size_t at) {
    Bytes damaged = bytes;
    damaged[at] ^= 0x01;
    writeBytes(path, damaged);
  };
  flipped(0);
  expectChunkError(path, "bad magic");
  flipped(8);
  expectChunkError(path, "format version 0");
  flipped(16);  // the uncompressed size: the zstd frame disagrees
  expectChunkError(path, "corrupt payload");
  flipped(24);  // the compressed size: the file is one byte short or long
  expectChunkError(path, "compressed payload");
  flipped(32);
  expectChunkError(path, "checksum mismatch");
  flipped(bytes.size() - 1);
  expectChunkError(path, "");
  flipped(bytes.size() / 2);  // inside the zstd data
  expectChunkError(path, "");
  flipped(13);  // 256 more samples than the payload holds
  expectChunkError(path, "corrupt payload (it ends after 4 samples, the header says 260)");
}

TEST_F(ChunkFileTest, BadMagicAndNewerVersions) {
  const fs::path path = dir_ / "x.chunk";
  writeBytes(path, Bytes{'h', 'e', 'l', 'l', 'o'});
  expectChunkError(path, "bad magic (not a chunk file)");
  writeBytes(path, Bytes(100, 0));
  expectChunkError(path, "bad magic");
  writeBytes(path, Bytes(kChunkMagic.begin(), kChunkMagic.begin() + 5));
  expectChunkError(path, "truncated");

  Bytes payload;
  RawSample{}.encode(payload);
  writeBytes(path, rawChunk(payload, 1, 2));
  expectChunkError(path, "format version 2 is newer than this program reads (1)");
  EXPECT_THROW(readChunkHeader(path), ChunkError);
  writeBytes(path, rawChunk(payload, 1, 0xffffffffu));
  expectChunkError(path, "newer");
  writeBytes(path, rawChunk(payload, 1, 1));
  EXPECT_EQ(readChunk(path).size(), 1u);

  expectChunkError(dir_ / "missing.chunk", "cannot open chunk (No such file or directory)");
}

TEST_F(ChunkFileTest, HeaderSizesAreBounded) {
  const fs::path path = dir_ / "big.chunk";
  Bytes payload;
  RawSample{}.encode(payload);
  Bytes file = rawChunk(payload, 1);
  // An uncompressed size over 1 GiB is refused before anything is allocated.
  for (int i = 0; i < 8; ++i)
    file[16 + i] = 0xff;
  writeBytes(path, file);
  expectChunkError(path, "corrupt header (payload of 18446744073709551615 bytes");
  // So is a sample count the payload cannot hold.
  file = rawChunk(payload, 1000);
  writeBytes(path, file);
  expectChunkError(path, "samples cannot fit in");
  // And a frame that inflates far past what any game compresses to (a zip bomb): refused
  // from the header, before its payload is allocated.
  const Bytes zeros(std::size_t{1} << 20, 0);
  file = rawChunk(zeros, 1);
  writeBytes(path, file);
  expectChunkError(path, "corrupt header (a payload of 1048576 bytes from ");
  EXPECT_LT(file.size(), 1000u);
}

TEST_F(ChunkFileTest, EveryFieldIsChecked) {
  // The fifth position of a game: two history positions.
  const RawSample good = RawSample::of(randomSamples(2, 5).back());
  ASSERT_EQ(good.history.size(), 2u);
  auto with = [&](const std::function<void(RawSample&)>& change) {
    RawSample s = good;
    change(s);
    return std::vector<RawSample>{good, s};
  };
  expectRawError(with([](RawSample& s) { s.indices[0] = kPolicySize; }),
                 "bad sample 1: policy index 36864 out of range [0, 36864)");
  expectRawError(with([](RawSample& s) { s.indices[0] = -1; }), "bad sample 1: policy index -1");
  expectRawError(with([](RawSample& s) { s.targets[0] = std::numeric_limits<float>::quiet_NaN(); }),
                 "bad sample 1: policy target");
  expectRawError(with([](RawSample& s) { s.targets[0] = std::numeric_limits<float>::infinity(); }),
                 "not a finite probability");
  expectRawError(with([](RawSample& s) { s.targets[0] = -0.25f; }), "policy target -0.25");
  expectRawError(with([](RawSample& s) { s.result = 2; }),
                 "bad sample 1: result 2 (expected -1, 0 or 1)");
  expectRawError(with([](RawSample& s) { s.result = -2; }), "result -2");
  expectRawError(with([](RawSample& s) { s.rootValue = std::numeric_limits<float>::infinity(); }),
                 "rootValue");
  expectRawError(with([](RawSample& s) { s.movesLeft = -3; }), "movesLeft -3");
  expectRawError(with([](RawSample& s) { s.position = "not a position"; }),
                 "bad sample 1: the position: bad CFEN");
  expectRawError(with([](RawSample& s) { s.position.clear(); }), "the position: bad CFEN");
  expectRawError(with([](RawSample& s) { s.history.back() = "2/8/10 w 0 0 0"; }),
                 "bad sample 1: history position 1: bad CFEN");
  expectRawError(with([](RawSample& s) { s.history.assign(9, std::string(kStartCfen)); }),
                 "bad sample 1: 9 history positions (at most 8)");
  // Counts that run past the end of the payload.
  expectRawError(with([](RawSample& s) { s.entryCount = 60000; }),
                 "bad sample 1: 60000 policy entries need 480000 bytes");
  expectRawError(with([](RawSample& s) { s.historyCount = 5; }), "bad sample 1:");
  expectRawError(with([](RawSample& s) {
                   s.indices.pop_back();
                   s.targets.pop_back();
                   s.entryCount = static_cast<int>(s.indices.size()) + 1;
                 }),
                 "bad sample 1:");
  // A sample count that disagrees with the payload, both ways.
  expectRawError({good, good, good}, "corrupt payload (it ends after 3 samples, the header says 4)",
                 4);
  expectRawError({good, good, good}, "bytes after the last of 2 samples", 2);
  // Control characters in a message are replaced, so it stays one line.
  const std::string message = expectRawError(
      with([](RawSample& s) { s.position.replace(s.position.find(" w "), 3, " w\n "); }),
      "the position");
  EXPECT_NE(message.find("'w?'"), std::string::npos) << message;
}

TEST_F(ChunkFileTest, WriterRefusesWhatTheReaderWould) {
  const fs::path path = dir_ / "w.chunk";
  auto samples = randomSamples(4, 3);
  auto refused = [&](const std::function<void(TrainingSample&)>& change, const std::string& part) {
    auto bad = samples;
    change(bad[2]);
    try {
      writeChunk(path, bad);
      ADD_FAILURE() << "written: " << part;
    } catch (const ChunkError& e) {
      const std::string message = e.what();
      EXPECT_TRUE(message.starts_with(path.string() + ": cannot write sample 2: ")) << message;
      EXPECT_NE(message.find(part), std::string::npos) << message;
    }
    EXPECT_FALSE(fs::exists(path));
  };
  refused([](TrainingSample& s) { s.policyTarget.pop_back(); }, "policy indices but");
  refused([](TrainingSample& s) { s.policyIndices[0] = kPolicySize; }, "out of range");
  refused([](TrainingSample& s) { s.policyTarget[0] = -1.0f; }, "policy target");
  refused([](TrainingSample& s) { s.result = 3; }, "result 3");
  refused([](TrainingSample& s) { s.history.resize(9); }, "9 history positions");
  refused([](TrainingSample& s) { s.movesLeft = -1; }, "movesLeft");
  // Nothing was left behind.
  EXPECT_TRUE(fs::is_empty(dir_));
}

TEST_F(ChunkFileTest, WriteReplacesAtomicallyAndLeavesNoTemporaryFile) {
  const fs::path path = dir_ / "chunk-000000-000000.chunk";
  const auto first = randomSamples(10, 50);
  const auto second = randomSamples(11, 30);
  writeChunk(path, first);
  const Bytes firstBytes = readBytes(path);

  // A reader that opened the old file keeps reading the old file: the new one is renamed over
  // it, not written into it.
  std::ifstream reader(path, std::ios::binary);
  ASSERT_TRUE(reader);
  writeChunk(path, second);
  EXPECT_EQ(Bytes(std::istreambuf_iterator<char>(reader), std::istreambuf_iterator<char>()),
            firstBytes);
  EXPECT_EQ(readChunk(path), second);

  std::vector<fs::path> entries;
  for (const auto& entry : fs::directory_iterator(dir_))
    entries.push_back(entry.path());
  ASSERT_EQ(entries.size(), 1u);
  EXPECT_EQ(entries.front(), path);
}

TEST_F(ChunkFileTest, WritingIntoAMissingDirectoryThrows) {
  const fs::path path = dir_ / "no-such-directory" / "c.chunk";
  try {
    writeChunk(path, randomSamples(12, 2));
    ADD_FAILURE() << "no ChunkError";
  } catch (const ChunkError& e) {
    const std::string message = e.what();
    EXPECT_TRUE(message.starts_with(path.string() + ": cannot write chunk (")) << message;
    EXPECT_NE(message.find("No such file or directory"), std::string::npos) << message;
  }
  EXPECT_TRUE(fs::is_empty(dir_));
}

}  // namespace
}  // namespace camelot
