// The checkpoint file (nn/checkpoint.hpp): exact round trips of any module's parameters and
// buffers, the header's fields, atomic replacement, and one-line errors naming the file for every
// kind of damage (missing, empty, foreign, truncated anywhere, corrupt, wrong architecture, newer
// format, other input encoding, bad header JSON) that leave the target module untouched.

#include "nn/checkpoint.hpp"

#include <gtest/gtest.h>
#include <torch/torch.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <iterator>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "nn/encoding.hpp"

namespace camelot {
namespace {

namespace fs = std::filesystem;
using Bytes = std::vector<std::byte>;

// A small module with everything a real network has: nested names, a convolution without bias
// (an undefined parameter slot), batch norm running statistics and its int64 counter, a linear
// layer, a rank-0 buffer and an empty buffer.
struct TinyNetImpl : torch::nn::Module {
  explicit TinyNetImpl(int channels, bool withHead = true) {
    namespace nn = torch::nn;
    body = register_module(
        "body", nn::Sequential(nn::Conv2d(nn::Conv2dOptions(3, channels, 3).padding(1).bias(false)),
                               nn::BatchNorm2d(channels), nn::ReLU(), nn::Flatten()));
    if (withHead) head = register_module("head", nn::Linear(channels * 16, 5));
    scale = register_buffer("scale", torch::ones({}));
    empty = register_buffer("empty", torch::zeros({0, 3}));
  }
  torch::Tensor forward(const torch::Tensor& x) {
    torch::Tensor y = body->forward(x);
    if (head) y = head->forward(y);
    return y * scale;
  }
  torch::nn::Sequential body{nullptr};
  torch::nn::Linear head{nullptr};
  torch::Tensor scale, empty;
};
TORCH_MODULE(TinyNet);

// Same shapes as TinyNet but its layers have other names.
struct RenamedNetImpl : torch::nn::Module {
  explicit RenamedNetImpl(int channels) {
    namespace nn = torch::nn;
    trunk = register_module(
        "trunk",
        nn::Sequential(nn::Conv2d(nn::Conv2dOptions(3, channels, 3).padding(1).bias(false)),
                       nn::BatchNorm2d(channels), nn::ReLU(), nn::Flatten()));
    head = register_module("head", nn::Linear(channels * 16, 5));
    register_buffer("scale", torch::ones({}));
    register_buffer("empty", torch::zeros({0, 3}));
  }
  torch::nn::Sequential trunk{nullptr};
  torch::nn::Linear head{nullptr};
};
TORCH_MODULE(RenamedNet);

// A seeded TinyNet whose batch norm statistics have moved (three training-mode forwards).
TinyNet trainedNet(int channels, std::uint64_t seed) {
  torch::manual_seed(seed);
  TinyNet net(channels);
  net->train();
  for (int i = 0; i < 3; ++i)
    net->forward(torch::randn({4, 3, 4, 4}) * 2 + 1);
  net->eval();
  return net;
}

std::vector<torch::Tensor> allTensors(const torch::nn::Module& module) {
  std::vector<torch::Tensor> result;
  for (const auto& p : module.named_parameters())
    result.push_back(p.value());
  for (const auto& b : module.named_buffers())
    result.push_back(b.value());
  return result;
}

std::vector<torch::Tensor> snapshot(const torch::nn::Module& module) {
  std::vector<torch::Tensor> result;
  for (const auto& t : allTensors(module))
    result.push_back(t.detach().clone());
  return result;
}

// Same tensors, bit for bit (torch::equal on float compares values: also compare the bytes).
bool sameBits(const torch::Tensor& a, const torch::Tensor& b) {
  if (a.sizes() != b.sizes() || a.scalar_type() != b.scalar_type()) return false;
  const auto ac = a.contiguous(), bc = b.contiguous();
  return ac.nbytes() == bc.nbytes() &&
         (ac.nbytes() == 0 || std::memcmp(ac.data_ptr(), bc.data_ptr(), ac.nbytes()) == 0);
}

void expectTensors(const torch::nn::Module& module, const std::vector<torch::Tensor>& expected) {
  const auto actual = allTensors(module);
  ASSERT_EQ(actual.size(), expected.size());
  for (std::size_t i = 0; i < actual.size(); ++i)
    EXPECT_TRUE(sameBits(actual[i], expected[i])) << i;
}

CheckpointHeader exampleHeader() {
  CheckpointHeader header;
  header.config.blocks = 4;
  header.config.channels = 32;
  header.config.globalPoolingEvery = 2;
  header.config.policyChannels = 16;
  header.config.valueChannels = 8;
  header.config.valueHidden = 64;
  header.config.historyPlies = 1;
  header.encodingVersion = kEncodingVersion;
  header.trainingStep = 123'456'789'012;
  header.generation = 42;
  return header;
}

Bytes readBytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  Bytes bytes(text.size());
  if (!text.empty()) std::memcpy(bytes.data(), text.data(), text.size());
  return bytes;
}

void writeBytes(const fs::path& path, const Bytes& bytes, std::size_t length) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(length));
}
void writeBytes(const fs::path& path, const Bytes& bytes) {
  writeBytes(path, bytes, bytes.size());
}

