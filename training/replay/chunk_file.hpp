#pragma once
// The chunk file: the TrainingSamples of one self-play batch, as the replay buffer keeps them on
// disk (docs/replay_buffer.md). Torch-free.
//
// Layout (every integer little-endian, floats IEEE-754 binary32 written as their bit pattern):
//
//   offset  size  field
//   0       8     magic "CAMZCHK\n"
//   8       4     uint32 format version (kChunkFormatVersion when written)
//   12      4     uint32 sample count N
//   16      8     uint64 uncompressed payload bytes U (at most kMaxChunkPayloadBytes)
//   24      8     uint64 compressed payload bytes C
//   32      8     uint64 FNV-1a 64 of the uncompressed payload (all U bytes)
//   40      C     the payload as one zstd frame (ZSTD_compress, level 3; the frame records U)
//   40+C          the file ends exactly here.
//
// The uncompressed payload is the N samples one after another, each:
//
//   uint16  position CFEN length L (engine/cfen.hpp), then L bytes of CFEN text (a Grand
//           Camelot run's chunks hold GFEN, engine/grand/grand_position.hpp, and its policy
//           indices are nn/features/grand_features.hpp's; the reader is told which it reads)
//   uint8   history count H (0..kMaxHistoryPlies), then H positions, oldest first, each as
//           uint16 CFEN length + CFEN bytes like the position
//   uint8   repetitions
//   uint16  policy entry count P, then P int32 policy indices (each in [0, kPolicySize)), then
//           P float32 targets (each finite and >= 0), in the same order
//   int8    result (-1, 0 or +1)
//   float32 rootValue (finite)
//   int32   movesLeft (>= 0)
//
// and nothing after the last one. A sample takes at least kMinChunkSampleBytes bytes, which
// bounds N by U before anything is decompressed.
//
// The reader checks, in order: the magic, the version (a newer one is refused with its own
// message), the header sizes (U bounded, N plausible for U, the file exactly 40 + C bytes), the
// zstd frame's recorded size against U, the decompression, the checksum, then every sample.

#include <cstdint>
#include <filesystem>
#include <span>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "nn/training_sample.hpp"

namespace camelot {

inline constexpr std::string_view kChunkMagic{"CAMZCHK\n", 8};
inline constexpr std::uint32_t kChunkFormatVersion = 1;
inline constexpr std::size_t kChunkHeaderBytes = 40;
// Larger payloads are refused on both sides (a corrupt header must not allocate gigabytes).
inline constexpr std::uint64_t kMaxChunkPayloadBytes = std::uint64_t{1} << 30;
// Real chunks compress about 2:1; a header declaring more than this ratio is refused before
// anything is allocated (a crafted 32 KB frame of zeros would otherwise take 1 GiB).
inline constexpr std::uint64_t kMaxChunkCompressionRatio = 64;
// The fixed-size fields of one sample with an empty position text, history and policy.
inline constexpr std::uint64_t kMinChunkSampleBytes = 2 + 1 + 1 + 2 + 1 + 4 + 4;
inline constexpr int kChunkZstdLevel = 3;

// A chunk that cannot be written or read. what() is one line, starting with the file's path
// followed by ": " and the problem ("bad magic ...", "format version 2 is newer ...",
// "truncated ...", "checksum mismatch ...", "corrupt payload ...", "bad sample 3: ...").
class ChunkError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// What the 40-byte header says, after the reader's checks on it.
struct ChunkHeader {
  std::uint32_t formatVersion = kChunkFormatVersion;
  std::uint32_t sampleCount = 0;
  std::uint64_t payloadBytes = 0;     // uncompressed
  std::uint64_t compressedBytes = 0;  // as stored
  std::uint64_t checksum = 0;         // FNV-1a 64 of the uncompressed payload
};

// A chunk's bytes in memory, as a file holds them: what ranks send each other under MPI.
// `origin` names the chunk in errors (a path, "rank 2"). Throws ChunkError.
std::vector<std::byte> encodeChunk(std::span<const TrainingSample> samples,
                                   std::string_view origin);
std::vector<std::byte> encodeChunk(std::span<const GrandTrainingSample> samples,
                                   std::string_view origin);
// Checks and decodes a whole chunk held in memory, as readChunk does a file, as samples of the
// variant `Rules` (engine/game_rules.hpp). Throws ChunkError.
template <class Rules = StandardRules>
std::vector<BasicTrainingSample<Rules>> decodeChunk(std::span<const std::byte> chunk,
                                                    std::string_view origin);

// Writes `samples` to `path` atomically: to `path` + ".tmp-<pid>" first (synced), then renamed
// over `path`, so a reader sees the old file or the whole new one. Refuses samples the reader
// would refuse (see the layout). Throws ChunkError; leaves no temporary file behind.
void writeChunk(const std::filesystem::path& path, std::span<const TrainingSample> samples);
void writeChunk(const std::filesystem::path& path, std::span<const GrandTrainingSample> samples);

// Reads and checks every sample of a chunk, as samples of the variant `Rules`. Throws
// ChunkError.
template <class Rules = StandardRules>
std::vector<BasicTrainingSample<Rules>> readChunk(const std::filesystem::path& path);

// Reads and checks only the header (magic, version, sizes, the file's length), without the
// payload: what the replay buffer uses to count the samples of chunks outside its window.
// Throws ChunkError.
ChunkHeader readChunkHeader(const std::filesystem::path& path);

}  // namespace camelot
