#include "nn/checkpoint.hpp"

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "io/byte_reader.hpp"
#include "io/byte_writer.hpp"
#include "io/durable_file.hpp"
#include "nn/features/encoding.hpp"

namespace camelot {

static_assert(
    std::endian::native == std::endian::little,
    "checkpoints store tensor data in the host's byte order, which must be little-endian");

namespace {

using Json = nlohmann::ordered_json;

constexpr std::size_t kPrefixBytes = 16;  // magic, format version, header length
constexpr std::size_t kMaxNameBytes = 256;
constexpr std::size_t kMaxRank = 8;

[[noreturn]] void fail(const std::filesystem::path& path, const std::string& problem) {
  failCheckpoint(path, problem);
}

std::size_t elementBytes(std::uint8_t dtype) {
  return dtype == kTensorFloat32 ? 4 : 8;
}

std::string hex64(std::uint64_t value) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string text(16, '0');
  for (int i = 15; i >= 0; --i) {
    text[static_cast<std::size_t>(i)] = kDigits[value & 0xF];
    value >>= 4;
  }
  return text;
}

std::optional<std::uint64_t> parseHex64(const std::string& text) {
  if (text.size() != 16) return std::nullopt;
  std::uint64_t value = 0;
  for (char c : text) {
    int digit;
    if (c >= '0' && c <= '9') {
      digit = c - '0';
    } else if (c >= 'a' && c <= 'f') {
      digit = c - 'a' + 10;
    } else {
      return std::nullopt;
    }
    value = (value << 4) | static_cast<std::uint64_t>(digit);
  }
  return value;
}

// ---- The tensor section ---------------------------------------------------------------------

std::vector<std::byte> encodeTensors(const std::filesystem::path& path,
                                     std::span<const StoredTensor> tensors) {
  if (tensors.size() > std::numeric_limits<std::uint32_t>::max()) {
    fail(path, "too many tensors to store");
  }
  ByteWriter out;
  out.put(static_cast<std::uint32_t>(tensors.size()));
  for (const StoredTensor& t : tensors) {
    if (t.name.empty() || t.name.size() > kMaxNameBytes) {
      fail(path, "cannot store tensor '" + t.name + "' (names must be 1.." +
                     std::to_string(kMaxNameBytes) + " bytes)");
    }
    if (t.dtype != kTensorFloat32 && t.dtype != kTensorInt64) {
      fail(path, "cannot store tensor '" + t.name + "' of dtype code " + std::to_string(t.dtype) +
                     " (only float32 and int64)");
    }
    if (t.shape.size() > kMaxRank) {
      fail(path, "cannot store tensor '" + t.name + "' of rank " + std::to_string(t.shape.size()) +
                     " (at most " + std::to_string(kMaxRank) + ")");
    }
    if (t.data.size() != static_cast<std::size_t>(t.elements()) * elementBytes(t.dtype)) {
      fail(path, "cannot store tensor '" + t.name + "' (" + std::to_string(t.data.size()) +
                     " bytes of data for shape " + shapeText(t.shape) + ")");
    }
    out.put(static_cast<std::uint16_t>(t.name.size()));
    out.putBytes(t.name);
    out.put(t.dtype);
    out.put(static_cast<std::uint8_t>(t.shape.size()));
    for (const auto size : t.shape)
      out.put(static_cast<std::int64_t>(size));
    out.putBytes(t.data);
  }
  return std::move(out).bytes();
}

// ---- The header ---------------------------------------------------------------------------------

Json headerToJson(const CheckpointHeader& header) {
  const NetworkConfig& c = header.config;
  Json json;
  json["formatVersion"] = header.formatVersion;
  json["encodingVersion"] = header.encodingVersion;
  json["trainingStep"] = header.trainingStep;
  json["generation"] = header.generation;
  if (c.architecture == Architecture::Mlp) {
    json["config"] = {{"architecture", architectureName(c.architecture)},
                      {"accumulator", c.accumulator},
                      {"hidden", c.hidden},
                      {"moveEmbedding", c.moveEmbedding},
                      {"historyPlies", c.historyPlies}};
    // Only Grand Camelot's say so: a standard network's header is as it always was.
    if (c.variant != Variant::Standard) json["config"]["variant"] = variantName(c.variant);
  } else {
    json["config"] = {{"architecture", architectureName(c.architecture)},
                      {"blocks", c.blocks},
                      {"channels", c.channels},
                      {"globalPoolingEvery", c.globalPoolingEvery},
                      {"policyChannels", c.policyChannels},
                      {"valueChannels", c.valueChannels},
                      {"valueHidden", c.valueHidden},
                      {"historyPlies", c.historyPlies},
                      {"tacticalPlanes", c.tacticalPlanes}};
  }
  json["weightsBytes"] = header.weightsBytes;
  json["weightsChecksum"] = hex64(header.weightsChecksum);
  return json;
}

// An integer field of `object` within [low, high]; the error names `where` + key.
std::int64_t intField(const std::filesystem::path& path, const Json& object, const char* key,
                      const std::string& where, std::int64_t low, std::int64_t high) {
  const auto it = object.find(key);
  if (it == object.end()) fail(path, "header lacks field '" + where + key + "'");
  if (!it->is_number_integer()) {
    fail(path, "header field '" + where + key + "' is not an integer");
  }
  // Unsigned JSON values may exceed int64's range: compare them as unsigned first.
  const bool inRange = it->is_number_unsigned()
                           ? it->get<std::uint64_t>() <= static_cast<std::uint64_t>(high) &&
                                 static_cast<std::int64_t>(it->get<std::uint64_t>()) >= low
                           : it->get<std::int64_t>() >= low && it->get<std::int64_t>() <= high;
  if (!inRange) {
    fail(path, "header field '" + where + key + "' is " + it->dump() + ", outside [" +
                   std::to_string(low) + ", " + std::to_string(high) + "]");
  }
  return it->get<std::int64_t>();
}

std::uint64_t uint64Field(const std::filesystem::path& path, const Json& object, const char* key) {
  const auto it = object.find(key);
  if (it == object.end()) fail(path, std::string("header lacks field '") + key + "'");
  if (!it->is_number_unsigned()) {
    fail(path, std::string("header field '") + key + "' is not an unsigned integer");
  }
  return it->get<std::uint64_t>();
}

// The residual family's fields of `config` into `c`.
void readResnetConfig(const std::filesystem::path& path, const Json& config, NetworkConfig& c) {
  constexpr std::int64_t kIntMax = std::numeric_limits<int>::max();
  constexpr std::int64_t kIntMin = std::numeric_limits<int>::min();
  const auto configInt = [&](const char* key) {
    return static_cast<int>(intField(path, config, key, "config.", kIntMin, kIntMax));
  };
  c.blocks = configInt("blocks");
  c.channels = configInt("channels");
  c.globalPoolingEvery = configInt("globalPoolingEvery");
  c.policyChannels = configInt("policyChannels");
  c.valueChannels = configInt("valueChannels");
  c.valueHidden = configInt("valueHidden");
  c.historyPlies = configInt("historyPlies");
  // Absent from checkpoints written before the tactical planes existed: those nets lack them.
  const auto tactical = config.find("tacticalPlanes");
  if (tactical != config.end() && !tactical->is_boolean())
    fail(path, "header field 'config.tacticalPlanes' is not a boolean");
  c.tacticalPlanes = tactical != config.end() && tactical->get<bool>();
}

CheckpointHeader headerFromJson(const std::filesystem::path& path, std::string_view text,
                                std::uint32_t formatVersion) {
  const Json json = Json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
  if (json.is_discarded()) fail(path, "header is not valid JSON");
  if (!json.is_object()) fail(path, "header is not a JSON object");

  constexpr std::int64_t kIntMax = std::numeric_limits<int>::max();
  constexpr std::int64_t kIntMin = std::numeric_limits<int>::min();
  constexpr std::int64_t kInt64Max = std::numeric_limits<std::int64_t>::max();

  CheckpointHeader header;
  header.formatVersion = formatVersion;
  const auto jsonVersion = intField(path, json, "formatVersion", "", 0, kIntMax);
  if (jsonVersion != formatVersion) {
    fail(path, "header says format version " + std::to_string(jsonVersion) +
                   ", the file's prefix says " + std::to_string(formatVersion));
  }
  header.encodingVersion =
      static_cast<int>(intField(path, json, "encodingVersion", "", kIntMin, kIntMax));
  header.trainingStep = intField(path, json, "trainingStep", "", 0, kInt64Max);
  header.generation = intField(path, json, "generation", "", 0, kInt64Max);

  const auto config = json.find("config");
  if (config == json.end()) fail(path, "header lacks field 'config'");
  if (!config->is_object()) fail(path, "header field 'config' is not an object");
  NetworkConfig& c = header.config;
  const auto configInt = [&](const char* key) {
    return static_cast<int>(intField(path, *config, key, "config.", kIntMin, kIntMax));
  };
  // Absent from checkpoints written before the mlp existed: those are residual nets.
  const auto architecture = config->find("architecture");
  if (architecture != config->end()) {
    const auto parsed = architecture->is_string()
                            ? parseArchitecture(architecture->get<std::string>())
                            : std::nullopt;
    if (!parsed) fail(path, "header field 'config.architecture' is not \"resnet\" or \"mlp\"");
    c.architecture = *parsed;
  }
  if (c.architecture == Architecture::Mlp) {
    c.accumulator = configInt("accumulator");
    c.hidden = configInt("hidden");
    c.moveEmbedding = configInt("moveEmbedding");
    c.historyPlies = configInt("historyPlies");
    c.tacticalPlanes = false;
    // Absent: the standard game (every checkpoint written before Grand Camelot networks).
    if (const auto variant = config->find("variant"); variant != config->end()) {
      const auto parsed =
          variant->is_string() ? parseVariant(variant->get<std::string>()) : std::nullopt;
      if (!parsed) fail(path, "header field 'config.variant' is not \"standard\" or \"grand\"");
      c.variant = *parsed;
    }
  } else {
    readResnetConfig(path, *config, c);
  }
  try {
    validate(c);
  } catch (const std::invalid_argument& e) {
    fail(path, std::string("invalid network config in header (") + e.what() + ")");
  }

  header.weightsBytes = uint64Field(path, json, "weightsBytes");
  const auto checksum = json.find("weightsChecksum");
  if (checksum == json.end()) fail(path, "header lacks field 'weightsChecksum'");
  std::optional<std::uint64_t> value;
  if (checksum->is_string()) value = parseHex64(checksum->get<std::string>());
  if (!value) fail(path, "header field 'weightsChecksum' is not 16 lowercase hex digits");
  header.weightsChecksum = *value;
  return header;
}

// ---- Files -------------------------------------------------------------------------------------

std::string errnoText(int error) {
  return std::strerror(error);
}

struct ParsedHeader {
  CheckpointHeader header;
  std::uint64_t weightsOffset = 0;
};

// Opens `path`, validates everything up to the weights and leaves `file` positioned there.
ParsedHeader readHeader(const std::filesystem::path& path, std::ifstream& file) {
  std::error_code error;
  const auto status = std::filesystem::status(path, error);
  if (status.type() == std::filesystem::file_type::not_found) fail(path, "no such file");
  if (status.type() == std::filesystem::file_type::directory) {
    fail(path, "is a directory, not a checkpoint");
  }
  errno = 0;
  file.open(path, std::ios::binary);
  if (!file) {
    fail(path, "cannot open checkpoint" + (errno != 0 ? " (" + errnoText(errno) + ")" : ""));
  }
  file.seekg(0, std::ios::end);
  const std::streamoff end = file.tellg();
  file.seekg(0, std::ios::beg);
  if (end < 0 || !file) fail(path, "cannot determine the file's size");
  const auto fileSize = static_cast<std::uint64_t>(end);
  if (fileSize == 0) fail(path, "empty file, not a CamelotZero checkpoint");

  std::byte prefix[kPrefixBytes];
  const auto prefixRead = static_cast<std::size_t>(std::min<std::uint64_t>(fileSize, kPrefixBytes));
  if (!file.read(reinterpret_cast<char*>(prefix), static_cast<std::streamsize>(prefixRead))) {
    fail(path, "read error in the header");
  }
  const std::size_t magicSeen = std::min(prefixRead, kCheckpointMagic.size());
  if (std::memcmp(prefix, kCheckpointMagic.data(), magicSeen) != 0) {
    fail(path, "not a CamelotZero checkpoint (bad magic)");
  }
  if (prefixRead < kPrefixBytes) {
    fail(path, "truncated (the fixed header needs " + std::to_string(kPrefixBytes) +
                   " bytes, file has " + std::to_string(fileSize) + ")");
  }
  ByteReader fields(std::span<const std::byte>(prefix).subspan(kCheckpointMagic.size()));
  const auto formatVersion = fields.get<std::uint32_t>("the format version");
  const auto headerBytes = fields.get<std::uint32_t>("the header length");
  if (formatVersion > kCheckpointFormatVersion) {
    fail(path, "checkpoint format version " + std::to_string(formatVersion) +
                   " is newer than this program (" + std::to_string(kCheckpointFormatVersion) +
                   ")");
  }
  if (formatVersion == 0) fail(path, "invalid checkpoint format version 0");
  if (headerBytes > kMaxCheckpointHeaderBytes) {
    fail(path, "header length " + std::to_string(headerBytes) + " is implausible (at most " +
                   std::to_string(kMaxCheckpointHeaderBytes) + "; corrupt file)");
  }
  if (kPrefixBytes + headerBytes > fileSize) {
    fail(path, "truncated (the header needs " + std::to_string(kPrefixBytes + headerBytes) +
                   " bytes, file has " + std::to_string(fileSize) + ")");
  }
  std::string text(headerBytes, '\0');
  if (!file.read(text.data(), static_cast<std::streamsize>(headerBytes))) {
    fail(path, "read error in the header");
  }

  ParsedHeader parsed;
  parsed.header = headerFromJson(path, text, formatVersion);
  parsed.weightsOffset = kPrefixBytes + headerBytes;
  const std::uint64_t available = fileSize - parsed.weightsOffset;
  const std::uint64_t needed = parsed.header.weightsBytes;
  if (needed > available) {
    fail(path, "truncated (weights need " + std::to_string(needed) + " bytes, file has " +
                   std::to_string(available) + ")");
  }
  if (needed < available) {
    fail(path, std::to_string(available - needed) + " unexpected bytes after the weights");
  }
  if (needed < 4) fail(path, "corrupt header (weightsBytes " + std::to_string(needed) + ")");
  return parsed;
}

}  // namespace

