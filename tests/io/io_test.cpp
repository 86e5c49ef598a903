// The byte writer and reader every binary format uses, and the durable files: exact
// little-endian bytes, reads that never pass the end, and files never seen half written.
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <vector>

#include "io/byte_reader.hpp"
#include "io/byte_writer.hpp"
#include "io/durable_file.hpp"
#include "tests/scratch_dir.hpp"

namespace camelot {
namespace {

namespace fs = std::filesystem;

std::vector<std::byte> bytes(std::initializer_list<int> values) {
  std::vector<std::byte> out;
  for (const int v : values)
    out.push_back(static_cast<std::byte>(v));
  return out;
}

TEST(ByteWriter, WritesLittleEndianAndFloatsAsTheirBits) {
  ByteWriter out;
  out.put(std::uint16_t{0x1234});
  out.put(std::int32_t{-2});
  out.put(1.0f);
  out.putBytes("ab");
  EXPECT_EQ(out.bytes(),
            bytes({0x34, 0x12, 0xfe, 0xff, 0xff, 0xff, 0x00, 0x00, 0x80, 0x3f, 'a', 'b'}));
}

TEST(ByteReader, ReadsBackWhatTheWriterWrote) {
  ByteWriter out;
  out.put(std::uint64_t{0x0123456789abcdefULL});
  out.put(std::int8_t{-5});
  out.put(-0.375f);
  out.put(std::int64_t{-1234567890123});
  out.putBytes("text");
  ByteReader in(out.bytes());
  EXPECT_EQ(in.get<std::uint64_t>("a"), 0x0123456789abcdefULL);
  EXPECT_EQ(in.get<std::int8_t>("b"), -5);
  EXPECT_EQ(in.get<float>("c"), -0.375f);
  EXPECT_EQ(in.get<std::int64_t>("d"), -1234567890123);
  EXPECT_EQ(in.text(4, "e"), "text");
  EXPECT_EQ(in.remaining(), 0u);
}

TEST(ByteReader, AShortReadNamesItsFieldAndReadsNothing) {
  const std::vector<std::byte> three = bytes({1, 2, 3});
  ByteReader in(three);
  try {
    in.get<std::uint32_t>("the count");
    FAIL() << "read past the end";
  } catch (const ByteReader::Short& s) {
    EXPECT_EQ(s.what, "the count");
    EXPECT_EQ(s.needed, 4u);
    EXPECT_EQ(s.left, 3u);
  }
  EXPECT_EQ(in.remaining(), 3u);
  EXPECT_EQ(in.get<std::uint16_t>("two"), 0x0201);
  EXPECT_THROW(in.take(2, "more"), ByteReader::Short);
}

TEST(DurableFile, AStagedFileReplacesItsPathOnlyWhenCommitted) {
  const testing_support::ScratchDir dir;
  const fs::path path = dir.path() / "state";
  writeTextFileAtomically(path, "old");
  const std::vector<std::byte> fresh = bytes({'n', 'e', 'w'});
  {
    StagedFile staged(path, "the state");
    EXPECT_EQ(staged.write({fresh}), "");
    EXPECT_EQ(readTextFile(path), "old");  // written, not yet in place
  }                                        // dropped uncommitted
  EXPECT_EQ(readTextFile(path), "old");
  {
    StagedFile staged(path, "the state");
    EXPECT_EQ(staged.write({fresh}), "");
    EXPECT_EQ(staged.commit(), "");
  }
  EXPECT_EQ(readTextFile(path), "new");
  EXPECT_EQ(std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator{}), 1);
}

TEST(DurableFile, AFileThatCannotBeWrittenSaysSoAndLeavesNothing) {
  const testing_support::ScratchDir dir;
  StagedFile staged(dir.path() / "missing" / "file", "the file");
  const std::string problem = staged.write({bytes({1})});
  EXPECT_EQ(problem.rfind("cannot write the file (", 0), 0u) << problem;
  EXPECT_TRUE(fs::is_empty(dir.path()));
}

}  // namespace
}  // namespace camelot
