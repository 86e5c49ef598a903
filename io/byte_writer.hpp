#pragma once
// Little-endian binary output, the one writer of the checkpoint and chunk formats (floats as
// their IEEE-754 bit pattern). io/byte_reader.hpp reads it back.

#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <type_traits>
#include <vector>

namespace camelot {

class ByteWriter {
 public:
  template <typename T>
  void put(T value) {
    static_assert(std::is_integral_v<T> || std::is_same_v<T, float>);
    if constexpr (std::is_same_v<T, float>) {
      put(std::bit_cast<std::uint32_t>(value));
    } else {
      const auto bits = static_cast<std::make_unsigned_t<T>>(value);
      for (std::size_t i = 0; i < sizeof(T); ++i)
        bytes_.push_back(static_cast<std::byte>((bits >> (8 * i)) & 0xFF));
    }
  }

  void putBytes(std::span<const std::byte> bytes) {
    bytes_.insert(bytes_.end(), bytes.begin(), bytes.end());
  }
  void putBytes(std::string_view text) { putBytes(std::as_bytes(std::span(text))); }
  // Text after its length as a Length (the reader's sized<Length>).
  template <typename Length>
  void putSized(std::string_view text) {
    put(static_cast<Length>(text.size()));
    putBytes(text);
  }

  std::size_t size() const { return bytes_.size(); }
  const std::vector<std::byte>& bytes() const& { return bytes_; }
  std::vector<std::byte> bytes() && { return std::move(bytes_); }

 private:
  std::vector<std::byte> bytes_;
};

}  // namespace camelot
