#include "training/replay/chunk_file.hpp"

#include <zstd.h>

#include <bit>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>
#include <optional>
#include <string>
#include <system_error>

#include "engine/cfen.hpp"
#include "engine/durable_file.hpp"
#include "nn/encoding.hpp"

namespace camelot {
namespace {

using Bytes = std::vector<unsigned char>;

[[noreturn]] void fail(const std::filesystem::path& path, const std::string& problem) {
  std::string message = path.string() + ": " + problem;
  for (char& c : message) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
  }
  throw ChunkError(message);
}

std::string errnoText(int error) {
  return std::strerror(error);
}

std::uint64_t checksumOf(const Bytes& bytes) {
  return fnv1a64(std::as_bytes(std::span(bytes)));
}

// ---- Little-endian writing ----

template <typename Unsigned>
void putUnsigned(Bytes& out, Unsigned value) {
  for (std::size_t i = 0; i < sizeof(Unsigned); ++i) {
    out.push_back(static_cast<unsigned char>(value >> (8 * i)));
  }
}

void putU8(Bytes& out, std::uint8_t v) {
  out.push_back(v);
}
void putU16(Bytes& out, std::uint16_t v) {
  putUnsigned(out, v);
}
void putU32(Bytes& out, std::uint32_t v) {
  putUnsigned(out, v);
}
void putU64(Bytes& out, std::uint64_t v) {
  putUnsigned(out, v);
}
void putI32(Bytes& out, std::int32_t v) {
  putU32(out, static_cast<std::uint32_t>(v));
}
void putF32(Bytes& out, float v) {
  putU32(out, std::bit_cast<std::uint32_t>(v));
}

void putCfen(Bytes& out, const Position& position) {
  const std::string text = toCfen(position);
  // A CFEN is a few hundred bytes at most; the length field could hold far more.
  putU16(out, static_cast<std::uint16_t>(text.size()));
  out.insert(out.end(), text.begin(), text.end());
}

// ---- Little-endian reading, bounded by the payload ----

// Thrown inside the payload parser; readChunk turns it into "bad sample N: <what>".
struct SampleProblem {
  std::string what;
};

class PayloadReader {
 public:
  explicit PayloadReader(std::span<const unsigned char> bytes) : bytes_(bytes) {}

  std::size_t remaining() const { return bytes_.size() - offset_; }

  std::span<const unsigned char> take(std::size_t count, const char* what) {
    if (count > remaining()) {
      throw SampleProblem{std::string("the payload ends inside ") + what + " (needs " +
                          std::to_string(count) + " bytes, " + std::to_string(remaining()) +
                          " left)"};
    }
    const auto part = bytes_.subspan(offset_, count);
    offset_ += count;
    return part;
  }

  template <typename Unsigned>
  Unsigned readUnsigned(const char* what) {
    const auto part = take(sizeof(Unsigned), what);
    Unsigned value = 0;
    for (std::size_t i = 0; i < sizeof(Unsigned); ++i) {
      value |= static_cast<Unsigned>(static_cast<Unsigned>(part[i]) << (8 * i));
    }
    return value;
  }

  std::uint8_t u8(const char* what) { return readUnsigned<std::uint8_t>(what); }
  std::uint16_t u16(const char* what) { return readUnsigned<std::uint16_t>(what); }
  std::int32_t i32(const char* what) {
    return static_cast<std::int32_t>(readUnsigned<std::uint32_t>(what));
  }
  float f32(const char* what) { return std::bit_cast<float>(readUnsigned<std::uint32_t>(what)); }

  Position cfen(const std::string& what) {
    const std::uint16_t length = u16((what + " length").c_str());
    const auto text = take(length, what.c_str());
    try {
      return parseCfen(std::string_view(reinterpret_cast<const char*>(text.data()), text.size()));
    } catch (const CfenError& e) {
      throw SampleProblem{what + ": " + e.what()};
    }
  }

