#pragma once
// Shared by the checkpoint tests (checkpoint_test.cpp, checkpoint_damage_test.cpp): a small
// module with every kind of tensor a network has, byte helpers that take a checkpoint file apart
// and put it together again, and the check that a damaged file is refused with one line naming
// it while the target module stays untouched.

#include <gtest/gtest.h>
#include <torch/nn/modules/activation.h>
#include <torch/nn/modules/batchnorm.h>
#include <torch/nn/modules/container/sequential.h>
#include <torch/nn/modules/conv.h>
#include <torch/nn/modules/linear.h>
#include <torch/utils.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <iterator>
#include <string>
#include <vector>

#include "nn/features/encoding.hpp"
#include "nn/torch/checkpoint_module.hpp"
#include "tests/scratch_dir.hpp"

namespace camelot::checkpoint_test {

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
inline TinyNet trainedNet(int channels, std::uint64_t seed) {
  torch::manual_seed(seed);
  TinyNet net(channels);
  net->train();
  for (int i = 0; i < 3; ++i)
    net->forward(torch::randn({4, 3, 4, 4}) * 2 + 1);
  net->eval();
  return net;
}

inline std::vector<torch::Tensor> allTensors(const torch::nn::Module& module) {
  std::vector<torch::Tensor> result;
  for (const auto& p : module.named_parameters())
    result.push_back(p.value());
  for (const auto& b : module.named_buffers())
    result.push_back(b.value());
  return result;
}

inline std::vector<torch::Tensor> snapshot(const torch::nn::Module& module) {
  std::vector<torch::Tensor> result;
  for (const auto& t : allTensors(module))
    result.push_back(t.detach().clone());
  return result;
}

// Same tensors, bit for bit (torch::equal on float compares values: also compare the bytes).
inline bool sameBits(const torch::Tensor& a, const torch::Tensor& b) {
  if (a.sizes() != b.sizes() || a.scalar_type() != b.scalar_type()) return false;
  const auto ac = a.contiguous(), bc = b.contiguous();
  return ac.nbytes() == bc.nbytes() &&
         (ac.nbytes() == 0 || std::memcmp(ac.data_ptr(), bc.data_ptr(), ac.nbytes()) == 0);
}

inline void expectTensors(const torch::nn::Module& module,
                          const std::vector<torch::Tensor>& expected) {
  const auto actual = allTensors(module);
  ASSERT_EQ(actual.size(), expected.size());
  for (std::size_t i = 0; i < actual.size(); ++i)
    EXPECT_TRUE(sameBits(actual[i], expected[i])) << i;
}

inline CheckpointHeader exampleHeader() {
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

inline Bytes readBytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  Bytes bytes(text.size());
  if (!text.empty()) std::memcpy(bytes.data(), text.data(), text.size());
  return bytes;
}

inline void writeBytes(const fs::path& path, const Bytes& bytes, std::size_t length) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(length));
}
inline void writeBytes(const fs::path& path, const Bytes& bytes) {
  writeBytes(path, bytes, bytes.size());
}

inline std::uint32_t u32At(const Bytes& bytes, std::size_t offset) {
  std::uint32_t value = 0;
  for (int i = 3; i >= 0; --i)
    value = (value << 8) | std::to_integer<std::uint32_t>(bytes[offset + i]);
  return value;
}
inline void setU32(Bytes& bytes, std::size_t offset, std::uint32_t value) {
  for (int i = 0; i < 4; ++i)
    bytes[offset + i] = static_cast<std::byte>((value >> (8 * i)) & 0xFF);
}
template <typename T>
inline void append(Bytes& bytes, T value) {
  for (std::size_t i = 0; i < sizeof(T); ++i) {
    bytes.push_back(static_cast<std::byte>((static_cast<std::uint64_t>(value) >> (8 * i)) & 0xFF));
  }
}

inline std::string hex64(std::uint64_t value) {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(value));
  return text;
}

// A checkpoint taken apart: the JSON header text and the tensor section.
struct Parts {
  std::string json;
  Bytes section;
};

inline Parts split(const Bytes& file) {
  const std::uint32_t length = u32At(file, 12);
  Parts parts;
  parts.json.assign(reinterpret_cast<const char*>(file.data()) + 16, length);
  parts.section.assign(file.begin() + 16 + length, file.end());
  return parts;
}

inline Bytes assemble(const std::string& json, const Bytes& section, std::uint32_t version = 1) {
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
inline std::string replaced(std::string json, const std::string& from, const std::string& to) {
  const auto at = json.find(from);
  EXPECT_NE(at, std::string::npos) << from << " not in " << json;
  if (at != std::string::npos) json.replace(at, from.size(), to);
  return json;
}

// A section whose header states its true length and checksum.
inline Bytes withSection(const Parts& parts, const Bytes& section) {
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
inline void expectError(const fs::path& path, Action&& action,
                        std::initializer_list<std::string> parts) {
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
inline void expectBothReject(const fs::path& path, std::initializer_list<std::string> parts) {
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
  testing_support::ScratchDir dir_;
};

}  // namespace camelot::checkpoint_test
