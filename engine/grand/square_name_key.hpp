#pragma once
// A square's written name followed by the separator written after it, as a number whose order is
// the byte order of the text: "F1-" < "F10-" but "F10x" < "F1x", and a name that ends the move
// (separator '\0') before any longer one. Comparing two paths of equal length square by square
// through these keys gives the byte order of their written forms (R10, G13) without building
// strings. Both variants name squares file letter then rank number; the key lives here because
// engine/ may include engine/grand/, not the reverse.

#include <cstdint>

namespace camelot {

// The name's bytes, most significant first, padded with '\0': file letter, one or two rank
// digits, separator.
constexpr std::uint32_t squareNameKey(int file, int rank, char separator) {
  const auto byte = [](int c) { return static_cast<std::uint32_t>(static_cast<unsigned char>(c)); };
  const std::uint32_t letter = byte('A' + file) << 24;
  if (rank < 10) return letter | byte('0' + rank) << 16 | byte(separator) << 8;
  return letter | byte('1') << 16 | byte('0' + rank - 10) << 8 | byte(separator);
}

}  // namespace camelot
