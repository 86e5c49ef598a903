#pragma once
// Little-endian binary input bounded by its bytes, the one reader of the checkpoint and chunk
// formats: every read checks what is left first, so a corrupt length can never read past the
// end. A format turns the ByteReader::Short it throws into its own one-line error.

#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>

namespace camelot {

class ByteReader {
 public:
  // Thrown when a read needs more bytes than are left.
  struct Short {
    std::string what;  // the field being read
    std::size_t needed = 0;
    std::size_t left = 0;
  };

  explicit ByteReader(std::span<const std::byte> bytes) : bytes_(bytes) {}

  std::size_t remaining() const { return bytes_.size() - offset_; }

  std::span<const std::byte> take(std::size_t count, std::string_view what) {
    if (count > remaining()) throw Short{std::string(what), count, remaining()};
    const auto part = bytes_.subspan(offset_, count);
    offset_ += count;
    return part;
  }

  std::string_view text(std::size_t count, std::string_view what) {
    const auto part = take(count, what);
    return {reinterpret_cast<const char*>(part.data()), part.size()};
  }

  // Text after its length as a Length (the writer's putSized<Length>); the length is read as
  // "WHAT length".
  template <typename Length>
  std::string_view sized(std::string_view what) {
    const Length length = get<Length>(std::string(what) + " length");
    return text(static_cast<std::size_t>(length), what);
  }

  template <typename T>
  T get(std::string_view what) {
    static_assert(std::is_integral_v<T> || std::is_same_v<T, float>);
    if constexpr (std::is_same_v<T, float>) {
      return std::bit_cast<float>(get<std::uint32_t>(what));
    } else {
      const auto part = take(sizeof(T), what);
      std::make_unsigned_t<T> bits = 0;
      for (std::size_t i = 0; i < sizeof(T); ++i)
        bits |= static_cast<std::make_unsigned_t<T>>(std::to_integer<unsigned>(part[i])) << (8 * i);
      return static_cast<T>(bits);
    }
  }

 private:
  std::span<const std::byte> bytes_;
  std::size_t offset_ = 0;
};

}  // namespace camelot
