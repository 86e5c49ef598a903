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
//                    "config":{"blocks":6,"channels":64,...every NetworkConfig field...},
//                    "weightsBytes":123456,"weightsChecksum":"0123456789abcdef"}
//                 weightsChecksum is 16 lowercase hex digits (a JSON number would lose bits in
//                 many readers). Readers require every field above and ignore unknown ones.
//   16+H    W     the tensor section, W = weightsBytes bytes:
//                   uint32 tensor count
//                   per tensor, in named_parameters(true) then named_buffers(true) order:
//                     uint16 name length (1..256), the name's bytes
//                     uint8  dtype: 0 = float32, 1 = int64 (BatchNorm's num_batches_tracked)
//                     uint8  rank (0..8)
//                     int64  dims[rank] (each >= 0)
//                     the data: product(dims) elements, contiguous, row-major
//   end           the file ends exactly after the tensor section.
//
// weightsChecksum is FNV-1a 64 over the whole tensor section (all W bytes), so it is computed
// before the header is written. A single changed byte always changes it.

#include <cstdint>
#include <filesystem>
#include <span>
#include <stdexcept>
#include <string_view>

#include "nn/network_config.hpp"

// Declared, not included: this header stays free of LibTorch's slow-to-compile headers, so code
// that only reads headers need not pay for them. Callers that load or write weights include
// <torch/nn/module.h> anyway.
namespace torch::nn {
class Module;
}  // namespace torch::nn

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

// Writes `header` and the module's parameters and buffers to `path` atomically: into
// `path` + ".tmp-<pid>" first, flushed to disk and closed, then renamed over `path`. Fills in
// formatVersion, weightsChecksum and weightsBytes itself. Throws CheckpointError naming the file
// if the config is invalid, a tensor cannot be stored (dtype other than float32/int64, a name
// longer than 256 bytes, rank above 8) or the file cannot be written; an existing file at
// `path` then stays as it was and no temporary file is left behind.
void writeCheckpoint(const std::filesystem::path& path, CheckpointHeader header,
                     const torch::nn::Module& module);

// Reads and validates the header only: magic, format version, every JSON field present and in
// range (the config through validate()), and the file's size matching weightsBytes. Does not
// read the weights or check the checksum. Throws CheckpointError.
CheckpointHeader readCheckpointHeader(const std::filesystem::path& path);

// Reads the header and loads the weights into `module`, which must already have the
// architecture (the caller builds it from readCheckpointHeader(path).config). Verifies the
// checksum and that the tensor names, dtypes and shapes are exactly the module's, in order,
// before it copies anything: on any error it throws CheckpointError and the module is unchanged.
// Does not check the encoding version: call requireCompatible for that.
CheckpointHeader loadCheckpoint(const std::filesystem::path& path, torch::nn::Module& module);

// Throws CheckpointError unless the checkpoint's inputs are encoded the way this program encodes
// them (header.encodingVersion == kEncodingVersion).
void requireCompatible(const std::filesystem::path& path, const CheckpointHeader& header);

// FNV-1a 64 of `bytes` (the checksum the format uses).
std::uint64_t checkpointChecksum(std::span<const std::byte> bytes);

}  // namespace camelot