void failCheckpoint(const std::filesystem::path& path, const std::string& problem) {
  std::string message = path.string() + ": " + problem;
  for (char& c : message) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
  }
  throw CheckpointError(message);
}

std::int64_t StoredTensor::elements() const {
  std::int64_t n = 1;
  for (const auto d : shape)
    n *= d;
  return n;
}

std::vector<float> StoredTensor::floats() const {
  std::vector<float> values(data.size() / sizeof(float));
  if (!data.empty()) std::memcpy(values.data(), data.data(), values.size() * sizeof(float));
  return values;
}

std::string shapeText(const std::vector<std::int64_t>& shape) {
  std::string text = "[";
  for (std::size_t i = 0; i < shape.size(); ++i) {
    if (i > 0) text += ", ";
    text += std::to_string(shape[i]);
  }
  return text + "]";
}

const char* dtypeName(std::uint8_t dtype) {
  switch (dtype) {
    case kTensorFloat32:
      return "float32";
    case kTensorInt64:
      return "int64";
    default:
      return "unknown";
  }
}

std::uint64_t checkpointChecksum(std::span<const std::byte> bytes) {
  return fnv1a64(bytes);
}

void writeCheckpoint(const std::filesystem::path& path, CheckpointHeader header,
                     std::span<const StoredTensor> tensors) {
  try {
    validate(header.config);
  } catch (const std::invalid_argument& e) {
    fail(path, std::string("invalid network config (") + e.what() + ")");
  }
  if (header.trainingStep < 0 || header.generation < 0) {
    fail(path, "trainingStep and generation must not be negative");
  }
  const std::vector<std::byte> weights = encodeTensors(path, tensors);
  header.formatVersion = kCheckpointFormatVersion;
  header.weightsBytes = weights.size();
  header.weightsChecksum = checkpointChecksum(weights);
  const std::string text = headerToJson(header).dump() + "\n";
  if (text.size() > kMaxCheckpointHeaderBytes) fail(path, "header too long");

  ByteWriter prefix;
  prefix.putBytes(kCheckpointMagic);
  prefix.put(header.formatVersion);
  prefix.put(static_cast<std::uint32_t>(text.size()));
  prefix.putBytes(text);

  const std::string problem = writeFileAtomically(
      path, {std::span<const std::byte>(prefix.bytes()), std::span<const std::byte>(weights)},
      "checkpoint");
  if (!problem.empty()) fail(path, problem);
}

