#include "training/replay/chunk_file.hpp"

#include <zstd.h>

#include <bit>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>
#include <limits>
#include <optional>
#include <string>
#include <system_error>

#include "engine/cfen.hpp"
#include "io/byte_reader.hpp"
#include "io/byte_writer.hpp"
#include "io/durable_file.hpp"
#include "nn/features/encoding.hpp"
#include "nn/features/grand_features.hpp"

namespace camelot {
namespace {

using Bytes = std::vector<std::byte>;

[[noreturn]] void fail(std::string_view origin, const std::string& problem) {
  std::string message = std::string(origin) + ": " + problem;
  for (char& c : message) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
  }
  throw ChunkError(message);
}

std::string errnoText(int error) {
  return std::strerror(error);
}

std::uint64_t checksumOf(std::span<const std::byte> bytes) {
  return fnv1a64(bytes);
}

// Thrown inside the payload parser; decodeChunk turns it into "bad sample N: <what>".
struct SampleProblem {
  std::string what;
};

template <class Rules>
void putPosition(ByteWriter& out, const typename Rules::Position& position) {
  // A CFEN or GFEN is a few hundred bytes at most; the length field could hold far more.
  out.putSized<std::uint16_t>(Rules::positionText(position));
}

template <class Rules>
typename Rules::Position getPosition(ByteReader& in, const std::string& what) {
  const std::string_view text = in.sized<std::uint16_t>(what);
  try {
    return Rules::parsePosition(text);
  } catch (const std::invalid_argument& e) {  // CfenError, GfenError
    throw SampleProblem{what + ": " + e.what()};
  }
}

// ---- The checks both sides apply ----

// What is wrong with a sample's values, if anything (the layout's ranges).
template <class Rules>
std::optional<std::string> sampleProblem(const BasicTrainingSample<Rules>& s) {
  constexpr std::int32_t kPolicyIndices = kPolicySizeOf<Rules>;
  if (s.history.size() > static_cast<std::size_t>(kMaxHistoryPlies)) {
    return std::to_string(s.history.size()) + " history positions (at most " +
           std::to_string(kMaxHistoryPlies) + ")";
  }
  if (s.policyIndices.size() != s.policyTarget.size()) {
    return std::to_string(s.policyIndices.size()) + " policy indices but " +
           std::to_string(s.policyTarget.size()) + " targets";
  }
  if (s.policyIndices.size() > 0xffff) {
    return std::to_string(s.policyIndices.size()) + " policy entries (at most 65535)";
  }
  for (std::size_t i = 0; i < s.policyIndices.size(); ++i) {
    const std::int32_t index = s.policyIndices[i];
    if (index < 0 || index >= kPolicyIndices) {
      return "policy index " + std::to_string(index) + " out of range [0, " +
             std::to_string(kPolicyIndices) + ")";
    }
    const float target = s.policyTarget[i];
    if (!std::isfinite(target) || target < 0.0f) {
      return "policy target " + std::to_string(target) + " (entry " + std::to_string(i) +
             ") is not a finite probability >= 0";
    }
  }
  if (s.result < -1 || s.result > 1) {
    return "result " + std::to_string(s.result) + " (expected -1, 0 or 1)";
  }
  if (!std::isfinite(s.rootValue)) return "rootValue is not finite";
  if (s.movesLeft < 0) return "movesLeft " + std::to_string(s.movesLeft) + " is negative";
  return std::nullopt;
}

template <class Rules>
Bytes encodePayload(std::string_view origin, std::span<const BasicTrainingSample<Rules>> samples) {
  ByteWriter out;
  for (std::size_t n = 0; n < samples.size(); ++n) {
    const BasicTrainingSample<Rules>& s = samples[n];
    if (const auto problem = sampleProblem(s)) {
      fail(origin, "cannot write sample " + std::to_string(n) + ": " + *problem);
    }
    putPosition<Rules>(out, s.position);
    out.put(static_cast<std::uint8_t>(s.history.size()));
    for (const typename Rules::Position& p : s.history)
      putPosition<Rules>(out, p);
    out.put(s.repetitions);
    out.put(static_cast<std::uint16_t>(s.policyIndices.size()));
    for (const std::int32_t index : s.policyIndices)
      out.put(index);
    for (const float target : s.policyTarget)
      out.put(target);
    out.put(s.result);
    out.put(s.rootValue);
    out.put(s.movesLeft);
    if (out.size() > kMaxChunkPayloadBytes) {
      fail(origin, "cannot write chunk: the payload passes " +
                       std::to_string(kMaxChunkPayloadBytes) + " bytes at sample " +
                       std::to_string(n));
    }
  }
  return std::move(out).bytes();
}

template <class Rules>
BasicTrainingSample<Rules> decodeSample(ByteReader& in) {
  BasicTrainingSample<Rules> s;
  s.position = getPosition<Rules>(in, "the position");
  const auto historyCount = in.get<std::uint8_t>("the history count");
  if (historyCount > kMaxHistoryPlies) {
    throw SampleProblem{std::to_string(historyCount) + " history positions (at most " +
                        std::to_string(kMaxHistoryPlies) + ")"};
  }
  s.history.reserve(historyCount);
  for (int i = 0; i < historyCount; ++i) {
    s.history.push_back(getPosition<Rules>(in, "history position " + std::to_string(i)));
  }
  s.repetitions = in.get<std::uint8_t>("the repetitions");
  const auto entries = in.get<std::uint16_t>("the policy entry count");
  if (std::size_t{entries} * 8 > in.remaining()) {
    throw SampleProblem{std::to_string(entries) + " policy entries need " +
                        std::to_string(std::size_t{entries} * 8) + " bytes, " +
                        std::to_string(in.remaining()) + " left"};
  }
  s.policyIndices.resize(entries);
  s.policyTarget.resize(entries);
  for (std::int32_t& index : s.policyIndices)
    index = in.get<std::int32_t>("the policy indices");
  for (float& target : s.policyTarget)
    target = in.get<float>("the policy targets");
  s.result = in.get<std::int8_t>("the result");
  s.rootValue = in.get<float>("the root value");
  s.movesLeft = in.get<std::int32_t>("the moves left");
  if (const auto problem = sampleProblem(s)) throw SampleProblem{*problem};
  return s;
}

// The header's checks, on its first bytes (all 40 when the chunk has them) and the chunk's
// whole size.
ChunkHeader decodeHeader(std::string_view origin, std::span<const std::byte> header,
                         std::uint64_t size) {
  // The magic first, so that any other file is called what it is, however short.
  const std::size_t magicPresent = std::min(header.size(), kChunkMagic.size());
  // (An empty file's bytes may have no address at all: memcmp is not asked about them.)
  if (magicPresent > 0 && std::memcmp(header.data(), kChunkMagic.data(), magicPresent) != 0)
    fail(origin, "bad magic (not a chunk file)");
  if (header.size() < kChunkHeaderBytes) {
    fail(origin, "truncated (" + std::to_string(size) + " bytes, the header alone needs " +
                     std::to_string(kChunkHeaderBytes) + ")");
  }
  ByteReader in(header.subspan(kChunkMagic.size()));
  ChunkHeader h;
  h.formatVersion = in.get<std::uint32_t>("the format version");
  h.sampleCount = in.get<std::uint32_t>("the sample count");
  h.payloadBytes = in.get<std::uint64_t>("the payload size");
  h.compressedBytes = in.get<std::uint64_t>("the compressed size");
  h.checksum = in.get<std::uint64_t>("the checksum");
  if (h.formatVersion > kChunkFormatVersion) {
    fail(origin, "format version " + std::to_string(h.formatVersion) +
                     " is newer than this program reads (" + std::to_string(kChunkFormatVersion) +
                     ")");
  }
  if (h.formatVersion != kChunkFormatVersion) {
    fail(origin, "unsupported format version " + std::to_string(h.formatVersion));
  }
  if (h.payloadBytes > kMaxChunkPayloadBytes) {
    fail(origin, "corrupt header (payload of " + std::to_string(h.payloadBytes) +
                     " bytes, at most " + std::to_string(kMaxChunkPayloadBytes) + ")");
  }
  if (h.sampleCount > h.payloadBytes / kMinChunkSampleBytes) {
    fail(origin, "corrupt header (" + std::to_string(h.sampleCount) + " samples cannot fit in " +
                     std::to_string(h.payloadBytes) + " payload bytes)");
  }
  if (h.payloadBytes > kMaxChunkCompressionRatio * h.compressedBytes) {
    fail(origin, "corrupt header (a payload of " + std::to_string(h.payloadBytes) + " bytes from " +
                     std::to_string(h.compressedBytes) + " compressed bytes: more than " +
                     std::to_string(kMaxChunkCompressionRatio) + " to 1)");
  }
  const std::uint64_t available = size - kChunkHeaderBytes;
  if (h.compressedBytes > available) {
    fail(origin, "truncated (the compressed payload needs " + std::to_string(h.compressedBytes) +
                     " bytes, the file has " + std::to_string(available) + ")");
  }
  if (h.compressedBytes < available) {
    fail(origin, std::to_string(available - h.compressedBytes) +
                     " unexpected bytes after the compressed payload");
  }
  return h;
}

// Opens `path` and reads its first `count` bytes (fewer when the file is shorter); `size` is
// the file's size.
Bytes readStart(const std::filesystem::path& path, std::uint64_t count, std::uint64_t& size) {
  errno = 0;
  std::ifstream file(path, std::ios::binary);
  if (!file)
    fail(path.string(), "cannot open chunk" + (errno != 0 ? " (" + errnoText(errno) + ")" : ""));
  file.seekg(0, std::ios::end);
  const std::streamoff end = file.tellg();
  file.seekg(0, std::ios::beg);
  if (end < 0 || !file) fail(path.string(), "cannot determine the file's size");
  size = static_cast<std::uint64_t>(end);
  Bytes bytes(static_cast<std::size_t>(std::min(size, count)));
  if (!file.read(reinterpret_cast<char*>(bytes.data()), static_cast<std::streamsize>(bytes.size())))
    fail(path.string(), bytes.size() <= kChunkHeaderBytes ? "read error in the header"
                                                          : "read error in the payload");
  return bytes;
}

template <class Rules>
std::vector<std::byte> encodeChunkOf(std::span<const BasicTrainingSample<Rules>> samples,
                                     std::string_view origin) {
  if (samples.size() > std::size_t{0xffffffff}) fail(origin, "too many samples for one chunk");
  const Bytes payload = encodePayload<Rules>(origin, samples);

  std::vector<char> compressed(ZSTD_compressBound(payload.size()));
  const std::size_t compressedBytes = ZSTD_compress(
      compressed.data(), compressed.size(), payload.data(), payload.size(), kChunkZstdLevel);
  if (ZSTD_isError(compressedBytes)) {
    fail(origin,
         std::string("cannot compress the payload (") + ZSTD_getErrorName(compressedBytes) + ")");
  }

  ByteWriter out;
  out.putBytes(kChunkMagic);
  out.put(kChunkFormatVersion);
  out.put(static_cast<std::uint32_t>(samples.size()));
  out.put(static_cast<std::uint64_t>(payload.size()));
  out.put(static_cast<std::uint64_t>(compressedBytes));
  out.put(checksumOf(payload));
  out.putBytes(std::string_view(compressed.data(), compressedBytes));
  return std::move(out).bytes();
}

template <class Rules>
void writeChunkOf(const std::filesystem::path& path,
                  std::span<const BasicTrainingSample<Rules>> samples) {
  const std::vector<std::byte> chunk = encodeChunkOf<Rules>(samples, path.string());
  const std::string problem = writeFileAtomically(path, {chunk}, "chunk");
  if (!problem.empty()) fail(path.string(), problem);
}

}  // namespace