 private:
  std::span<const unsigned char> bytes_;
  std::size_t offset_ = 0;
};

// ---- The checks both sides apply ----

// What is wrong with a sample's values, if anything (the layout's ranges).
std::optional<std::string> sampleProblem(const TrainingSample& s) {
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
    if (index < 0 || index >= kPolicySize) {
      return "policy index " + std::to_string(index) + " out of range [0, " +
             std::to_string(kPolicySize) + ")";
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

Bytes encodePayload(const std::filesystem::path& path, std::span<const TrainingSample> samples) {
  Bytes out;
  for (std::size_t n = 0; n < samples.size(); ++n) {
    const TrainingSample& s = samples[n];
    if (const auto problem = sampleProblem(s)) {
      fail(path, "cannot write sample " + std::to_string(n) + ": " + *problem);
    }
    putCfen(out, s.position);
    putU8(out, static_cast<std::uint8_t>(s.history.size()));
    for (const Position& p : s.history)
      putCfen(out, p);
    putU8(out, s.repetitions);
    putU16(out, static_cast<std::uint16_t>(s.policyIndices.size()));
    for (const std::int32_t index : s.policyIndices)
      putI32(out, index);
    for (const float target : s.policyTarget)
      putF32(out, target);
    putU8(out, static_cast<std::uint8_t>(s.result));
    putF32(out, s.rootValue);
    putI32(out, s.movesLeft);
    if (out.size() > kMaxChunkPayloadBytes) {
      fail(path, "cannot write chunk: the payload passes " + std::to_string(kMaxChunkPayloadBytes) +
                     " bytes at sample " + std::to_string(n));
    }
  }
  return out;
}

TrainingSample decodeSample(PayloadReader& in) {
  TrainingSample s;
  s.position = in.cfen("the position");
  const std::uint8_t historyCount = in.u8("the history count");
  if (historyCount > kMaxHistoryPlies) {
    throw SampleProblem{std::to_string(historyCount) + " history positions (at most " +
                        std::to_string(kMaxHistoryPlies) + ")"};
  }
  s.history.reserve(historyCount);
  for (int i = 0; i < historyCount; ++i) {
    s.history.push_back(in.cfen("history position " + std::to_string(i)));
  }
  s.repetitions = in.u8("the repetitions");
  const std::uint16_t entries = in.u16("the policy entry count");
  if (std::size_t{entries} * 8 > in.remaining()) {
    throw SampleProblem{std::to_string(entries) + " policy entries need " +
                        std::to_string(std::size_t{entries} * 8) + " bytes, " +
                        std::to_string(in.remaining()) + " left"};
  }
  s.policyIndices.resize(entries);
  s.policyTarget.resize(entries);
  for (std::int32_t& index : s.policyIndices)
    index = in.i32("the policy indices");
  for (float& target : s.policyTarget)
    target = in.f32("the policy targets");
  s.result = static_cast<std::int8_t>(in.u8("the result"));
  s.rootValue = in.f32("the root value");
  s.movesLeft = in.i32("the moves left");
  if (const auto problem = sampleProblem(s)) throw SampleProblem{*problem};
  return s;
}

std::uint32_t getU32(const unsigned char* p) {
  std::uint32_t v = 0;
  for (int i = 0; i < 4; ++i)
    v |= std::uint32_t{p[i]} << (8 * i);
  return v;
}

std::uint64_t getU64(const unsigned char* p) {
  std::uint64_t v = 0;
  for (int i = 0; i < 8; ++i)
    v |= std::uint64_t{p[i]} << (8 * i);
  return v;
}

// Opens `path`, reads and checks its header; `file` is left just after the header.
ChunkHeader openAndReadHeader(const std::filesystem::path& path, std::ifstream& file) {
  errno = 0;
  file.open(path, std::ios::binary);
  if (!file) {
    fail(path, "cannot open chunk" + (errno != 0 ? " (" + errnoText(errno) + ")" : ""));
  }
  file.seekg(0, std::ios::end);
  const std::streamoff end = file.tellg();
  file.seekg(0, std::ios::beg);
  if (end < 0 || !file) fail(path, "cannot determine the file's size");
  const auto fileSize = static_cast<std::uint64_t>(end);

  unsigned char header[kChunkHeaderBytes] = {};
  const std::size_t present =
      static_cast<std::size_t>(std::min<std::uint64_t>(fileSize, kChunkHeaderBytes));
  if (!file.read(reinterpret_cast<char*>(header), static_cast<std::streamsize>(present))) {
    fail(path, "read error in the header");
  }
  // The magic first, so that any other file is called what it is, however short.
  const std::size_t magicPresent = std::min(present, kChunkMagic.size());
  if (std::memcmp(header, kChunkMagic.data(), magicPresent) != 0) {
    fail(path, "bad magic (not a chunk file)");
  }
  if (present < kChunkHeaderBytes) {
    fail(path, "truncated (" + std::to_string(fileSize) + " bytes, the header alone needs " +
                   std::to_string(kChunkHeaderBytes) + ")");
  }

  ChunkHeader h;
  h.formatVersion = getU32(header + 8);
  h.sampleCount = getU32(header + 12);
  h.payloadBytes = getU64(header + 16);
  h.compressedBytes = getU64(header + 24);
  h.checksum = getU64(header + 32);
  if (h.formatVersion > kChunkFormatVersion) {
    fail(path, "format version " + std::to_string(h.formatVersion) +
                   " is newer than this program reads (" + std::to_string(kChunkFormatVersion) +
                   ")");
  }
  if (h.formatVersion != kChunkFormatVersion) {
    fail(path, "unsupported format version " + std::to_string(h.formatVersion));
  }
  if (h.payloadBytes > kMaxChunkPayloadBytes) {
    fail(path, "corrupt header (payload of " + std::to_string(h.payloadBytes) + " bytes, at most " +
                   std::to_string(kMaxChunkPayloadBytes) + ")");
  }
  if (h.sampleCount > h.payloadBytes / kMinChunkSampleBytes) {
    fail(path, "corrupt header (" + std::to_string(h.sampleCount) + " samples cannot fit in " +
                   std::to_string(h.payloadBytes) + " payload bytes)");
  }
  if (h.payloadBytes > kMaxChunkCompressionRatio * h.compressedBytes) {
    fail(path, "corrupt header (a payload of " + std::to_string(h.payloadBytes) + " bytes from " +
                   std::to_string(h.compressedBytes) + " compressed bytes: more than " +
                   std::to_string(kMaxChunkCompressionRatio) + " to 1)");
  }
  const std::uint64_t available = fileSize - kChunkHeaderBytes;
  if (h.compressedBytes > available) {
    fail(path, "truncated (the compressed payload needs " + std::to_string(h.compressedBytes) +
                   " bytes, the file has " + std::to_string(available) + ")");
  }
  if (h.compressedBytes < available) {
    fail(path, std::to_string(available - h.compressedBytes) +
                   " unexpected bytes after the compressed payload");
  }
  return h;
}

}  // namespace

void writeChunk(const std::filesystem::path& path, std::span<const TrainingSample> samples) {
  if (samples.size() > std::size_t{0xffffffff}) fail(path, "too many samples for one chunk");
  const Bytes payload = encodePayload(path, samples);

  Bytes compressed(ZSTD_compressBound(payload.size()));
  const std::size_t compressedBytes = ZSTD_compress(
      compressed.data(), compressed.size(), payload.data(), payload.size(), kChunkZstdLevel);
  if (ZSTD_isError(compressedBytes)) {
    fail(path,
         std::string("cannot compress the payload (") + ZSTD_getErrorName(compressedBytes) + ")");
  }
  compressed.resize(compressedBytes);

  Bytes header;
  header.insert(header.end(), kChunkMagic.begin(), kChunkMagic.end());
  putU32(header, kChunkFormatVersion);
  putU32(header, static_cast<std::uint32_t>(samples.size()));
  putU64(header, payload.size());
  putU64(header, compressed.size());
  putU64(header, checksumOf(payload));

  const std::string problem = writeFileAtomically(
      path, {std::as_bytes(std::span(header)), std::as_bytes(std::span(compressed))}, "chunk");
  if (!problem.empty()) fail(path, problem);
}

ChunkHeader readChunkHeader(const std::filesystem::path& path) {
  std::ifstream file;
  return openAndReadHeader(path, file);
}

std::vector<TrainingSample> readChunk(const std::filesystem::path& path) {
  std::ifstream file;
  const ChunkHeader h = openAndReadHeader(path, file);

  // The header checked that exactly compressedBytes remain in the file.
  Bytes compressed(static_cast<std::size_t>(h.compressedBytes));
  if (!file.read(reinterpret_cast<char*>(compressed.data()),
                 static_cast<std::streamsize>(compressed.size()))) {
    fail(path, "read error in the payload");
  }

  // The frame's own record of its size must agree before anything is allocated for it.
  const unsigned long long frameSize =
      ZSTD_getFrameContentSize(compressed.data(), compressed.size());
  if (frameSize == ZSTD_CONTENTSIZE_ERROR || frameSize == ZSTD_CONTENTSIZE_UNKNOWN) {
    fail(path, "corrupt payload (not a zstd frame with a known size)");
  }
  if (frameSize != h.payloadBytes) {
    fail(path, "corrupt payload (the zstd frame holds " + std::to_string(frameSize) +
                   " bytes, the header says " + std::to_string(h.payloadBytes) + ")");
  }
  // One spare byte keeps the buffer non-empty for an empty chunk; the size is checked below.
  Bytes payload(static_cast<std::size_t>(h.payloadBytes) + 1);
  const std::size_t decompressed =
      ZSTD_decompress(payload.data(), static_cast<std::size_t>(h.payloadBytes), compressed.data(),
                      compressed.size());
  if (ZSTD_isError(decompressed)) {
    fail(path, std::string("corrupt payload (zstd: ") + ZSTD_getErrorName(decompressed) + ")");
  }
  if (decompressed != h.payloadBytes) {
    fail(path, "corrupt payload (decompressed to " + std::to_string(decompressed) +
                   " bytes, the header says " + std::to_string(h.payloadBytes) + ")");
  }
  payload.resize(decompressed);
  if (checksumOf(payload) != h.checksum) fail(path, "checksum mismatch (payload corrupt)");

  PayloadReader in(payload);
  std::vector<TrainingSample> samples;
  samples.reserve(h.sampleCount);
  for (std::uint32_t n = 0; n < h.sampleCount; ++n) {
    if (in.remaining() == 0) {
      fail(path, "corrupt payload (it ends after " + std::to_string(n) +
                     " samples, the header says " + std::to_string(h.sampleCount) + ")");
    }
    try {
      samples.push_back(decodeSample(in));
    } catch (const SampleProblem& problem) {
      fail(path, "bad sample " + std::to_string(n) + ": " + problem.what);
    }
  }
  if (in.remaining() != 0) {
    fail(path, "corrupt payload (" + std::to_string(in.remaining()) + " bytes after the last of " +
                   std::to_string(h.sampleCount) + " samples)");
  }
  return samples;
}

}  // namespace camelot
