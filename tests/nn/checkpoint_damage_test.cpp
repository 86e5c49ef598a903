// Damaged checkpoint files (nn/checkpoint.hpp): truncated anywhere, a flipped weight byte, the
// wrong architecture, bad header JSON and corrupt tensor sections with valid checksums are each
// refused with one line naming the file, never a crash, and the target module stays untouched.
#include <gtest/gtest.h>
#include <torch/utils.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "nn/torch/checkpoint_module.hpp"
#include "tests/nn/checkpoint_test_support.hpp"

namespace camelot {
namespace {

using namespace checkpoint_test;

TEST_F(CheckpointTest, EveryTruncationThrowsAndLeavesTheModuleUnchanged) {
  TinyNet net = trainedNet(2, 4);
  const fs::path whole = dir_ / "whole.ckpt";
  writeCheckpoint(whole, exampleHeader(), *net);
  const Bytes file = readBytes(whole);
  const std::size_t headerEnd = 16 + u32At(file, 12);
  ASSERT_GT(file.size(), headerEnd + 100);

  TinyNet target = trainedNet(2, 5);
  const auto before = snapshot(*target);
  const fs::path path = dir_ / "cut.ckpt";
  for (std::size_t length = 0; length < file.size(); ++length) {
    writeBytes(path, file, length);
    const std::string problem =
        length == 0 ? "empty file"
        : length < headerEnd
            ? "truncated"
            : "truncated (weights need " + std::to_string(file.size() - headerEnd) +
                  " bytes, file has " + std::to_string(length - headerEnd) + ")";
    SCOPED_TRACE(length);
    expectError(path, [&] { readCheckpointHeader(path); }, {problem});
    expectError(path, [&] { loadCheckpoint(path, *target); }, {problem});
  }
  expectTensors(*target, before);

  // Bytes after the weights are damage too.
  Bytes longer = file;
  longer.push_back(std::byte{0});
  longer.push_back(std::byte{0});
  writeBytes(path, longer);
  expectBothReject(path, {"2 unexpected bytes after the weights"});
}

TEST_F(CheckpointTest, FlippedWeightByteIsAChecksumMismatch) {
  TinyNet net = trainedNet(2, 6);
  const fs::path whole = dir_ / "whole.ckpt";
  writeCheckpoint(whole, exampleHeader(), *net);
  const Bytes file = readBytes(whole);
  const std::size_t headerEnd = 16 + u32At(file, 12);

  TinyNet target = trainedNet(2, 7);
  const auto before = snapshot(*target);
  const fs::path path = dir_ / "flipped.ckpt";
  for (const std::size_t offset :
       {headerEnd, headerEnd + 7, (headerEnd + file.size()) / 2, file.size() - 1}) {
    Bytes damaged = file;
    damaged[offset] ^= std::byte{0x10};
    writeBytes(path, damaged);
    SCOPED_TRACE(offset);
    EXPECT_NO_THROW(readCheckpointHeader(path));  // the header alone does not read the weights
    expectError(path, [&] { loadCheckpoint(path, *target); },
                {"checksum mismatch (weights corrupt)"});
  }
  expectTensors(*target, before);
}

// A NaN or an infinity in the weights (written by a diverged training, say) makes every
// evaluation NaN: reading refuses it, naming the tensor and the element.
TEST_F(CheckpointTest, NonFiniteWeightsAreRefusedWithTheirPlace) {
  TinyNet net = trainedNet(2, 6);
  const fs::path path = dir_ / "nonfinite.ckpt";
  writeCheckpoint(path, exampleHeader(), *net);
  const CheckpointContents good = readCheckpoint(path);
  const auto tensor = std::find_if(good.tensors.begin(), good.tensors.end(), [](const auto& t) {
    return t.dtype == kTensorFloat32 && t.elements() > 3;
  });
  ASSERT_NE(tensor, good.tensors.end());
  const auto index = static_cast<std::size_t>(tensor - good.tensors.begin());
  for (const auto& [value, name] : {std::pair{std::numeric_limits<float>::quiet_NaN(), "nan"},
                                    std::pair{-std::numeric_limits<float>::infinity(), "-inf"}}) {
    CheckpointContents damaged = good;
    std::memcpy(damaged.tensors[index].data.data() + 3 * sizeof(float), &value, sizeof(float));
    writeCheckpoint(path, damaged.header, damaged.tensors);
    try {
      readCheckpoint(path);
      FAIL() << "a non-finite weight was read";
    } catch (const CheckpointError& e) {
      EXPECT_EQ(std::string(e.what()), path.string() + ": tensor '" + tensor->name +
                                           "' holds a non-finite value (" + name +
                                           ") at element 3");
    }
  }
}

TEST_F(CheckpointTest, WrongArchitectureIsNamedAndLeavesTheModuleUnchanged) {
  TinyNet net = trainedNet(4, 8);
  const fs::path path = dir_ / "net.ckpt";
  writeCheckpoint(path, exampleHeader(), *net);

  TinyNet wider = trainedNet(8, 9);
  auto before = snapshot(*wider);
  expectError(path, [&] { loadCheckpoint(path, *wider); },
              {"tensor 'body.0.weight' has shape [4, 3, 3, 3], the network expects [8, 3, 3, 3]"});
  expectTensors(*wider, before);

  torch::manual_seed(10);
  TinyNet headless(4, /*withHead=*/false);
  before = snapshot(*headless);
  expectError(path, [&] { loadCheckpoint(path, *headless); },
              {"tensor 3 is 'head.weight', the network expects 'scale'"});
  expectTensors(*headless, before);

  RenamedNet renamed(4);
  before = snapshot(*renamed);
  expectError(path, [&] { loadCheckpoint(path, *renamed); },
              {"tensor 0 is 'body.0.weight', the network expects 'trunk.0.weight'"});
  expectTensors(*renamed, before);

  // One more buffer than the file has (the last module's are last).
  TinyNet extra = trainedNet(4, 11);
  extra->head->register_buffer("zzz", torch::zeros({2}));
  before = snapshot(*extra);
  expectError(path, [&] { loadCheckpoint(path, *extra); },
              {"checkpoint has ", " tensors, the network expects ", "first missing: 'head.zzz'"});
  expectTensors(*extra, before);

  TinyNet doubled = trainedNet(4, 12);
  doubled->to(torch::kFloat64);
  before = snapshot(*doubled);
  expectError(path, [&] { loadCheckpoint(path, *doubled); },
              {"tensor 'body.0.weight' is float32, the network expects Double"});
  expectTensors(*doubled, before);
}

TEST_F(CheckpointTest, BadHeaderJsonIsRejected) {
  TinyNet net = trainedNet(2, 14);
  const fs::path good = dir_ / "good.ckpt";
  writeCheckpoint(good, exampleHeader(), *net);
  const Parts parts = split(readBytes(good));
  const fs::path path = dir_ / "bad.ckpt";
  const auto check = [&](const std::string& json, std::initializer_list<std::string> problem) {
    SCOPED_TRACE(json);
    writeBytes(path, assemble(json, parts.section));
    expectBothReject(path, problem);
  };

  // The unmodified parts reassemble into a good file.
  writeBytes(path, assemble(parts.json, parts.section));
  EXPECT_NO_THROW(readCheckpointHeader(path));

  check("{\"formatVersion\":1,", {"header is not valid JSON"});
  check("\xff\xfe", {"header is not valid JSON"});
  check("[1, 2, 3]", {"header is not a JSON object"});
  check(std::string(100, '['), {"not valid JSON"});
  for (const char* field :
       {"\"formatVersion\":1,", "\"encodingVersion\":2,", "\"trainingStep\":123456789012,",
        "\"generation\":42,", "\"blocks\":4,", ",\"historyPlies\":1"}) {
    check(replaced(parts.json, field, ""), {"header lacks field"});
  }
  check(replaced(parts.json, "\"blocks\":4", "\"blocks\":\"4\""),
        {"header field 'config.blocks' is not an integer"});
  check(replaced(parts.json, "\"blocks\":4", "\"blocks\":4.5"), {"'config.blocks'"});
  check(replaced(parts.json, "\"blocks\":4", "\"blocks\":99999999999"),
        {"header field 'config.blocks' is 99999999999, outside"});
  check(replaced(parts.json, "\"trainingStep\":123456789012", "\"trainingStep\":-1"),
        {"header field 'trainingStep' is -1"});
  check(replaced(parts.json, "\"generation\":42", "\"generation\":18446744073709551615"),
        {"header field 'generation' is 18446744073709551615"});
  check(replaced(parts.json, "\"config\":{", "\"config\":7,\"x\":{"),
        {"header field 'config' is not an object"});
  check(replaced(parts.json, "\"formatVersion\":1", "\"formatVersion\":2"),
        {"header says format version 2"});
  check(replaced(parts.json, "\"weightsChecksum\":\"", "\"weightsChecksum\":\"x"),
        {"'weightsChecksum'"});
  check(replaced(parts.json, "\"weightsBytes\":", "\"weightsBytes\":-"),
        {"'weightsBytes' is not an unsigned integer"});
  // Configs out of range, through validate().
  check(replaced(parts.json, "\"blocks\":4", "\"blocks\":0"),
        {"invalid network config in header", "blocks"});
  check(replaced(parts.json, "\"channels\":32", "\"channels\":33"),
        {"invalid network config in header", "channels"});
  check(replaced(parts.json, "\"historyPlies\":1", "\"historyPlies\":9"),
        {"invalid network config in header", "historyPlies"});
  check(replaced(parts.json, "\"tacticalPlanes\":true", "\"tacticalPlanes\":1"),
        {"header field 'config.tacticalPlanes' is not a boolean"});
  // Checkpoints written before the tactical planes existed lack the field: their nets have none.
  writeBytes(path, assemble(replaced(parts.json, ",\"tacticalPlanes\":true", ""), parts.section));
  EXPECT_FALSE(readCheckpointHeader(path).config.tacticalPlanes);
  // weightsBytes that disagrees with the file.
  const std::string bytes = "\"weightsBytes\":" + std::to_string(parts.section.size());
  check(replaced(parts.json, bytes, bytes + "0"), {"truncated (weights need"});
  check(replaced(parts.json, bytes, "\"weightsBytes\":1"), {"unexpected bytes after the weights"});
  // Unknown fields are ignored.
  writeBytes(path, assemble(replaced(parts.json, "{", "{\"comment\":\"hi\","), parts.section));
  EXPECT_NO_THROW(readCheckpointHeader(path));

  // A header length past the bound or past the end of the file.
  Bytes file = assemble(parts.json, parts.section);
  setU32(file, 12, 1'000'000'000);
  writeBytes(path, file);
  expectBothReject(path, {"header length 1000000000 is implausible"});
  setU32(file, 12, static_cast<std::uint32_t>(file.size()));
  writeBytes(path, file);
  expectBothReject(path, {"truncated (the header needs"});
}

TEST_F(CheckpointTest, CorruptTensorSectionsWithValidChecksumsNeverCrash) {
  TinyNet net = trainedNet(2, 15);
  const fs::path good = dir_ / "good.ckpt";
  writeCheckpoint(good, exampleHeader(), *net);
  const Parts parts = split(readBytes(good));
  const fs::path path = dir_ / "bad.ckpt";
  TinyNet target = trainedNet(2, 16);
  const auto before = snapshot(*target);
  const auto check = [&](const Bytes& section, std::initializer_list<std::string> problem) {
    writeBytes(path, withSection(parts, section));
    expectError(
        path, [&] { loadCheckpoint(path, *target); }, problem);
    expectTensors(*target, before);
  };

  // A well-formed first record: name, float32, rank `rank`, dims.
  const auto record = [](const std::string& name, std::uint8_t dtype,
                         std::initializer_list<std::int64_t> dims) {
    Bytes bytes;
    append(bytes, static_cast<std::uint16_t>(name.size()));
    for (const char c : name)
      bytes.push_back(static_cast<std::byte>(c));
    append(bytes, dtype);
    append(bytes, static_cast<std::uint8_t>(dims.size()));
    for (const auto d : dims)
      append(bytes, d);
    return bytes;
  };
  const auto section = [](std::uint32_t count, const Bytes& body) {
    Bytes bytes(4 + body.size());
    setU32(bytes, 0, count);
    std::copy(body.begin(), body.end(), bytes.begin() + 4);
    return bytes;
  };

  check(section(0, {}), {"checkpoint has 0 tensors"});
  check(section(0xFFFFFFFF, record("x", 0, {})), {"corrupt tensor section (tensor count"});
  Bytes noName = record("", 0, {});
  noName.resize(noName.size() + 8);  // enough bytes left for one record
  check(section(1, noName), {"name length 0"});
  Bytes longName;
  append(longName, std::uint16_t{300});
  longName.resize(longName.size() + 300 + 2 + 4, std::byte{'a'});
  check(section(1, longName), {"name length 300"});
  check(section(1, record("x", 7, {})), {"tensor 'x' has unsupported dtype code 7"});
  check(section(1, record("a\nb", 7, {})), {"tensor 'a?b' has unsupported dtype code 7"});
  check(section(1, record("x", 0, {1, 1, 1, 1, 1, 1, 1, 1, 1})), {"tensor 'x' has rank 9"});
  check(section(1, record("x", 0, {2, -3})), {"negative dimension -3"});
  check(section(1, record("x", 0, {std::int64_t{1} << 40, std::int64_t{1} << 40})),
        {"does not fit in the file"});
  check(section(1, record("x", 1, {std::numeric_limits<std::int64_t>::max(), 0})),
        {"does not fit"});
  check(section(1, record("x", 0, {2})), {"corrupt tensor section (tensor data needs 8 bytes"});
  check(section(2, record("x", 0, {0})), {"a tensor name length"});
  Bytes trailing = parts.section;
  trailing.push_back(std::byte{1});
  check(trailing, {"corrupt tensor section (1 bytes after the last tensor)"});

  // Random damage to the section with the checksum fixed up: every outcome is either a clean
  // load (the damage hit tensor data) or a CheckpointError.
  std::mt19937_64 random(17);
  int loaded = 0, rejected = 0;
  for (int trial = 0; trial < 300; ++trial) {
    Bytes damaged = parts.section;
    const int changes = 1 + static_cast<int>(random() % 4);
    for (int c = 0; c < changes; ++c) {
      const std::size_t at = random() % (trial % 2 == 0 ? 64 : damaged.size());
      damaged[at] = static_cast<std::byte>(random());
    }
    if (trial % 7 == 0) damaged.resize(random() % damaged.size());
    writeBytes(path, withSection(parts, damaged));
    TinyNet fuzzTarget(2);
    try {
      loadCheckpoint(path, *fuzzTarget);
      ++loaded;
    } catch (const CheckpointError& e) {
      EXPECT_TRUE(std::string(e.what()).starts_with(path.string() + ": ")) << e.what();
      ++rejected;
    }
  }
  EXPECT_GT(rejected, 0);
  EXPECT_EQ(loaded + rejected, 300);
}

}  // namespace
}  // namespace camelot