std::vector<std::byte> encodeChunk(std::span<const TrainingSample> samples,
                                   std::string_view origin) {
  return encodeChunkOf<StandardRules>(samples, origin);
}

std::vector<std::byte> encodeChunk(std::span<const GrandTrainingSample> samples,
                                   std::string_view origin) {
  return encodeChunkOf<GrandRules>(samples, origin);
}

template <class Rules>
std::vector<BasicTrainingSample<Rules>> decodeChunk(std::span<const std::byte> chunk,
                                                    std::string_view origin) {
  const ChunkHeader h =
      decodeHeader(origin, chunk.first(std::min(chunk.size(), kChunkHeaderBytes)), chunk.size());
  // The header checked that exactly compressedBytes follow it.
  const std::span<const std::byte> compressed = chunk.subspan(kChunkHeaderBytes);

  // The frame's own record of its size must agree before anything is allocated for it.
  const unsigned long long frameSize =
      ZSTD_getFrameContentSize(compressed.data(), compressed.size());
  if (frameSize == ZSTD_CONTENTSIZE_ERROR || frameSize == ZSTD_CONTENTSIZE_UNKNOWN) {
    fail(origin, "corrupt payload (not a zstd frame with a known size)");
  }
  if (frameSize != h.payloadBytes) {
    fail(origin, "corrupt payload (the zstd frame holds " + std::to_string(frameSize) +
                     " bytes, the header says " + std::to_string(h.payloadBytes) + ")");
  }
  // One spare byte keeps the buffer non-empty for an empty chunk; the size is checked below.
  Bytes payload(static_cast<std::size_t>(h.payloadBytes) + 1);
  const std::size_t decompressed =
      ZSTD_decompress(payload.data(), static_cast<std::size_t>(h.payloadBytes), compressed.data(),
                      compressed.size());
  if (ZSTD_isError(decompressed)) {
    fail(origin, std::string("corrupt payload (zstd: ") + ZSTD_getErrorName(decompressed) + ")");
  }
  if (decompressed != h.payloadBytes) {
    fail(origin, "corrupt payload (decompressed to " + std::to_string(decompressed) +
                     " bytes, the header says " + std::to_string(h.payloadBytes) + ")");
  }
  payload.resize(decompressed);
  if (checksumOf(payload) != h.checksum) fail(origin, "checksum mismatch (payload corrupt)");

  ByteReader in(payload);
  std::vector<BasicTrainingSample<Rules>> samples;
  samples.reserve(h.sampleCount);
  for (std::uint32_t n = 0; n < h.sampleCount; ++n) {
    if (in.remaining() == 0) {
      fail(origin, "corrupt payload (it ends after " + std::to_string(n) +
                       " samples, the header says " + std::to_string(h.sampleCount) + ")");
    }
    try {
      samples.push_back(decodeSample<Rules>(in));
    } catch (const SampleProblem& problem) {
      fail(origin, "bad sample " + std::to_string(n) + ": " + problem.what);
    } catch (const ByteReader::Short& s) {
      fail(origin, "bad sample " + std::to_string(n) + ": the payload ends inside " + s.what +
                       " (needs " + std::to_string(s.needed) + " bytes, " + std::to_string(s.left) +
                       " left)");
    }
  }
  if (in.remaining() != 0) {
    fail(origin, "corrupt payload (" + std::to_string(in.remaining()) +
                     " bytes after the last of " + std::to_string(h.sampleCount) + " samples)");
  }
  return samples;
}