namespace {

// The tensor section's records, bounded by its bytes.
std::vector<StoredTensor> readTensors(const std::filesystem::path& path,
                                      std::span<const std::byte> weights) {
  ByteReader reader(weights);
  const auto count = reader.get<std::uint32_t>("the tensor count");
  // Each record takes at least 5 bytes (name length, one name byte, dtype, rank).
  if (count > reader.remaining() / 5) {
    fail(path, "corrupt tensor section (tensor count " + std::to_string(count) + ")");
  }
  std::vector<StoredTensor> records(count);
  for (StoredTensor& record : records) {
    const auto nameBytes = reader.get<std::uint16_t>("a tensor name length");
    if (nameBytes == 0 || nameBytes > kMaxNameBytes) {
      fail(path, "corrupt tensor section (name length " + std::to_string(nameBytes) + ")");
    }
    record.name = reader.text(nameBytes, "a tensor name");
    record.dtype = reader.get<std::uint8_t>("a tensor dtype");
    if (record.dtype != kTensorFloat32 && record.dtype != kTensorInt64) {
      fail(path, "tensor '" + record.name + "' has unsupported dtype code " +
                     std::to_string(record.dtype));
    }
    const auto rank = reader.get<std::uint8_t>("a tensor rank");
    if (rank > kMaxRank) {
      fail(path, "tensor '" + record.name + "' has rank " + std::to_string(rank) + " (at most " +
                     std::to_string(kMaxRank) + ")");
    }
    record.shape.resize(rank);
    // Elements this tensor could have and still fit in what is left.
    const std::uint64_t maxElements = reader.remaining() / elementBytes(record.dtype);
    std::uint64_t elements = 1;
    for (auto& dim : record.shape) {
      dim = reader.get<std::int64_t>("a tensor dimension");
      if (dim < 0) {
        fail(path, "tensor '" + record.name + "' has negative dimension " + std::to_string(dim));
      }
      const auto size = static_cast<std::uint64_t>(dim);
      // elements * size > maxElements, without overflow (0 stays 0).
      if (size != 0 && elements > maxElements / size) {
        fail(path, "tensor '" + record.name + "' of shape " + shapeText(record.shape) +
                       " does not fit in the file");
      }
      elements *= size;
    }
    const auto data =
        reader.take(static_cast<std::size_t>(elements) * elementBytes(record.dtype), "tensor data");
    record.data.assign(data.begin(), data.end());
    // A NaN or an infinity makes every evaluation NaN: refuse it here, with its place.
    if (record.dtype == kTensorFloat32) {
      const std::vector<float> values = record.floats();
      const auto bad =
          std::find_if(values.begin(), values.end(), [](float v) { return !std::isfinite(v); });
      if (bad != values.end())
        fail(path, "tensor '" + record.name + "' holds a non-finite value (" +
                       (std::isnan(*bad) ? "nan"
                        : *bad > 0       ? "inf"
                                         : "-inf") +
                       ") at element " + std::to_string(bad - values.begin()));
    }
  }
  if (reader.remaining() != 0) {
    fail(path, "corrupt tensor section (" + std::to_string(reader.remaining()) +
                   " bytes after the last tensor)");
  }
  return records;
}

}  // namespace