std::uint32_t u32At(const Bytes& bytes, std::size_t offset) {
  std::uint32_t value = 0;
  for (int i = 3; i >= 0; --i)
    value = (value << 8) | std::to_integer<std::uint32_t>(bytes[offset + i]);
  return value;
}
void setU32(Bytes& bytes, std::size_t offset, std::uint32_t value) {
  for (int i = 0; i < 4; ++i)
    bytes[offset + i] = static_cast<std::byte>((value >> (8 * i)) & 0xFF);
}
template <typename T>
void append(Bytes& bytes, T value) {
  for (std::size_t i = 0; i < sizeof(T); ++i) {
    bytes.push_back(static_cast<std::byte>((static_cast<std::uint64_t>(value) >> (8 * i)) & 0xFF));
  }
}

std::string hex64(std::uint64_t value) {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(value));
  return text;
}

// A checkpoint taken apart: the JSON header text and the tensor section.
struct Parts {
  std::string json;
  Bytes section;
};

Parts split(const Bytes& file) {
  const std::uint32_t length = u32At(file, 12);
  Parts parts;
  parts.json.assign(reinterpret_cast<const char*>(file.data()) + 16, length);
  parts.section.assign(file.begin() + 16 + length, file.end());
  return parts;
}

Bytes assemble(const std::string& json, const Bytes& section, std::uint32_t version = 1) {
  Bytes file;
  for (const char c : std::string("CAMZNET\n"))
    file.push_back(static_cast<std::byte>(c));
  append(file, version);
  append(file, static_cast<std::uint32_t>(json.size()));
  for (const char c : json)
    file.push_back(static_cast<std::byte>(c));
  file.insert(file.end(), section.begin(), section.end());
  return file;
}

// `json` with its first `from` replaced by `to` (which must be there).
std::string replaced(std::string json, const std::string& from, const std::string& to) {
  const auto at = json.find(from);
  EXPECT_NE(at, std::string::npos) << from << " not in " << json;
  if (at != std::string::npos) json.replace(at, from.size(), to);
  return json;
}

// A section whose header states its true length and checksum.
Bytes withSection(const Parts& parts, const Bytes& section) {
  std::string json = parts.json;
  json = replaced(json, "\"weightsBytes\":" + std::to_string(parts.section.size()),
                  "\"weightsBytes\":" + std::to_string(section.size()));
  json =
      replaced(json, hex64(checkpointChecksum(parts.section)), hex64(checkpointChecksum(section)));
  return assemble(json, section);
}

// Runs `action`, which must throw CheckpointError with a one-line message that starts with the
// path and contains every one of `parts`.
template <typename Action>
void expectError(const fs::path& path, Action&& action, std::initializer_list<std::string> parts) {
  try {
    action();
    ADD_FAILURE() << "no CheckpointError for " << path;
  } catch (const CheckpointError& e) {
    const std::string message = e.what();
    EXPECT_TRUE(message.starts_with(path.string() + ": ")) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    for (const auto& part : parts)
      EXPECT_NE(message.find(part), std::string::npos) << message;
  } catch (const std::exception& e) {
    ADD_FAILURE() << "wrong exception type: " << e.what();
  }
}

// Both the header reader and the loader reject the file at `path`.
void expectBothReject(const fs::path& path, std::initializer_list<std::string> parts) {
  expectError(
      path, [&] { readCheckpointHeader(path); }, parts);
  TinyNet net = trainedNet(4, 99);
  const auto before = snapshot(*net);
  expectError(
      path, [&] { loadCheckpoint(path, *net); }, parts);
  expectTensors(*net, before);
}

class CheckpointTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::temp_directory_path() /
           ("camz-ckpt-" + std::string(info->name()) + "-" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override {
    std::error_code ignored;
    fs::remove_all(dir_, ignored);
  }
  fs::path dir_;
};

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
       {"\"formatVersion\":1,", "\"encodingVersion\":1,", "\"trainingStep\":123456789012,",
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