void writeChunk(const std::filesystem::path& path, std::span<const TrainingSample> samples) {
  writeChunkOf<StandardRules>(path, samples);
}

void writeChunk(const std::filesystem::path& path, std::span<const GrandTrainingSample> samples) {
  writeChunkOf<GrandRules>(path, samples);
}

ChunkHeader readChunkHeader(const std::filesystem::path& path) {
  std::uint64_t size = 0;
  const Bytes header = readStart(path, kChunkHeaderBytes, size);
  return decodeHeader(path.string(), header, size);
}

template <class Rules>
std::vector<BasicTrainingSample<Rules>> readChunk(const std::filesystem::path& path) {
  readChunkHeader(path);  // its sizes bound what is read next
  std::uint64_t size = 0;
  const Bytes chunk = readStart(path, std::numeric_limits<std::uint64_t>::max(), size);
  return decodeChunk<Rules>(chunk, path.string());
}

template std::vector<TrainingSample> decodeChunk<StandardRules>(std::span<const std::byte>,
                                                                std::string_view);
template std::vector<GrandTrainingSample> decodeChunk<GrandRules>(std::span<const std::byte>,
                                                                  std::string_view);
template std::vector<TrainingSample> readChunk<StandardRules>(const std::filesystem::path&);
template std::vector<GrandTrainingSample> readChunk<GrandRules>(const std::filesystem::path&);

}  // namespace camelot
