// The checkpoint file (nn/checkpoint.hpp): exact round trips of any module's parameters and
// buffers, the header's fields, atomic replacement, and one-line errors naming the file when it
// is missing, empty, foreign, of a newer format or another input encoding
// (checkpoint_damage_test.cpp covers damaged files).
#include <gtest/gtest.h>
#include <torch/nn/module.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <limits>
#include <string>
#include <vector>

#include "nn/torch/checkpoint_module.hpp"
#include "tests/nn/checkpoint_test_support.hpp"

namespace camelot {
namespace {

using namespace checkpoint_test;

TEST_F(CheckpointTest, RoundTripIsBitwiseExactAndReproducesOutputs) {
  TinyNet net = trainedNet(4, 1);
  const fs::path path = dir_ / "net.ckpt";
  writeCheckpoint(path, exampleHeader(), *net);

  TinyNet copy = trainedNet(4, 2);  // other weights and statistics
  const CheckpointHeader loaded = loadCheckpoint(path, *copy);
  expectTensors(*copy, snapshot(*net));
  // num_batches_tracked (int64) came along too.
  EXPECT_EQ(copy->named_buffers()["body.1.num_batches_tracked"].item<std::int64_t>(), 3);
  // The undefined bias slot is skipped on both sides.
  EXPECT_FALSE(copy->named_parameters().contains("body.0.bias"));

  copy->eval();
  const torch::Tensor input = torch::randn({3, 3, 4, 4});
  EXPECT_TRUE(torch::equal(net->forward(input), copy->forward(input)));

  EXPECT_EQ(loaded, readCheckpointHeader(path));
  EXPECT_EQ(loaded.weightsBytes, fs::file_size(path) - 16 - u32At(readBytes(path), 12));
}

TEST_F(CheckpointTest, HeaderRoundTripsEveryFieldAndIsReadableText) {
  TinyNet net = trainedNet(2, 3);
  CheckpointHeader header = exampleHeader();
  header.trainingStep = std::numeric_limits<std::int64_t>::max();
  header.generation = 7;
  header.encodingVersion = -5;
  header.formatVersion = 99;   // ignored: the writer writes its own format version
  header.weightsChecksum = 1;  // filled in by the writer
  header.weightsBytes = 2;     // likewise
  const fs::path path = dir_ / "header.ckpt";
  writeCheckpoint(path, header, *net);

  const CheckpointHeader read = readCheckpointHeader(path);
  EXPECT_EQ(read.formatVersion, kCheckpointFormatVersion);
  EXPECT_EQ(read.config, header.config);
  EXPECT_EQ(read.encodingVersion, -5);
  EXPECT_EQ(read.trainingStep, std::numeric_limits<std::int64_t>::max());
  EXPECT_EQ(read.generation, 7);
  const Bytes file = readBytes(path);
  const Parts parts = split(file);
  EXPECT_EQ(read.weightsBytes, parts.section.size());
  EXPECT_EQ(read.weightsChecksum, checkpointChecksum(parts.section));

  // The layout: magic, version 1, header length, then JSON text within `head -c 400`.
  EXPECT_EQ(std::string(reinterpret_cast<const char*>(file.data()), 8), "CAMZNET\n");
  EXPECT_EQ(u32At(file, 8), 1u);
  EXPECT_LE(16 + parts.json.size(), 400u);
  EXPECT_EQ(parts.json.front(), '{');
  EXPECT_EQ(parts.json.back(), '\n');
  for (const char* field : {"\"formatVersion\":1", "\"encodingVersion\":-5", "\"generation\":7",
                            "\"blocks\":4", "\"channels\":32", "\"globalPoolingEvery\":2",
                            "\"policyChannels\":16", "\"valueChannels\":8", "\"valueHidden\":64",
                            "\"historyPlies\":1", "\"tacticalPlanes\":true", "\"weightsBytes\":",
                            "\"weightsChecksum\":\"", "\"trainingStep\":9223372036854775807"}) {
    EXPECT_NE(parts.json.find(field), std::string::npos) << field << " in " << parts.json;
  }
  // The section starts with the tensor count.
  EXPECT_EQ(u32At(parts.section, 0), allTensors(*net).size());

  // FNV-1a 64 reference values.
  const auto fnv = [](const std::string& s) {
    return checkpointChecksum(std::as_bytes(std::span(s.data(), s.size())));
  };
  EXPECT_EQ(fnv(""), 0xcbf29ce484222325ULL);
  EXPECT_EQ(fnv("a"), 0xaf63dc4c8601ec8cULL);
  EXPECT_EQ(fnv("foobar"), 0x85944171f73967e8ULL);
}

TEST_F(CheckpointTest, MissingEmptyForeignAndDirectoryFilesAreRejected) {
  expectBothReject(dir_ / "missing.ckpt", {"no such file"});

  const fs::path empty = dir_ / "empty.ckpt";
  writeBytes(empty, {});
  expectBothReject(empty, {"empty file"});

  const fs::path foreign = dir_ / "foreign.ckpt";
  std::string text = "PK\x03\x04 this is a zip file, not a checkpoint at all";
  writeBytes(foreign, Bytes(reinterpret_cast<const std::byte*>(text.data()),
                            reinterpret_cast<const std::byte*>(text.data()) + text.size()));
  expectBothReject(foreign, {"not a CamelotZero checkpoint (bad magic)"});

  const fs::path shortForeign = dir_ / "short.ckpt";
  writeBytes(shortForeign, {std::byte{'C'}, std::byte{'X'}});
  expectBothReject(shortForeign, {"bad magic"});

  expectBothReject(dir_, {"directory"});
}

TEST_F(CheckpointTest, NewerFormatAndOtherEncodingVersionsAreRefused) {
  TinyNet net = trainedNet(2, 13);
  const fs::path path = dir_ / "net.ckpt";
  CheckpointHeader header = exampleHeader();
  writeCheckpoint(path, header, *net);
  EXPECT_NO_THROW(requireCompatible(path, readCheckpointHeader(path)));

  Bytes file = readBytes(path);
  setU32(file, 8, 7);
  const fs::path newer = dir_ / "newer.ckpt";
  writeBytes(newer, file);
  expectBothReject(newer, {"checkpoint format version 7 is newer than this program (1)"});
  setU32(file, 8, 0);
  writeBytes(newer, file);
  expectBothReject(newer, {"format version 0"});

  header.encodingVersion = kEncodingVersion + 1;
  const fs::path other = dir_ / "other.ckpt";
  writeCheckpoint(other, header, *net);
  const CheckpointHeader read = readCheckpointHeader(other);
  expectError(other, [&] { requireCompatible(other, read); },
              {"input encoding version " + std::to_string(kEncodingVersion + 1) +
               ", this program encodes version " + std::to_string(kEncodingVersion)});
}

TEST_F(CheckpointTest, WriteReplacesWholeFilesAtomically) {
  const fs::path path = dir_ / "net.ckpt";
  TinyNet first = trainedNet(8, 18);
  CheckpointHeader header = exampleHeader();
  header.trainingStep = 1;
  writeCheckpoint(path, header, *first);
  const auto firstSize = fs::file_size(path);

  // A smaller network over it: the file is replaced whole, not overwritten in place.
  TinyNet second = trainedNet(2, 19);
  header.trainingStep = 2;
  writeCheckpoint(path, header, *second);
  EXPECT_LT(fs::file_size(path), firstSize);
  EXPECT_EQ(readCheckpointHeader(path).trainingStep, 2);
  TinyNet loaded(2);
  loadCheckpoint(path, *loaded);
  expectTensors(*loaded, snapshot(*second));
  std::vector<fs::path> entries;
  for (const auto& entry : fs::directory_iterator(dir_))
    entries.push_back(entry.path());
  EXPECT_EQ(entries, std::vector<fs::path>{path});  // no temporary file left behind

  // Failed writes leave the old file as it was and no temporary behind.
  const Bytes old = readBytes(path);
  CheckpointHeader invalid = header;
  invalid.config.channels = 3;
  expectError(path, [&] { writeCheckpoint(path, invalid, *first); },
              {"invalid network config", "channels"});
  TinyNet doubled = trainedNet(2, 20);
  doubled->to(torch::kFloat64);
  expectError(path, [&] { writeCheckpoint(path, header, *doubled); },
              {"cannot store tensor 'body.0.weight' of dtype Double"});
  torch::nn::Module longNames;
  longNames.register_buffer(std::string(300, 'n'), torch::zeros({1}));
  expectError(path, [&] { writeCheckpoint(path, header, longNames); }, {"cannot store tensor"});
  torch::nn::Module highRank;
  highRank.register_buffer("b", torch::zeros({1, 1, 1, 1, 1, 1, 1, 1, 1}));
  expectError(path, [&] { writeCheckpoint(path, header, highRank); }, {"of rank 9"});
  EXPECT_EQ(readBytes(path), old);

  // Over a non-empty directory: the rename fails and the temporary is removed.
  const fs::path occupied = dir_ / "occupied";
  fs::create_directories(occupied / "inside");
  expectError(occupied, [&] { writeCheckpoint(occupied, header, *second); },
              {"cannot replace checkpoint"});
  entries.clear();
  for (const auto& entry : fs::directory_iterator(dir_))
    entries.push_back(entry.path());
  std::sort(entries.begin(), entries.end());
  EXPECT_EQ(entries, (std::vector<fs::path>{path, occupied}));
  EXPECT_EQ(readBytes(path), old);

  // Into a directory that does not exist: an error and nothing created.
  const fs::path nowhere = dir_ / "no" / "such" / "dir" / "net.ckpt";
  expectError(nowhere, [&] { writeCheckpoint(nowhere, header, *second); },
              {"cannot write checkpoint", "No such file or directory"});
  EXPECT_FALSE(fs::exists(dir_ / "no"));
}

}  // namespace
}  // namespace camelot
