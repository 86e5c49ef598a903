#pragma once
// The checkpoint file: one file holding a network's weights plus a small header that says how to
// build the network and whether its inputs still mean what they meant when it was trained.
//
// Layout (every integer little-endian):
//
//   offset  size  field
//   0       8     magic "CAMZNET\n"
//   8       4     uint32 format version (kCheckpointFormatVersion when written)
//   12      4     uint32 header length H (at most kMaxCheckpointHeaderBytes)
//   16      H     the header: a JSON object in UTF-8 text ending in '\n', so `head -c 400 file`
//                 shows it. Its fields are named like CheckpointHeader's:
//                   {"formatVersion":1,"encodingVersion":1,"trainingStep":0,"generation":0,
//                    "config":{"architecture":"resnet","blocks":6,...the family's fields...},
//                    "weightsBytes":123456,"weightsChecksum":"0123456789abcdef"}
//                 weightsChecksum is 16 lowercase hex digits (a JSON number would lose bits in
//                 many readers). Readers require every field above and ignore unknown ones.
//   16+H    W     the tensor section, W = weightsBytes bytes:
//                   uint32 tensor count
//                   per tensor, in the training module's named_parameters(true) then
//                   named_buffers(true) order:
//                     uint16 name length (1..256), the name's bytes
//                     uint8  dtype: 0 = float32, 1 = int64 (BatchNorm's num_batches_tracked)
//                     uint8  rank (0..8)
//                     int64  dims[rank] (each >= 0)
//                     the data: product(dims) elements, contiguous, row-major
//   end           the file ends exactly after the tensor section.
//
// weightsChecksum is FNV-1a 64 over the whole tensor section (all W bytes), so it is computed
// before the header is written. A single changed byte always changes it.
//
// "config.architecture" is "resnet" or "mlp" (absent in checkpoints written before the mlp
// existed: resnet). A resnet config holds blocks, channels, globalPoolingEvery, policyChannels,
// valueChannels, valueHidden, historyPlies and tacticalPlanes; an mlp config accumulator,
// hidden, moveEmbedding and historyPlies (0).
//
// This header and checkpoint.cpp are torch-free (the mlp's plain C++ inference reads its
// weights here); nn/torch/checkpoint_module.hpp moves a LibTorch module's tensors in and out.

#include <cstdint>
#include <filesystem>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "nn/network_config.hpp"

namespace camelot {

inline constexpr std::uint32_t kCheckpointFormatVersion = 1;
inline constexpr std::string_view kCheckpointMagic{"CAMZNET\n", 8};
inline constexpr std::uint32_t kMaxCheckpointHeaderBytes = 4096;

struct CheckpointHeader {
  std::uint32_t formatVersion = kCheckpointFormatVersion;
  NetworkConfig config;
  int encodingVersion = 0;  // kEncodingVersion of the program that trained the weights
  std::int64_t trainingStep = 0;
  std::int64_t generation = 0;
  std::uint64_t weightsChecksum = 0;  // FNV-1a 64 of the tensor section
  std::uint64_t weightsBytes = 0;     // length of the tensor section

  bool operator==(const CheckpointHeader&) const = default;
};

// Every error is one line: the file's path, a colon, then the problem.
class CheckpointError : public std::runtime_error {
 public:
  using runtime_error::runtime_error;
};

// The dtypes a stored tensor may have.
inline constexpr std::uint8_t kTensorFloat32 = 0;
inline constexpr std::uint8_t kTensorInt64 = 1;  // BatchNorm's num_batches_tracked

// One tensor of the tensor section: its name, dtype code, shape and raw little-endian data.
struct StoredTensor {
  std::string name;
  std::uint8_t dtype = kTensorFloat32;
  std::vector<std::int64_t> shape;
  std::vector<std::byte> data;

  std::int64_t elements() const;
  // The data as floats (dtype float32).
  std::vector<float> floats() const;
};

// "[3, 4]".
std::string shapeText(const std::vector<std::int64_t>& shape);
// "float32", "int64", "unknown".
const char* dtypeName(std::uint8_t dtype);

// Writes `header` and `tensors` (in order) to `path` atomically: into `path` + ".tmp-<pid>"
// first, flushed to disk and closed, then renamed over `path`. Fills in formatVersion,
// weightsChecksum and weightsBytes itself. Throws CheckpointError naming the file if the config
// is invalid, a tensor cannot be stored (a dtype other than float32/int64, a name longer than 256
// bytes, rank above 8, data of the wrong size) or the file cannot be written; an existing file at
// `path` then stays as it was and no temporary file is left behind.
void writeCheckpoint(const std::filesystem::path& path, CheckpointHeader header,
                     std::span<const StoredTensor> tensors);

// Reads and validates the header only: magic, format version, every JSON field present and in
// range (the config through validate()), and the file's size matching weightsBytes. Does not
// read the weights or check the checksum. Throws CheckpointError.
CheckpointHeader readCheckpointHeader(const std::filesystem::path& path);

struct CheckpointContents {
  CheckpointHeader header;
  std::vector<StoredTensor> tensors;
};

// Reads the header and every tensor, verifying the checksum and the tensor section's structure.
// Does not check the encoding version: call requireCompatible for that. Throws CheckpointError.
CheckpointContents readCheckpoint(const std::filesystem::path& path);

// Throws CheckpointError "<path>: <problem>" as one line (control characters become '?').
[[noreturn]] void failCheckpoint(const std::filesystem::path& path, const std::string& problem);

// Throws CheckpointError unless the checkpoint's inputs are encoded the way this program encodes
// them (header.encodingVersion == kEncodingVersion).
void requireCompatible(const std::filesystem::path& path, const CheckpointHeader& header);

// FNV-1a 64 of `bytes` (the checksum the format uses).
std::uint64_t checkpointChecksum(std::span<const std::byte> bytes);

}  // namespace camelot