CheckpointHeader readCheckpointHeader(const std::filesystem::path& path) {
  std::ifstream file;
  return readHeader(path, file).header;
}

CheckpointContents readCheckpoint(const std::filesystem::path& path) {
  std::ifstream file;
  const ParsedHeader parsed = readHeader(path, file);
  const CheckpointHeader& header = parsed.header;

  // readHeader checked that exactly weightsBytes remain in the file.
  std::vector<std::byte> weights(static_cast<std::size_t>(header.weightsBytes));
  if (!file.read(reinterpret_cast<char*>(weights.data()),
                 static_cast<std::streamsize>(weights.size()))) {
    fail(path, "read error in the weights");
  }
  if (checkpointChecksum(weights) != header.weightsChecksum) {
    fail(path, "checksum mismatch (weights corrupt)");
  }

  // Parse every record, bounded by what is left of the section.
  try {
    return {header, readTensors(path, weights)};
  } catch (const ByteReader::Short& s) {
    fail(path, "corrupt tensor section (" + s.what + " needs " + std::to_string(s.needed) +
                   " bytes, " + std::to_string(s.left) + " left)");
  }
}

void requireCompatible(const std::filesystem::path& path, const CheckpointHeader& header) {
  const int expected = inputEncodingVersion(header.config);
  if (header.encodingVersion != expected) {
    fail(path, "input encoding version " + std::to_string(header.encodingVersion) +
                   ", this program encodes version " + std::to_string(expected));
  }
}

}  // namespace camelot
